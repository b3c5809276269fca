// The shared context every section gets: the store, and the loaders that fill it from the server.
import { call } from './bridge';
import type { Store } from './state';

export interface Timing {
  /** getSidebarState poll while visible (tab switches, selection). */
  statePollMs: number;
  /** getProgress poll while videos are in flight. */
  progressPollMs: number;
}

export const DEFAULT_TIMING: Timing = { statePollMs: 3000, progressPollMs: 30000 };

export interface App {
  store: Store;
  timing: Timing;
  /** Re-reads getSidebarState; a failure is kept in `sidebarError`. */
  loadState(): Promise<void>;
  loadTemplates(): Promise<void>;
  loadCampaigns(): Promise<void>;
  /** Re-reads getProgress for the bound campaign (no-op without one). */
  loadProgress(): Promise<void>;
}

export function createApp(store: Store, timing: Timing): App {
  return {
    store,
    timing,
    async loadState() {
      const r = await call('getSidebarState');
      if (r.ok) {
        const { ok: _ok, ...sidebar } = r;
        store.set({ sidebar, sidebarError: null });
      } else store.set({ sidebarError: r.error.message });
    },
    async loadTemplates() {
      const r = await call('listTemplates');
      if (r.ok) {
        const keep = r.templates.some((t) => t.usable && t.id === store.get().templateId);
        const usable = r.templates.filter((t) => t.usable);
        // One usable recording: pick it, saving a click.
        const templateId = keep ? store.get().templateId : usable.length === 1 ? usable[0]!.id : null;
        store.set({ templates: r.templates, templatesError: null, templateId });
      } else store.set({ templatesError: r.error.message });
    },
    async loadCampaigns() {
      const r = await call('listCampaigns', { limit: 50 });
      if (r.ok) store.set({ campaigns: r.campaigns, campaignsError: null });
      else store.set({ campaignsError: r.error.message });
    },
    async loadProgress() {
      if (!store.get().sidebar?.campaign) return;
      const r = await call('getProgress');
      if (r.ok) {
        const { ok: _ok, ...progress } = r;
        // A reply for a campaign no longer bound (the person switched tabs meanwhile) is stale.
        if (progress.campaignId !== store.get().sidebar?.campaign?.id) return;
        // Someone watching a generate keeps watching until nothing is left pending or rendering.
        const awaiting = store.get().awaitingRender && (progress.counts.pending > 0 || progress.counts.rendering > 0);
        store.set({ progress, progressError: null, awaitingRender: awaiting });
      } else store.set({ progressError: r.error.message });
    },
  };
}
