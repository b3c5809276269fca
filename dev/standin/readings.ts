// Where Apps Script is not documented (docs/rules.md#readings): one switch per point, each naming the reading the
// stand-in plays, and the named sets of readings the end-to-end suite runs under (STANDIN_READING).

export interface Readings {
  /** ScriptApp.getUserTriggers(ss) lists time-driven triggers, or leaves them out (they have no spreadsheet source). */
  clockTriggersInUserTriggers: 'listed' | 'unlisted';
  /** A time-driven run gets its document, or none: getActiveSpreadsheet(), getDocumentLock() and getDocumentProperties() all null. */
  documentInTimeTriggers: 'present' | 'absent';
  /** Time triggers as installed: they fire; or, as in a test deployment, create() throws, or the trigger is made and never fires. */
  timeTriggers: 'fire' | 'create-throws' | 'never-fire';
  /**
   * A 3xx reply when followRedirects is not false: followed with every header kept (the key included), or with
   * Authorization dropped when the host changes.
   */
  redirects: 'keep-headers' | 'drop-auth-across-hosts';
  /** A write to a protected cell the user is not an editor of: throws, or goes through (a warning-only protection). */
  protectedCells: 'throw' | 'warn-only';
  /** everyMinutes(5) in a published add-on: throws, or is accepted and the trigger fires only hourly. */
  publishedEveryMinutes: 'throws' | 'hourly';
  /** UrlFetchApp's timeout: about 60 s whatever is asked, or the timeoutSeconds option honoured (360 s when not given). */
  fetchTimeout: 'fixed-60' | 'option-360';
  /** Every UrlFetch refused before anything is sent: a quota (three wordings), an administrator's allowlist, a permission not granted. */
  fetchRefusal: 'none' | 'quota-day' | 'quota-plain' | 'quota-short' | 'admin-allowlist' | 'no-permission';
  /** The permission to run when the person is not present (script.scriptapp): granted, or unticked on the consent screen. */
  triggerPermission: 'granted' | 'not-granted';
  /** CacheService keeps entries until they expire, or forgets every one at once (best effort). */
  cache: 'keeps' | 'evicts';
  /** Daily quotas count per calendar day (UTC), or per 24 hours from the window's first call. */
  quotaWindow: 'calendar-day' | 'rolling-24h';
  /** Text written to a cell is read as a date in ISO and US forms only, or also as "March 2026" (a locale's looser reading). */
  typedText: 'iso-us' | 'loose-dates';
  /**
   * What a Spreadsheet, Sheet or Range call costs: nothing, or virtual time (SHEET_CALL_MS each), so per-row calls show
   * in run time, lock hold time and trigger minutes.
   */
  sheetCalls: 'free' | 'metered';
  /** A property's size limit: 9 KB of value; or, as one public measurement found, about 8,066 bytes of key and value together. */
  propertyValueLimit: 'value-9216' | 'key-and-value-8066';
  /** File › Make a copy: the copy starts with no DocumentProperties, or with a copy of the original's. */
  copyProperties: 'not-copied' | 'copied';
  /**
   * The words of a service's exception: English, or the person's own language (Google does not say which), so none of the
   * English words the add-on recognizes a refusal by is there.
   */
  exceptionWords: 'english' | 'other';
}

export const DEFAULT_READINGS: Readonly<Readings> = {
  clockTriggersInUserTriggers: 'listed',
  documentInTimeTriggers: 'present',
  timeTriggers: 'fire',
  redirects: 'keep-headers',
  protectedCells: 'throw',
  publishedEveryMinutes: 'throws',
  fetchTimeout: 'fixed-60',
  fetchRefusal: 'none',
  triggerPermission: 'granted',
  cache: 'keeps',
  quotaWindow: 'calendar-day',
  typedText: 'iso-us',
  sheetCalls: 'free',
  propertyValueLimit: 'value-9216',
  copyProperties: 'not-copied',
  exceptionWords: 'english',
};

/** A service's exception in another language under the `other` reading: its English words gone, its figures kept. */
export function inOtherWords(message: string): string {
  return `Ausnahme: Vorgang abgelehnt (${(message.match(/\d+/g) || []).join(' ')})`;
}

/** Virtual milliseconds a Spreadsheet, Sheet or Range call takes under the metered reading ("tens of milliseconds"). */
export const SHEET_CALL_MS = 10;

/** The alternative readings the end-to-end suite also runs under (jest projects set STANDIN_READING). */
export const NAMED_READINGS: Record<string, Partial<Readings>> = {
  default: {},
  'triggers-unlisted': { clockTriggersInUserTriggers: 'unlisted' },
  'no-document': { documentInTimeTriggers: 'absent' },
  'test-deployment-throws': { timeTriggers: 'create-throws' },
  'test-deployment-silent': { timeTriggers: 'never-fire' },
  'published-hourly': { publishedEveryMinutes: 'hourly' },
  'timeout-360': { fetchTimeout: 'option-360' },
  'cache-evicts': { cache: 'evicts' },
  'quota-rolling': { quotaWindow: 'rolling-24h' },
  'sheets-metered': { sheetCalls: 'metered' },
  'property-key-and-value': { propertyValueLimit: 'key-and-value-8066' },
};

/** The readings named by STANDIN_READING (default: the kind reading of every point). */
export function readingsFromEnv(name = process.env.STANDIN_READING): Partial<Readings> {
  if (!name) return {};
  const r = NAMED_READINGS[name];
  if (!r) throw new Error(`stand-in: STANDIN_READING=${name} is none of ${Object.keys(NAMED_READINGS).join(', ')}`);
  return r;
}

/** The message Apps Script gives for a time trigger in a test deployment (the create-throws reading). */
export const TEST_DEPLOYMENT_TRIGGER_MESSAGE = 'Test deployments cannot create installable triggers.';

/** Apps Script's message for a write to a protected cell. */
export const PROTECTED_MESSAGE =
  'You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.';

/** What UrlFetchApp throws, before sending anything, under each refusal (docs/rules.md#readings); the allowlist's wording is not documented. */
export const FETCH_REFUSALS: Record<Exclude<Readings['fetchRefusal'], 'none'>, (url: string) => string> = {
  'quota-day': () => 'Service invoked too many times for one day: urlfetch.',
  'quota-plain': () => 'Service invoked too many times: urlfetch.',
  'quota-short': () => 'Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.',
  'admin-allowlist': (url) => `Request to ${url.replace(/\?.*$/s, '')} was blocked because the URL is not on the list your administrator allows.`,
  'no-permission': () => 'You do not have permission to call UrlFetchApp.fetch. Required permissions: https://www.googleapis.com/auth/script.external_request',
};

/** What ScriptApp throws on making a trigger when its permission was not granted. */
export const TRIGGER_PERMISSION_MESSAGE =
  'You do not have permission to call ScriptApp.newTrigger. Required permissions: https://www.googleapis.com/auth/script.scriptapp';

/** The scope a person may leave unticked under the no-permission refusal. */
export const EXTERNAL_REQUEST_SCOPE = 'https://www.googleapis.com/auth/script.external_request';
