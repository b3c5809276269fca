// Where Apps Script is not documented (DESIGN 12): one switch per point, each naming the reading the
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
}

export const DEFAULT_READINGS: Readonly<Readings> = {
  clockTriggersInUserTriggers: 'listed',
  documentInTimeTriggers: 'present',
  timeTriggers: 'fire',
  redirects: 'keep-headers',
  protectedCells: 'throw',
};

/** The alternative readings the end-to-end suite also runs under (jest projects set STANDIN_READING). */
export const NAMED_READINGS: Record<string, Partial<Readings>> = {
  default: {},
  'triggers-unlisted': { clockTriggersInUserTriggers: 'unlisted' },
  'no-document': { documentInTimeTriggers: 'absent' },
  'test-deployment-throws': { timeTriggers: 'create-throws' },
  'test-deployment-silent': { timeTriggers: 'never-fire' },
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
export const PROTECTED_MESSAGE = 'You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.';
