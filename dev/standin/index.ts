// The Apps Script stand-in: runs the built server bundle in a node:vm context whose globals are
// in-memory Apps Script services, and calls its functions as google.script.run, menus and triggers do.
import { join, dirname } from 'node:path';
import { SyncHttp } from '../sync-http';
import { inProcessHttp } from '../sim/in-process';
import { SIM_NOW_HEADER } from '../sim/types';
import { Bridge } from './bridge';
import { FakeCacheService } from './cache';
import { CellError, FormulaCell, formulaResult, type ErrorCode, type StoredValue } from './cell';
import { SimClockPeer, VirtualClock } from './clock';
import { Counters } from './counters';
import { FakeLockService, LockStates } from './lock';
import { FakeLogger, formatLogLine } from './logging';
import { NO_MANIFEST, readManifest } from './manifest';
import { FakePropertiesService, PropertyStores } from './properties';
import { QUOTA_MESSAGES, Quotas, type QuotaUsage } from './quota';
import { Runtime, type AuthMode } from './runtime';
import { FakeSession } from './session';
import { FakeSpreadsheet, FakeSpreadsheetApp } from './spreadsheet';
import { FakeScriptApp, TriggerStore, type InstalledTrigger } from './triggers';
import { FakeHtmlService, FakeUi, UiLog, htmlFileReader } from './ui';
import { FakeUrlFetchApp, type FetchHook, type FetchRecord, type HttpClient } from './urlfetch';
import { FakeUtilities } from './utilities';
import { DEFAULT_READINGS, PROTECTED_MESSAGE, SHEET_CALL_MS, inOtherWords, type Readings } from './readings';
import { GasException } from './gas-object';
import { createScriptContext, defineGlobals, readBundle, runScript, type ScriptContext } from './vm';
import { wallClock } from './time-zone';
import type { Rect } from './a1';

export { CellError, FormulaCell } from './cell';
export type { FakeSpreadsheet } from './spreadsheet';
export type { FakeSheet } from './sheet';
export type { FakeRange, FakeRangeList } from './range';
export type { FetchRecord } from './urlfetch';
export type { MenuRecord, UiLog } from './ui';
export type { AuthMode } from './runtime';
export type { QuotaUsage } from './quota';
export { CONSUMER_QUOTAS, QUOTA_MESSAGES } from './quota';
export { DEFAULT_READINGS, NAMED_READINGS, FETCH_REFUSALS, SHEET_CALL_MS, readingsFromEnv, type Readings } from './readings';

export const DEFAULT_BUNDLE = join(__dirname, '..', '..', 'dist', 'Code.js');

export interface StandinOptions {
  /** The built server bundle; default <repo>/dist/Code.js. HTML files are read beside it. */
  bundlePath?: string;
  /** The bundle's source, instead of reading bundlePath. */
  bundleSource?: string;
  /** Synchronous HTTP for UrlFetchApp (default: a simulator of this thread in place, anything else over a SyncHttp of its own, closed by close()). */
  http?: HttpClient & Partial<Pick<SyncHttp, 'close'>>;
  /** A simulator to keep in step with: its x-sim-now replies move our clock, our sleeps move its clock. */
  simOrigin?: string;
  /** Virtual epoch ms at start; default the real now. */
  startTime?: number;
  /** The current user's email; default alice@example.com. */
  user?: string;
  /** A published add-on: time triggers at most hourly, one per user and document. */
  addonMode?: boolean;
  /** The html createHtmlOutputFromFile('Sidebar') returns (default: dist/Sidebar.html). */
  sidebarHtml?: string;
  /** Spreadsheet and script time zone; default Etc/UTC. */
  timeZone?: string;
  spreadsheetId?: string;
  spreadsheetName?: string;
  /** Title of createAddonMenu() menus. */
  addonName?: string;
  /** Apps Script's 6-minute limit per execution (virtual time); 0 turns it off. */
  executionLimitMs?: number;
  fetchTimeoutMs?: number;
  /** Daily allowances, counted per UTC day of the virtual clock; default a consumer account's (see CONSUMER_QUOTAS). */
  quotas?: Partial<QuotaUsage>;
  /**
   * A trigger's runtime also counts the host's own time running it (the add-on's JavaScript and the sheet work here), as
   * Apps Script counts an execution's whole duration: for the bench's long runs. Off by default, so figures are exact.
   */
  countHostTime?: boolean;
  /** getActiveSpreadsheet() (and the other getActive*) answer null inside time-driven trigger executions. */
  nullSpreadsheetInTriggers?: boolean;
  /** Which reading of each undocumented point the stand-in plays (docs/rules.md#readings); default DEFAULT_READINGS. */
  readings?: Partial<Readings>;
  /** Another document of the same people: their UserProperties and user locks are that stand-in's (LockService.getUserLock spans documents). */
  sameUserAs?: AppsScriptStandin;
  /**
   * A versioned (published) deployment: refused at load, as Google refuses to deploy it, when the manifest has
   * no urlFetchWhitelist; implies addonMode.
   */
  published?: boolean;
  /**
   * The manifest's urlFetchWhitelist, enforced in add-on mode; default: appsscript.json beside the bundle
   * (read only when the bundle comes from a file).
   */
  urlFetchWhitelist?: string[];
}

/** A trigger as tests see it. */
export type TriggerInfo = Pick<InstalledTrigger, 'id' | 'handler' | 'user' | 'documentId' | 'everyMinutes' | 'everyHours' | 'firesEveryMinutes'>;

const tagOf = (v: object) => Object.prototype.toString.call(v);

/** google.script.run passes primitives and plain objects/arrays of them only. */
function checkWire(v: unknown, where: string): void {
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint')
      throw new Error(`stand-in: google.script.run cannot pass a ${typeof v} (${where})`);
    return;
  }
  if (tagOf(v) === '[object Date]') throw new Error(`stand-in: google.script.run cannot pass a Date (${where}); use an ISO string`);
  if (Array.isArray(v)) {
    v.forEach((x, i) => checkWire(x, `${where}[${i}]`));
    return;
  }
  const proto = Object.getPrototypeOf(v) as object | null;
  if (proto !== null && Object.getPrototypeOf(proto) !== null) throw new Error(`stand-in: google.script.run cannot pass ${tagOf(v)} (${where})`);
  for (const [k, x] of Object.entries(v)) checkWire(x, `${where}.${k}`);
}

/** A script error as the caller sees it: an Error with the same message (the script's stack kept). */
function hostError(e: unknown): Error {
  if (e instanceof Error) return e;
  const obj = (typeof e === 'object' && e !== null ? e : {}) as { message?: unknown; stack?: unknown };
  const err = new Error(typeof obj.message === 'string' ? obj.message : String(e));
  if (typeof obj.stack === 'string') err.stack = obj.stack;
  return err;
}

export class AppsScriptStandin {
  readonly spreadsheet: FakeSpreadsheet;
  readonly clock: VirtualClock;
  readonly counters = new Counters();
  /** Daily quota usage: today(), total(), byDay(). */
  readonly quota: Quotas;
  countHostTime: boolean;
  /** getActiveSpreadsheet() answers null inside time-driven triggers (an uncertain case of real deployments). */
  nullSpreadsheetInTriggers: boolean;
  /** The reading of each undocumented point in force (docs/rules.md#readings); tests may switch them between calls. */
  readonly readings: Readings;
  readonly properties: PropertyStores;
  readonly ui = new UiLog();
  /** Every UrlFetchApp.fetch: method, url and status only. */
  readonly fetches: FetchRecord[] = [];
  /** Under a fetchRefusal reading, only requests whose "METHOD url" matches are refused (null: all). */
  fetchRefusalOnly: RegExp | null = null;
  /** Errors thrown by trigger handlers in fireTimeTriggers (Apps Script swallows them for add-ons). */
  readonly triggerErrors: { handler: string; user: string; message: string }[] = [];

  private readonly runtime: Runtime;
  private readonly script: ScriptContext;
  private readonly bridge: Bridge;
  private readonly triggerStore: TriggerStore;
  readonly locks: LockStates;
  private readonly reserved: Set<string>;
  private readonly fetchHooks: FetchHook[] = [];
  private ownHttp: SyncHttp | null = null;

  private readonly options: StandinOptions;
  /** Copies made of this document (each gets an id of its own). */
  private copies = 0;

  constructor(o: StandinOptions = {}) {
    this.options = o;
    const bundlePath = o.bundlePath ?? DEFAULT_BUNDLE;
    const timeZone = o.timeZone ?? 'Etc/UTC';
    this.clock = new VirtualClock(o.startTime ?? Date.now());
    this.readings = { ...DEFAULT_READINGS, ...o.readings };
    this.quota = new Quotas(this.clock, o.quotas, () => this.readings.quotaWindow === 'rolling-24h');
    this.countHostTime = o.countHostTime ?? false;
    this.nullSpreadsheetInTriggers = o.nullSpreadsheetInTriggers ?? false;
    const manifest = o.bundleSource === undefined || o.bundlePath !== undefined ? readManifest(dirname(bundlePath)) : NO_MANIFEST;
    const urlFetchWhitelist = o.urlFetchWhitelist ?? manifest.urlFetchWhitelist;
    if (o.published && !urlFetchWhitelist?.length) {
      throw new Error(
        'stand-in: a versioned deployment of an add-on needs urlFetchWhitelist in its manifest (appsscript.json); build with URL_FETCH_WHITELIST.',
      );
    }
    // A simulator this thread runs is answered in place; anything else over a socket, from a worker thread.
    const local = inProcessHttp(() => (this.ownHttp ??= new SyncHttp()));
    const http = (): HttpClient => o.http ?? local;
    if (o.simOrigin) this.clock.link(new SimClockPeer({ request: (r) => http().request(r) }, o.simOrigin));

    this.runtime = new Runtime({
      clock: this.clock,
      counters: this.counters,
      quotas: this.quota,
      user: o.user ?? 'alice@example.com',
      timeZone,
      addonMode: o.addonMode ?? o.published ?? false,
      executionLimitMs: o.executionLimitMs ?? 6 * 60_000,
      sheetCallMs: () => (this.readings.sheetCalls === 'metered' ? SHEET_CALL_MS : 0),
    });
    this.properties = new PropertyStores(this.runtime, o.sameUserAs?.properties.users, () => this.readings.propertyValueLimit);
    this.locks = new LockStates(this.runtime, o.sameUserAs?.locks.users);
    this.spreadsheet = new FakeSpreadsheet({
      id: o.spreadsheetId ?? '1StandInSpreadsheet0000000000000000000000000',
      name: o.spreadsheetName ?? 'Leads',
      timeZone,
      locale: 'en_US',
      ui: this.ui,
    });
    this.spreadsheet.looseDates = () => this.readings.typedText === 'loose-dates';
    this.triggerStore = new TriggerStore(this.runtime, this.spreadsheet, this.readings);
    this.spreadsheet.writeGuard = (sheet, rect) => {
      if (this.readings.protectedCells === 'warn-only') return;
      const overlaps = (p: Rect) =>
        p.row < rect.row + rect.numRows && rect.row < p.row + p.numRows && p.col < rect.col + rect.numCols && rect.col < p.col + p.numCols;
      const user = this.runtime.activeUser;
      if (this.spreadsheet.protections.some((p) => p.sheet === sheet && overlaps(p.rect) && !p.editors.includes(user)))
        throw new GasException(PROTECTED_MESSAGE);
    };
    const noDocument = () =>
      this.runtime.execution?.timeTrigger === true && (this.nullSpreadsheetInTriggers || this.readings.documentInTimeTriggers === 'absent');

    this.script = createScriptContext(
      () => this.clock.now(),
      (_level, args) => this.runtime.log(this.logLine(args)),
    );
    this.bridge = new Bridge(this.script.realm, this.runtime, (m) => (this.readings.exceptionWords === 'other' ? inOtherWords(m) : m));
    const ui = new FakeUi(this.ui, o.addonName ?? 'Personalized videos');
    const services = {
      SpreadsheetApp: new FakeSpreadsheetApp(this.spreadsheet, ui, {
        noActive: noDocument,
        oauthScopes: () => manifest.oauthScopes,
      }),
      PropertiesService: new FakePropertiesService(this.properties, noDocument),
      CacheService: new FakeCacheService(this.runtime, () => this.readings.cache === 'evicts', noDocument),
      LockService: new FakeLockService(this.runtime, this.locks, noDocument),
      ScriptApp: new FakeScriptApp(this.triggerStore),
      UrlFetchApp: new FakeUrlFetchApp({
        runtime: this.runtime,
        http,
        clockHeader: o.simOrigin ? SIM_NOW_HEADER : null,
        timeoutMs: o.fetchTimeoutMs ?? 60_000,
        log: this.fetches,
        urlFetchWhitelist: () => urlFetchWhitelist,
        hooks: this.fetchHooks,
        readings: this.readings,
        refusalOnly: () => this.fetchRefusalOnly,
      }),
      Utilities: new FakeUtilities(this.runtime),
      Session: new FakeSession(this.runtime),
      Logger: new FakeLogger(this.runtime),
      HtmlService: new FakeHtmlService(htmlFileReader(dirname(bundlePath), o.sidebarHtml)),
    };
    defineGlobals(this.script, Object.fromEntries(Object.entries(services).map(([k, v]) => [k, this.bridge.wrap(v)])));
    this.reserved = new Set(Object.getOwnPropertyNames(this.script.global));

    this.runtime.loading = true;
    try {
      const again = runScript(this.script, o.bundleSource ?? readBundle(bundlePath), o.bundleSource !== undefined ? 'bundle.js' : bundlePath);
      this.reload = () => {
        this.runtime.loading = true;
        try {
          again();
        } finally {
          this.runtime.loading = false;
        }
      };
    } finally {
      this.runtime.loading = false;
    }
  }

  /**
   * Loads the bundle afresh: every execution of Apps Script starts from the script's top level, so nothing a module
   * keeps in memory outlives the call that made it (what must last goes to a properties store or the cache).
   */
  private readonly reload: () => void;

  /** Every Logger.log and console.* line, formatted. */
  get logs(): string[] {
    return this.runtime.logs;
  }

  /** Service calls made while the bundle loaded ("Class.member"); Apps Script code should make none. */
  get loadCalls(): string[] {
    return this.runtime.loadCalls;
  }

  get triggers(): TriggerInfo[] {
    return this.triggerStore.installed.map(({ createdAt: _c, lastFired: _l, ...t }) => t);
  }

  /** A published add-on: time triggers at most hourly, one per user and document. */
  get addonMode(): boolean {
    return this.runtime.addonMode;
  }

  set addonMode(on: boolean) {
    this.runtime.addonMode = on;
  }

  get user(): string {
    return this.runtime.user;
  }

  /** Later calls run as this user (UserProperties, user triggers and the user lock are per user). */
  setUser(email: string): void {
    this.runtime.user = email;
  }

  /** Another execution holds the document lock (for forMs of virtual time, or until released). */
  holdDocumentLock(forMs?: number): void {
    this.locks.holdDocument(forMs, this.clock.now());
  }

  /**
   * The next UrlFetch whose "METHOD url" matches `pattern` first runs `run` (once), in which the test may make
   * another server call: a second execution, as a colleague's click or a second sidebar lands while the first
   * call waits on the network. The locks the first one holds stay held (tryLock in the second fails after its wait).
   */
  /**
   * File › Make a copy, opened by the person now at the keyboard: a new document (its own id, triggers and document
   * lock; the person's own stores shared) holding this one's tabs, with DocumentProperties copied or not as the
   * reading `copyProperties` says (docs/architecture.md#readings).
   */
  makeCopy(): AppsScriptStandin {
    const copy = new AppsScriptStandin({
      ...this.options,
      sameUserAs: this,
      // Each copy its own id, as Drive gives it (a second copy of one document is another document).
      spreadsheetId: `${this.spreadsheet.getId()}Copy${++this.copies > 1 ? this.copies : ''}`,
      spreadsheetName: `Copy of ${this.spreadsheet.getName()}`,
      startTime: this.clock.now(),
      user: this.runtime.activeUser,
      readings: this.readings,
    });
    copy.spreadsheet.copyTabsFrom(this.spreadsheet);
    if (this.readings.copyProperties === 'copied')
      for (const [k, v] of Object.entries(this.properties.document.getProperties())) copy.properties.document.setProperty(k, v);
    return copy;
  }

  /**
   * Runs `run` (another execution) while a request matching `pattern` is out: before the service sees it, or with
   * `answered`, once the service has applied it and its reply is still on its way to the script.
   */
  duringFetch(pattern: RegExp, run: () => void, { answered = false } = {}): () => void {
    const hook: FetchHook = { match: (r) => pattern.test(`${r.method} ${r.url}`), run, answered };
    this.fetchHooks.push(hook);
    // Disarms the hook if no request matched it.
    return () => {
      const i = this.fetchHooks.indexOf(hook);
      if (i >= 0) this.fetchHooks.splice(i, 1);
    };
  }

  releaseDocumentLock(): void {
    this.locks.releaseDocument();
  }

  /** A cell value for setValuesRaw/addSheet: an error such as #N/A. */
  errorValue(code: ErrorCode): CellError {
    return new CellError(code);
  }

  /** A cell value for setValuesRaw/addSheet: a formula showing this result (default #NAME?/#ERROR!). */
  formula(formula: string, result?: StoredValue): FormulaCell {
    return new FormulaCell(formula, result ?? formulaResult(formula));
  }

  /** Calls a top-level function as google.script.run does: JSON in and out, one execution, errors as Error(message). */
  call<T = unknown>(name: string, ...args: unknown[]): T {
    checkWire(args, `arguments of ${name}`);
    const vmArgs = this.script.realm.JSON.parse(JSON.stringify(args)) as unknown[];
    const result = this.execute(name, { authMode: 'FULL', publicOnly: true }, vmArgs);
    checkWire(result, `result of ${name}`);
    return (result === undefined ? undefined : JSON.parse(JSON.stringify(result))) as T;
  }

  /** Opens the document: onOpen (or onInstall) with its event, in AuthMode NONE unless told otherwise. */
  open(o: { authMode?: AuthMode; install?: boolean } = {}): void {
    const authMode = o.authMode ?? 'NONE';
    const event: Record<string, unknown> = { authMode, user: this.runtime.user };
    if (authMode !== 'NONE') event.source = this.spreadsheet;
    this.execute(o.install ? 'onInstall' : 'onOpen', { authMode }, [this.bridge.toVm(event)]);
  }

  /** A person clicks a menu item (found by caption among the menus the add-on added). */
  clickMenu(caption: string): void {
    this.execute(this.ui.menuFunction(caption), { authMode: 'FULL', publicOnly: true }, []);
  }

  /**
   * Runs every installed time-driven trigger's handler as its owner, with a trigger event; returns
   * the handlers run. Errors are recorded in triggerErrors and, unless tolerated, thrown after all ran.
   * Each run's virtual duration counts toward the daily trigger runtime; once that is spent, handlers
   * are not run and the refusal is recorded as an error, as Apps Script stops triggers for the day.
   */
  fireTimeTriggers(o: { tolerateErrors?: boolean } = {}): string[] {
    const ran: string[] = [];
    const failures: string[] = [];
    const fail = (t: InstalledTrigger, message: string): void => {
      this.triggerErrors.push({ handler: t.handler, user: t.user, message });
      failures.push(`${t.handler}: ${message}`);
    };
    for (const t of [...this.triggerStore.installed]) {
      if (!this.triggerStore.installed.includes(t) || t.silent || !this.due(t)) continue;
      t.lastFired = this.clock.now();
      if (this.quota.spent('triggerRuntimeMs')) {
        fail(t, QUOTA_MESSAGES.triggerRuntimeMs);
        continue;
      }
      ran.push(t.handler);
      const startedAt = this.clock.now();
      const hostStart = performance.now();
      try {
        this.execute(t.handler, { authMode: 'FULL', user: t.user, timeTrigger: true }, [this.bridge.toVm(this.triggerEvent(t))]);
      } catch (e) {
        fail(t, e instanceof Error ? e.message : String(e));
      } finally {
        const host = this.countHostTime ? Math.round(performance.now() - hostStart) : 0;
        this.quota.addTriggerRuntime(this.clock.now() - startedAt + host, startedAt);
      }
    }
    if (failures.length > 0 && !o.tolerateErrors) throw new Error(`stand-in: trigger handlers failed: ${failures.join('; ')}`);
    return ran;
  }

  /**
   * A trigger disappears, as when Google drops one: the trigger with this id, or all of the current user's.
   * Nothing tells the add-on. Returns what was removed.
   */
  loseTrigger(id?: string): TriggerInfo[] {
    const installed = this.triggerStore.installed;
    const lost = installed.filter((t) => (id === undefined ? t.user === this.runtime.user : t.id === id));
    if (id !== undefined && lost.length === 0) throw new Error(`stand-in: no installed trigger ${id}`);
    for (const t of lost) installed.splice(installed.indexOf(t), 1);
    return lost.map((t) => ({ ...t }));
  }

  /** Stops the HTTP worker the stand-in started (if any). */
  async close(): Promise<void> {
    if (this.ownHttp) await this.ownHttp.close();
    this.ownHttp = null;
  }

  /** A trigger that fires less often than it asked (hourly) is skipped until its hour has passed. */
  private due(t: InstalledTrigger): boolean {
    if (!t.firesEveryMinutes) return true;
    return this.clock.now() - (t.lastFired ?? t.createdAt ?? 0) >= t.firesEveryMinutes * 60_000;
  }

  private triggerEvent(t: InstalledTrigger): Record<string, unknown> {
    const now = this.clock.now();
    const w = wallClock(now, 'Etc/UTC');
    const startOfYear = Date.UTC(w.year, 0, 1);
    return {
      authMode: 'FULL',
      triggerUid: t.id,
      year: w.year,
      month: w.month,
      'day-of-month': w.day,
      'day-of-week': w.weekday === 0 ? 7 : w.weekday,
      'week-of-year': Math.floor((now - startOfYear) / (7 * 86_400_000)) + 1,
      hour: w.hour,
      minute: w.minute,
      second: w.second,
      timezone: 'UTC',
    };
  }

  private execute(name: string, o: { authMode: AuthMode; user?: string; publicOnly?: boolean; timeTrigger?: boolean }, vmArgs: unknown[]): unknown {
    this.reload();
    const fn = this.script.global[name];
    if (typeof fn !== 'function' || this.reserved.has(name) || (o.publicOnly && name.endsWith('_'))) {
      throw new Error(`Script function not found: ${name}`);
    }
    const run = { authMode: o.authMode, timeTrigger: o.timeTrigger ?? false, ...(o.user !== undefined && { user: o.user }) };
    return this.runtime.run(run, () => {
      try {
        return (fn as (...a: unknown[]) => unknown)(...vmArgs);
      } catch (e) {
        throw hostError(e);
      }
    });
  }

  private logLine(args: unknown[]): string {
    return formatLogLine(args.map((a) => this.bridge.unwrap(a) ?? a));
  }
}
