// What every server function needs first: settings, an API client with the run's deadline, the
// active sheet and its bound campaign, and the document lock.
import { createApiClient, type ApiClient } from '../api/client';
import { createPacer, type Pacer } from '../api/pacer';
import type { Services } from '../core/services';
import { activeSpreadsheet } from '../core/services';
import { paceRecord } from '../records/pace';
import { AddonError } from './failure';
import { grantSentence } from './permission';
import { readSettings, type Settings } from '../records/settings';
import { SheetState, type BoundCampaign } from '../records/tab-state';
import { idOf, type Sheet } from '../sheet/table';
import { noticeCopy } from '../records/copy';
import { nowOf } from '../core/clock';

/** Apps Script stops a run at 6 minutes; work stops well before, with its progress written. */
export const RUN_BUDGET_MS = 270_000;

export const NO_SETTINGS = 'Connect first: enter the API base URL and your API key under Connection, then press “Save and test”.';

/** Google may run a timer with no containing document: no spreadsheet, document lock or document properties (docs/rules.md#readings). */
export const NO_DOCUMENT =
  'Google ran this without its spreadsheet (no document, no document lock, no document properties), so nothing was read or written. Open the sidebar on the sheet, or press Refresh now.';

export function requireSettings(svc: Services): Settings {
  const s = readSettings(svc.user);
  if (!s) throw new AddonError('no_settings', NO_SETTINGS);
  return s;
}

export function apiClient(svc: Services, settings: Settings, deadline = nowOf(svc) + RUN_BUDGET_MS): ApiClient {
  return createApiClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    transport: svc.http,
    clock: svc.clock,
    deadline,
    pacer: keyPacer(svc, settings.apiKey),
    grantPermission: () => grantSentence(svc),
  });
}

/** Requests paced per key across this person's executions (docs/rules.md#parts): a count of the last minute in CacheService. */
function keyPacer(svc: Services, apiKey: string): Pacer {
  const store = userCache(svc);
  return createPacer({
    clock: svc.clock,
    ...(store ? { maxRequests: SHARED_MAX_REQUESTS, shared: { store, ...paceRecord(svc.user, apiKey) } } : {}),
  });
}

/** Counted across executions, the key may come closer to the API's 120 a minute: 10 are left for clocks that differ. */
const SHARED_MAX_REQUESTS = 110;

/** The person's CacheService cache, or undefined where there is none (the caller then does without). */
export function userCache(svc: Services): ReturnType<NonNullable<Services['userCache']>> | undefined {
  try {
    return svc.userCache && svc.userCache();
  } catch {
    return undefined;
  }
}

export function activeSheet(svc: Services): Sheet {
  return activeSpreadsheet(svc).getActiveSheet();
}

export function sheetState(svc: Services, sheet: Sheet): SheetState {
  return new SheetState(svc.doc, idOf(sheet));
}

export function requireCampaign(state: SheetState, sheetName: string): BoundCampaign {
  const c = state.campaign;
  if (!c) throw new AddonError('no_campaign', `No campaign is chosen for the tab “${sheetName}”. Create one or pick an existing one under Campaign.`);
  return c;
}

/**
 * The active tab and its campaign, which must still be `expected` (the one the person pressed a button for) unless
 * that is undefined; `nothing` says what was not done.
 */
export function boundTab(svc: Services, expected: unknown, nothing: string): { sheet: Sheet; state: SheetState; bound: BoundCampaign } {
  const sheet = activeSheet(svc);
  const state = sheetState(svc, sheet);
  const bound = requireCampaign(state, sheet.getName());
  if (expected !== undefined && String(expected || '') !== bound.id) {
    throw new AddonError('campaign_changed', `This tab is now bound to “${bound.name}”, not to the campaign you pressed the button for. ${nothing}`, {
      campaign: { id: bound.id, name: bound.name },
    });
  }
  return { sheet, state, bound };
}

/** How long a person's click waits for another run (the timer) to finish writing. */
export const CLICK_LOCK_WAIT_MS = 10_000;

/** Runs fn holding the document lock, so two runs never write to the sheet at once. */
export function withDocumentLock<T>(svc: Services, fn: () => T, waitMs = CLICK_LOCK_WAIT_MS): T {
  const ran = locked(svc, waitMs, fn);
  if (!ran)
    throw new AddonError('locked', 'Another update is writing to this spreadsheet right now (perhaps the automatic refresh). Wait a moment and press again.');
  return ran.value;
}

/** Runs fn only if the document lock is free now (the timer, a poll). */
export function tryDocumentLock(svc: Services, fn: () => unknown): void {
  locked(svc, 0, fn);
}

function locked<T>(svc: Services, waitMs: number, fn: () => T): { value: T } | null {
  const lock = svc.documentLock();
  if (!lock) throw new AddonError('no_document', NO_DOCUMENT);
  if (!lock.tryLock(waitMs)) return null;
  // What another run wrote before it let go (a part it made) is read afresh inside the lock (docs/rules.md#parts).
  if (svc.doc.forget) svc.doc.forget();
  try {
    noticeCopy(svc);
    return { value: fn() };
  } finally {
    lock.releaseLock();
  }
}
