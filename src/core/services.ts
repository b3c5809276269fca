// The Apps Script services the core logic is given (built from globals only in src/main.ts).
import type { HttpTransport } from './http';
import type { Clock } from './clock';

export type Props = Pick<GoogleAppsScript.Properties.Properties, 'getProperty' | 'setProperty' | 'deleteProperty'> & {
  /** Drops what was read, so the next read sees other executions' writes (once the document lock is held). */
  forget?(): void;
  /** Every key of the store (one read with the rest). */
  keys?(): string[];
};

export interface Lock {
  tryLock(timeoutMs: number): boolean;
  releaseLock(): void;
}

export type SpreadsheetService = Pick<GoogleAppsScript.Spreadsheet.SpreadsheetApp, 'getActiveSpreadsheet' | 'flush' | 'newConditionalFormatRule' | 'getUi'>;

export type TriggerService = Pick<GoogleAppsScript.Script.ScriptApp, 'newTrigger' | 'getProjectTriggers' | 'getUserTriggers' | 'deleteTrigger'> &
  Partial<Pick<GoogleAppsScript.Script.ScriptApp, 'getAuthorizationInfo' | 'AuthMode'>>;

export interface Services {
  http: HttpTransport;
  clock: Clock;
  /** Per user: the API key and base URL live here and nowhere else. */
  user: Props;
  /** Per document: per-sheet campaign binding, mapping, refresh state. */
  doc: Props;
  /** The document lock: one writer per document at a time; null in a run without a document (docs/rules.md#readings). */
  documentLock(): Lock | null;
  /** The person's own lock, across every document (docs/rules.md#spending-limit); absent in unit tests. */
  userLock?(): Lock | null;
  sheets: SpreadsheetService;
  triggers: TriggerService;
  /** This person's CacheService cache (short-lived counts shared by their executions); absent in unit tests. */
  userCache?(): Pick<GoogleAppsScript.Cache.Cache, 'get' | 'put'>;
  /** This document's CacheService cache, shared by everyone who opens it; null without a document; absent in unit tests. */
  docCache?(): Pick<GoogleAppsScript.Cache.Cache, 'get' | 'put'> | null;
  /** Builds the sidebar page (HtmlService). */
  sidebarHtml(): GoogleAppsScript.HTML.HtmlOutput;
}

/** The document the person has open (one name for the 20 places that ask, which also keeps the bundle small). */
export const activeSpreadsheet = (svc: Pick<Services, 'sheets'>) => svc.sheets.getActiveSpreadsheet();
