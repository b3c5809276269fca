// Entry: mounts the sections in working order, loads the first state, and runs the pollers.
import { createApp, DEFAULT_TIMING, type Timing } from './app';
import { campaignSection } from './campaign';
import { columnsSection } from './columns';
import { connectionSection } from './connection';
import { el, replace } from './dom';
import { moneySection } from './money';
import { createPoller } from './poller';
import { inFlight, progressSection } from './progress';
import { sendSection } from './send';
import { createStore, watch } from './state';
import { templateSection } from './template';

declare global {
  /** Test hook: shorter poll intervals. */
  interface Window { sidebarTiming?: Partial<Timing> }
}

function start(): void {
  const root = document.getElementById('app');
  if (!root) return;
  const store = createStore();
  const app = createApp(store, { ...DEFAULT_TIMING, ...(window.sidebarTiming ?? {}) });

  const banner = el('div', { class: 'banner', role: 'alert', hidden: true });
  replace(root, banner, connectionSection(app), templateSection(app), campaignSection(app),
    columnsSection(app), sendSection(app), moneySection(app), progressSection(app));

  watch(store, (s) => s.sidebarError, (error) => {
    replace(banner, error ?? '');
    banner.hidden = !error;
  });

  // Connecting unlocks the lists.
  watch(store, (s) => s.sidebar?.settings.connected ?? false, (connected) => {
    if (connected) { void app.loadTemplates(); void app.loadCampaigns(); }
  });

  // Another tab, another campaign: drop what belonged to the old one and read the new one.
  watch(store, (s) => s.sidebar?.campaign?.id ?? null, (id, s) => {
    if (s.progress || s.estimate || s.awaitingRender) store.set({ progress: null, progressError: null, estimate: null, awaitingRender: false });
    if (id) void app.loadProgress();
  });

  const statePoll = createPoller(() => app.loadState(), app.timing.statePollMs);
  const progressPoll = createPoller(() => app.loadProgress(), app.timing.progressPollMs);
  watch(store, (s) => inFlight(s.progress, s.awaitingRender), (moving) => {
    if (moving) progressPoll.start();
    else progressPoll.stop();
  });

  void app.loadState().then(() => statePoll.start());
}

start();
