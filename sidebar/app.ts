// The shared context every section gets: the store, and the loaders that fill it from the server.
import { ACCOUNT_MIXUP, isAccountMixup } from './accounts';
import { call, thrownText } from './bridge';
import { campaignOf, same, type Progress, type Store } from './state';
import { inFlight } from './truth';
import { outcomeShown } from '../src/shared/unknown-outcome';

export interface Timing {
  /** getActiveContext poll while visible (tab switches, selection): reads no property. */
  contextPollMs: number;
  /** getProgress poll while videos are in flight. */
  progressPollMs: number;
  /** The context poll slows to `contextSlowMs` after `contextIdleMs` without a change (docs/rules.md#budgets). */
  contextIdleMs: number;
  contextSlowMs: number;
}

export const DEFAULT_TIMING: Timing = { contextPollMs: 1000, progressPollMs: 30000, contextIdleMs: 60000, contextSlowMs: 5000 };

export interface App {
  store: Store;
  timing: Timing;
  /** Re-reads getSidebarState; a failure is kept in `sidebarError`. */
  loadState(): Promise<void>;
  /** Reads the active tab and selection; a different tab than the one shown reloads the state. Resolves whether anything changed. */
  loadContext(): Promise<boolean>;
  loadTemplates(): Promise<void>;
  /** Re-reads the campaign list; calls made while one is under way share it. */
  loadCampaigns(): Promise<void>;
  /** Re-reads getProgress for the bound campaign (no-op without one). */
  loadProgress(): Promise<void>;
  /** Takes a progress reading asked for campaign `asked` (dropped when the tab moved on meanwhile). */
  takeProgress(progress: Progress, asked: string): void;
}

/** A progress reading into the store, with what it settles: the awaited render, an unknown outcome, a stale estimate. */
function takeProgress(store: Store, progress: Progress, asked: string): void {
  // A reply for a campaign no longer bound (the person switched tabs meanwhile) is stale.
  if (progress.campaignId !== asked || asked !== campaignOf(store.get())) return;
  const s = store.get();
  // Someone watching a generate keeps watching until nothing is left pending or rendering.
  const awaiting = s.awaitingRender && inFlight(progress, true);
  // An unknown outcome is settled by evidence (docs/rules.md#unknown-outcomes): people left waiting, or two minutes
  // without; a stop charges nothing, so reading the state settles it.
  const local = s.unsettled[asked];
  const settled = !local || local.action === 'stop' || outcomeShown(local, progress.counts.pending, Date.now());
  const { [asked]: _settled, ...rest } = s.unsettled;
  const unsettled = settled ? rest : s.unsettled;
  const sidebar = s.sidebar;
  // The timer switches auto-refresh off once all is done: the switch follows what the server says now.
  const autoRefresh =
    progress.autoRefresh && sidebar && progress.autoRefresh.on !== sidebar.autoRefresh.on
      ? { sidebar: { ...sidebar, autoRefresh: { ...sidebar.autoRefresh, ...progress.autoRefresh } } }
      : {};
  // An estimate describes who was waiting when it was read: once that moves, it no longer holds.
  const stale = s.estimate && s.progress?.campaignId === asked && s.progress.counts.pending !== progress.counts.pending ? { estimate: null } : {};
  store.set({ progress, progressError: null, awaitingRender: awaiting, unsettled, ...autoRefresh, ...stale, ...skewOf(progress.now) });
}

/** The server's clock against this page's, when a reply says its now. */
const skewOf = (now: string | undefined): { skew?: number } => (now && !Number.isNaN(Date.parse(now)) ? { skew: Date.parse(now) - Date.now() } : {});

/** The recordings into the store, keeping the one picked while it is usable. */
const loadTemplates = async (store: Store) => {
  const r = await call('listTemplates');
  if (r.ok) {
    const keep = r.templates.some((t) => t.usable && t.id === store.get().templateId);
    const usable = r.templates.filter((t) => t.usable);
    // One usable recording: pick it, saving a click.
    const templateId = keep ? store.get().templateId : usable.length === 1 ? usable[0]!.id : null;
    store.set({ templates: r.templates, templatesError: null, templateId });
  } else store.set({ templatesError: r.error.message });
};

export function createApp(store: Store, timing: Timing): App {
  let campaignsLoad: Promise<void> | null = null;
  let lastStateTry = 0;
  const app: App = {
    store,
    timing,
    async loadState() {
      lastStateTry = Date.now();
      const r = await call('getSidebarState');
      if (r.ok) {
        const { ok: _ok, ...sidebar } = r;
        // The way back from the add-on's own tabs is the last tab with leads.
        const leadTab = sidebar.sheet.ownTab ? store.get().leadTab : { id: sidebar.sheet.id, name: sidebar.sheet.name };
        store.set({ sidebar, sidebarError: null, leadTab, ...skewOf(sidebar.now) });
      } else {
        store.set({ sidebarError: isAccountMixup(thrownText(r)) ? ACCOUNT_MIXUP : [r.error.message] });
      }
    },
    async loadContext() {
      const r = await call('getActiveContext');
      // A failed poll changes nothing: the next one, or an action, tells.
      if (!r.ok) return false;
      const { ok: _ok, ...active } = r;
      const was = store.get().active;
      const changed = !same(active, was);
      if (changed) store.set({ active });
      const shown = store.get().sidebar?.sheet.id;
      // A state that failed to load is asked for again at the progress pace, not at every poll.
      const retry = shown === undefined && Date.now() - lastStateTry >= timing.progressPollMs;
      if (shown !== undefined ? shown !== active.sheetId : retry) await app.loadState();
      // The timer sent or generated since the last poll (docs/rules.md#auto-mode): the page shows it now, not minutes on.
      else if (was && active.timerActed !== was.timerActed) await Promise.all([app.loadState(), app.loadProgress()]);
      return changed;
    },
    loadTemplates: () => loadTemplates(store),
    loadCampaigns() {
      campaignsLoad ??= call('listCampaigns', { limit: 50 })
        .then((r) => {
          if (r.ok) store.set({ campaigns: r.campaigns, campaignsError: null });
          else store.set({ campaignsError: r.error.message });
        })
        .finally(() => {
          campaignsLoad = null;
        });
      return campaignsLoad;
    },
    async loadProgress() {
      const asked = campaignOf(store.get());
      if (!asked) return;
      const r = await call('getProgress');
      if (r.ok) {
        const { ok: _ok, ...progress } = r;
        app.takeProgress(progress, asked);
      } else if (asked === campaignOf(store.get())) store.set({ progressError: r.error.message });
    },
    takeProgress(progress, asked) {
      takeProgress(store, progress, asked);
    },
  };
  return app;
}
