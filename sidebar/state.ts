// The page's state in one store: what the server said, and what the person picked here.
import type { ActiveContext, ProgressInfo, ServerFunctions, SidebarState, Unsettled } from '../src/server/contract';
import type { CampaignSummary, Template } from '../src/api/types';

type Ok<T> = Extract<T, { ok: true }>;
export type Estimate = Omit<Ok<ReturnType<ServerFunctions['getEstimate']>>, 'ok'>;

/** The charging calls, as the person names them. */
export type MoneyAction = 'preview' | 'generate' | 'stop';

export type { Unsettled };
/** What getSidebarState and getProgress return (src/server/contract.ts): the sidebar keeps no copy of its own. */
export type ServerState = SidebarState;
export interface LocalUnsettled {
  action: MoneyAction;
  at: number;
  /** People waiting before the call, when known. */ pending: number | null;
}
export type Progress = ProgressInfo;

export interface AppState {
  sidebar: ServerState | null;
  /** The latest cheap poll of the active tab and selection (getActiveContext). */
  active: ActiveContext | null;
  /** The last reply that refused the key (unauthorized, forbidden, api_off), with the key it was for; null once an API call works. */
  keyProblem: { code: string; message: string; keyHint: string | null } | null;
  /** The last tab with leads the sidebar showed: the way back from the add-on's own tabs. */
  leadTab: { id: number; name: string } | null;
  /**
   * Campaigns whose last money call has an unknown outcome, as this page saw it: held until the
   * evidence of docs/rules.md#unknown-outcomes (people left waiting, or two minutes without it) — or a stop, until read.
   */
  unsettled: Record<string, LocalUnsettled>;
  /** Sentences of the last failed getSidebarState, shown at the top. */
  sidebarError: string[] | null;
  templates: Template[] | null;
  templatesError: string | null;
  templateId: string | null;
  campaigns: CampaignSummary[] | null;
  campaignsError: string | null;
  estimate: Estimate | null;
  progress: Progress | null;
  progressError: string | null;
  /** Set by a generate: pending people are about to render, so progress is watched. */
  awaitingRender: boolean;
  /** The server's clock minus this page's, in ms, from the last reply that said its now: times the server wrote are read on its clock. */
  skew: number;
}

export const initialState: AppState = {
  sidebar: null,
  active: null,
  keyProblem: null,
  leadTab: null,
  unsettled: {},
  sidebarError: null,
  templates: null,
  templatesError: null,
  templateId: null,
  campaigns: null,
  campaignsError: null,
  estimate: null,
  progress: null,
  progressError: null,
  awaitingRender: false,
  skew: 0,
};

export type Listener = (next: AppState, prev: AppState) => void;

export interface Store {
  get(): AppState;
  set(patch: Partial<AppState>): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: Listener): () => void;
}

export function createStore(initial: AppState = initialState): Store {
  let state = initial;
  const listeners: Listener[] = [];
  return {
    get: () => state,
    set(patch) {
      const prev = state;
      state = { ...state, ...patch };
      // A copy: a listener may unsubscribe itself while being called.
      for (const l of [...listeners]) l(state, prev);
    },
    subscribe(listener) {
      listeners.push(listener);
      return () => {
        const i = listeners.indexOf(listener);
        if (i >= 0) listeners.splice(i, 1);
      };
    },
  };
}

/** The id of the campaign bound to the shown tab, or null. */
export const campaignOf = (s: AppState): string | null => s.sidebar?.campaign?.id ?? null;

/** Structural equality of plain JSON values, so a poll that brings nothing new re-renders nothing. */
export function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Calls `render` only when the slice picked from the state differs from the last one rendered. */
export function watch<T>(store: Store, pick: (s: AppState) => T, render: (slice: T, state: AppState) => void): void {
  let last: { v: T } | null = null;
  const check = (s: AppState) => {
    const v = pick(s);
    if (last && same(last.v, v)) return;
    last = { v };
    render(v, s);
  };
  store.subscribe(check);
  check(store.get());
}

/** Merges a reply into the shown tab's state, when there is one; returns the state it merged into. */
export function patchSidebar(store: Store, part: Partial<ServerState> | ((s: ServerState) => Partial<ServerState>)): ServerState | null {
  const sidebar = store.get().sidebar;
  if (sidebar) store.set({ sidebar: { ...sidebar, ...(typeof part === 'function' ? part(sidebar) : part) } });
  return sidebar;
}
