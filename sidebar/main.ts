// Entry: mounts the sections in working order, loads the first state, and runs the pollers.
import { createApp, DEFAULT_TIMING, type App, type Timing } from './app';
import { autoSection } from './auto';
import { campaignSection } from './campaign';
import { columnsSection } from './columns';
import { connectionSection } from './connection';
import { el, replace, showLines } from './dom';
import { isConnected, trackKey } from './key';
import { boundProgress, holdOf } from './truth';
import { moneySection, stopControl } from './money';
import { createPoller } from './poller';
import { inFlight, progressSection } from './progress';
import { sendSection } from './send';
import { campaignOf, createStore, watch } from './state';
import { templateSection } from './template';
import { topSection } from './top';

declare global {
  /** Test hook: shorter poll intervals. */
  interface Window {
    sidebarTiming?: Partial<Timing>;
  }
}

/**
 * Once nothing moves, the timer switches itself off at its next run: the state (properties only, no
 * API) is read at the progress pace until the switch says off, for at most two of its intervals.
 */
function pollStateTillOff(app: App): void {
  const { store } = app;
  const statePoll = createPoller(() => app.loadState(), app.timing.progressPollMs);
  let settledAt = 0;
  watch(
    store,
    (s) => {
      const p = boundProgress(s);
      return Boolean(s.sidebar?.autoRefresh.on && s.sidebar.autoRefresh.owner?.you && p && !inFlight(p, s.awaitingRender) && !holdOf(s));
    },
    (wait, s) => {
      if (!wait) {
        statePoll.stop();
        return;
      }
      settledAt = Date.now();
      const minutes = s.sidebar?.autoRefresh.intervalMinutes ?? 60;
      statePoll.start();
      setTimeout(
        () => {
          if (Date.now() - settledAt >= 2 * minutes * 60000) statePoll.stop();
        },
        2 * minutes * 60000,
      );
    },
  );
}

function start(): void {
  const root = document.getElementById('app');
  if (!root) return;
  const store = createStore();
  const app = createApp(store, { ...DEFAULT_TIMING, ...(window.sidebarTiming ?? {}) });
  trackKey(store);

  const banner = el('div', { class: 'banner', role: 'alert', hidden: true });
  // The sections that work on a tab of leads: the add-on's own tabs hide them (docs/rules.md#sidebar-truth).
  const stop = stopControl(app);
  const leadSections = [
    templateSection(app),
    campaignSection(app),
    columnsSection(app),
    sendSection(app),
    moneySection(app),
    autoSection(app),
    progressSection(app, stop),
  ];
  replace(root, banner, topSection(app), connectionSection(app), ...leadSections);
  // Send, money and auto mode act on the tab's campaign: before it has one they are not shown (progress stays, for
  // what an export on that tab says).
  watch(
    store,
    (s) => ({ own: Boolean(s.sidebar?.sheet.ownTab), none: !s.sidebar?.campaign }),
    ({ own, none }) => leadSections.forEach((sec, i) => (sec.hidden = own || (i > 2 && i < 6 && none))),
  );
  // Relative times ("2 minutes ago") follow the clock without a server call.
  setInterval(() => store.set({}), 30000);

  watch(
    store,
    (s) => s.sidebarError,
    (lines) => {
      showLines(banner, lines ?? []);
    },
  );

  // Connecting unlocks the lists, and the campaign's progress (read before, it only said to connect).
  watch(store, isConnected, (connected, s) => {
    if (!connected) return;
    void app.loadTemplates();
    void app.loadCampaigns();
    if (s.progressError) void app.loadProgress();
  });

  // Another tab, another campaign: drop what belonged to the old one and read the new one.
  watch(store, campaignOf, (id, s) => {
    if (s.progress || s.estimate || s.awaitingRender) store.set({ progress: null, progressError: null, estimate: null, awaitingRender: false });
    if (id) void app.loadProgress();
  });

  // The tab and selection are polled cheaply (no property, no API: docs/rules.md#budgets); getSidebarState only
  // when the tab changes. Progress is polled only while something renders, or until an unknown
  // outcome on this campaign has been settled by reading it.
  const contextPoll = createPoller(() => app.loadContext(), app.timing.contextPollMs, document, {
    afterMs: app.timing.contextIdleMs,
    everyMs: app.timing.contextSlowMs,
  });
  const progressPoll = createPoller(() => app.loadProgress(), app.timing.progressPollMs);
  watch(
    store,
    (s) => inFlight(s.progress, s.awaitingRender) || Boolean(holdOf(s)),
    (moving) => {
      if (moving) progressPoll.start();
      else progressPoll.stop();
    },
  );
  pollStateTillOff(app);

  void app.loadState().then(() => contextPoll.start(true));
}

start();
