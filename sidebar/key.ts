// Whether the saved key is known to work: any refusal turns "Connected" off, any working API call turns it back on.
import { observeReplies } from './bridge';
import type { ServerFunctions } from '../src/server/contract';
import type { AppState, Store } from './state';

/** Codes that say the key itself cannot be used (docs/api.md#errors, docs/rules.md#settings). */
const KEY_CODES = new Set(['unauthorized', 'forbidden', 'api_off']);

/** Calls that never reach the API, so their success says nothing of the key; any other call's success proves it works. */
const LOCAL_ONLY = new Set<keyof ServerFunctions>([
  'getActiveContext',
  'getSidebarState',
  'saveColumnMapping',
  'setAutoRefresh',
  'showCreditsRecord',
  'setSpendingLimit',
  'setAutoMode',
  'showSheet',
  'selectProblemRows',
  'repairRegister',
]);

export function trackKey(store: Store): void {
  observeReplies((name, reply) => {
    // A refused Save is about the key just typed, not the saved one: its own message says so.
    if (!reply.ok && reply.error && KEY_CODES.has(reply.error.code) && name !== 'saveSettings') {
      store.set({ keyProblem: { code: reply.error.code, message: reply.error.message, keyHint: keyHintOf(store.get()) } });
    } else if (reply.ok && !LOCAL_ONLY.has(name) && store.get().keyProblem) store.set({ keyProblem: null });
  });
}

/** The saved key's hint ("••••1a2b"), null before the state is read or with no key. */
export const keyHintOf = (s: AppState): string | null => s.sidebar?.settings.keyHint ?? null;

/** The refusal, only while the key it was for is still the saved one (another person, a new key: gone). */
export function keyProblemOf(s: AppState): AppState['keyProblem'] {
  const p = s.keyProblem;
  const hint = keyHintOf(s);
  return p && hint !== null && p.keyHint === hint ? p : null;
}

/** "Connected" only while the server says so and no reply has refused the key since. */
export function isConnected(s: AppState): boolean {
  return Boolean(s.sidebar?.settings.connected) && !keyProblemOf(s);
}

/** Whether the saved key is known to be read-only: said when saved, or a write refused with forbidden. */
export function isReadOnly(s: AppState): boolean {
  return s.sidebar?.settings.canWrite === false || keyProblemOf(s)?.code === 'forbidden';
}

export const READ_ONLY = 'This key is read-only: it cannot create, add or generate. Paste one that can write under Connection.';
