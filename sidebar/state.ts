// The page's state in one store: what the server said, and what the person picked here.
import type { ProgressInfo, ServerFunctions, SidebarState } from '../src/server/contract';
import type { CampaignSummary, Template } from '../src/api/types';

type Ok<T> = Extract<T, { ok: true }>;
export type Estimate = Omit<Ok<ReturnType<ServerFunctions['getEstimate']>>, 'ok'>;

export interface AppState {
  sidebar: SidebarState | null;
  /** Sentence of the last failed getSidebarState, shown at the top. */
  sidebarError: string | null;
  templates: Template[] | null;
  templatesError: string | null;
  templateId: string | null;
  campaigns: CampaignSummary[] | null;
  campaignsError: string | null;
  estimate: Estimate | null;
  progress: ProgressInfo | null;
  progressError: string | null;
  /** Set by a generate: pending people are about to render, so progress is watched. */
  awaitingRender: boolean;
}

export const initialState: AppState = {
  sidebar: null, sidebarError: null,
  templates: null, templatesError: null, templateId: null,
  campaigns: null, campaignsError: null,
  estimate: null, progress: null, progressError: null, awaitingRender: false,
};

export type Listener = (next: AppState, prev: AppState) => void;

export interface Store {
  get(): AppState;
  set(patch: Partial<AppState>): void;
  subscribe(listener: Listener): void;
}

export function createStore(initial: AppState = initialState): Store {
  let state = initial;
  const listeners: Listener[] = [];
  return {
    get: () => state,
    set(patch) {
      const prev = state;
      state = { ...state, ...patch };
      for (const l of listeners) l(state, prev);
    },
    subscribe(listener) { listeners.push(listener); },
  };
}

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
