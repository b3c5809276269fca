// Whether the saved key is known to work: any refusal turns "Connected" off, any working API call turns it back on.
import { observeReplies } from './bridge';
import type { ServerFunctions } from '../src/server/contract';
import type { AppState, Store } from './state';

/** Codes that say the key itself cannot be used (api-spec 7, DESIGN 3). */
const KEY_CODES = new Set(['unauthorized', 'forbidden', 'api_off']);

/** Calls whose success proves the key works: they reach the API. */
const API_BACKED = new Set<keyof ServerFunctions>([
  'saveSettings', 'listTemplates', 'listCampaigns', 'createCampaign', 'selectCampaign', 'addSelectedRows',
  'getEstimate', 'startPreview', 'startGenerate', 'stopCampaign', 'getProgress', 'refreshNow', 'exportFinishedVideos', 'resendFailedRows',
]);

export function trackKey(store: Store): void {
  observeReplies((name, reply) => {
    if (!reply.ok && reply.error && KEY_CODES.has(reply.error.code)) store.set({ keyProblem: { code: reply.error.code, message: reply.error.message } });
    else if (reply.ok && API_BACKED.has(name) && store.get().keyProblem) store.set({ keyProblem: null });
  });
}

/** "Connected" only while the server says so and no reply has refused the key since. */
export function isConnected(s: AppState): boolean {
  return Boolean(s.sidebar?.settings.connected) && !s.keyProblem;
}

/** Which key was refused and what to do, in sentences; the server's own sentence follows. */
export function keyProblemLines(p: { code: string; message: string }, hint: string | null): string[] {
  const key = hint ? `the key ${hint}` : 'the saved key';
  const head = p.code === 'forbidden' ? `The service refused a change with ${key}: it is a read-only key. Paste a key with writing switched on and Save and test.`
    : p.code === 'api_off' ? `The service’s API is switched off, so ${key} cannot be used now. Nothing to change here: this clears once a call works again.`
      : `The service refused ${key}. Paste a working key and Save and test.`;
  return [head, p.message];
}
