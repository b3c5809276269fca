// Entry: mounts the sections in working order, loads the first state, and runs the pollers.
import { createApp, DEFAULT_TIMING, type Timing } from './app';
import { campaignSection } from './campaign';
import { columnsSection } from './columns';
import { connectionSection } from './connection';
import { el, replace } from './dom';
import { isConnected, trackKey } from './key';
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
  trackKey(store);

  const banner = el('div', { class: 'banner', role: 'alert', hidden: true });
  replace(root, banner, connectionSection(app), templateSection(app), campaignSection(app),
    columnsSection(app), sendSection(app), moneySection(app), progressSection(app));

  watch(store, (s) => s.sidebarError, (lines) => {
    replace(banner, ...(lines ?? []).map((l) => el('p', {}, l)));
    banner.hidden = !lines;
  });

  // Connecting unlocks the lists.
  watch(store, isConnected, (connected) => {
    if (connected) { void app.loadTemplates(); void app.loadCampaigns(); }
  });

  // Another tab, another campaign: drop what belonged to the old one and read the new one.
  watch(store, (s) => s.sidebar?.campaign?.id ?? null, (id, s) => {
    if (s.progress || s.estimate || s.awaitingRender) store.set({ progress: null, progressError: null, estimate: null, awaitingRender: false });
    if (id) void app.loadProgress();
  });

  // The tab and selection are polled cheaply (no property, no API: DESIGN 8); getSidebarState only
  // when the tab changes. Progress is polled only while something renders, or until an unknown
  // outcome on this campaign has been settled by reading it.
  const contextPoll = createPoller(() => app.loadContext(), app.timing.contextPollMs);
  const progressPoll = createPoller(() => app.loadProgress(), app.timing.progressPollMs);
  watch(store, (s) => inFlight(s.progress, s.awaitingRender) || Boolean(s.sidebar?.campaign && s.unsettled[s.sidebar.campaign.id]), (moving) => {
    if (moving) progressPoll.start();
    else progressPoll.stop();
  });

  void app.loadState().then(() => contextPoll.start(true));
}

start();
