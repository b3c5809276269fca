// One stand-in's shared state: the clock, the current user, the execution running now (for locks,
// the 6-minute limit, AuthMode and what a time-driven trigger sees), counters, daily quotas, and the log.
import type { Counters } from './counters';
import { GasException } from './gas-object';
import type { VirtualClock } from './clock';
import type { Quotas } from './quota';

export type AuthMode = 'NONE' | 'LIMITED' | 'FULL' | 'CUSTOM_FUNCTION';

export interface Execution {
  readonly id: number;
  readonly user: string;
  readonly authMode: AuthMode;
  readonly startedAt: number;
  /** Run by a time-driven trigger. */
  readonly timeTrigger: boolean;
  /** Past the time limit: every further service call fails, and so does the execution. */
  killed: boolean;
}

/** What AuthMode.NONE (onOpen of an add-on not yet used in the document) may touch: the menu only. */
const ALLOWED_IN_NONE = new Set(['SpreadsheetApp.getUi', 'Ui.createAddonMenu', 'Ui.createMenu', 'Logger.log']);
const CLASSES_ALLOWED_IN_NONE = new Set(['Menu']);

/** The classes whose every call costs virtual time under the metered reading of Sheets calls (docs/rules.md#readings). */
const METERED = new Set(['Spreadsheet', 'Sheet', 'Range', 'RangeList']);

export const TIME_LIMIT_MESSAGE = 'Exceeded maximum execution time';

export interface RuntimeOptions {
  clock: VirtualClock;
  counters: Counters;
  quotas: Quotas;
  user: string;
  timeZone: string;
  addonMode: boolean;
  /** Apps Script stops a run after 6 minutes; 0 turns the limit off. */
  executionLimitMs: number;
  /** Virtual milliseconds one Spreadsheet, Sheet or Range call takes now (0: free). */
  sheetCallMs?: () => number;
}

/** Execution ids are unique across stand-ins, so two documents of one person never share a lock holder. */
let lastExecutionId = 0;

export class Runtime {
  readonly clock: VirtualClock;
  readonly counters: Counters;
  readonly quotas: Quotas;
  readonly timeZone: string;
  /** A published add-on (may change between calls). */
  addonMode: boolean;
  readonly executionLimitMs: number;
  private readonly sheetCallMs: () => number;
  readonly logs: string[] = [];
  /** Service calls made while the bundle was loading (there should be none). */
  readonly loadCalls: string[] = [];
  loading = false;
  /** The user the next execution runs as. */
  user: string;
  private current: Execution | null = null;
  /** Executions paused while a nested one runs (a test's hook fired inside a fetch of the outer one). */
  private readonly paused: Execution[] = [];
  /** Above 0 while a test's hook runs: a call may then start as a second execution beside the running one. */
  nestable = 0;
  private readonly endHooks: ((e: Execution) => void)[] = [];

  constructor(o: RuntimeOptions) {
    this.clock = o.clock;
    this.counters = o.counters;
    this.quotas = o.quotas;
    this.user = o.user;
    this.timeZone = o.timeZone;
    this.addonMode = o.addonMode;
    this.executionLimitMs = o.executionLimitMs;
    this.sheetCallMs = o.sheetCallMs ?? (() => 0);
  }

  get execution(): Execution | null {
    return this.current;
  }

  /** The user whose services (UserProperties, triggers, user lock) apply right now. */
  get activeUser(): string {
    return this.current?.user ?? this.user;
  }

  /** Id of the running execution; 0 for the loading script and for test code outside any call. */
  get executionId(): number {
    return this.current?.id ?? 0;
  }

  onExecutionEnd(hook: (e: Execution) => void): void {
    this.endHooks.push(hook);
  }

  /** Runs fn as one Apps Script execution. */
  run<T>(o: { user?: string; authMode: AuthMode; timeTrigger?: boolean }, fn: () => T): T {
    if (this.current && this.nestable === 0) throw new Error('stand-in: an execution is already running (calls cannot nest)');
    if (this.current) this.paused.push(this.current);
    const exec: Execution = {
      id: ++lastExecutionId,
      user: o.user ?? this.user,
      authMode: o.authMode,
      startedAt: this.clock.now(),
      timeTrigger: o.timeTrigger ?? false,
      killed: false,
    };
    this.current = exec;
    try {
      const result = fn();
      if (exec.killed || this.overTime(exec)) throw new Error(TIME_LIMIT_MESSAGE);
      return result;
    } catch (e) {
      if (exec.killed) throw new Error(TIME_LIMIT_MESSAGE, { cause: e });
      throw e;
    } finally {
      this.current = this.paused.pop() ?? null;
      this.clock.settle();
      for (const hook of this.endHooks) hook(exec);
    }
  }

  private overTime(exec: Execution): boolean {
    return this.executionLimitMs > 0 && this.clock.now() - exec.startedAt > this.executionLimitMs;
  }

  /** The vm bridge calls this before every service member the add-on uses. */
  beforeCall(cls: string, member: string): void {
    this.counters.record(cls, member);
    if (this.loading) this.loadCalls.push(`${cls}.${member}`);
    const exec = this.current;
    if (!exec) return;
    if (exec.killed || this.overTime(exec)) {
      exec.killed = true;
      throw new GasException(TIME_LIMIT_MESSAGE);
    }
    if (METERED.has(cls)) {
      const ms = this.sheetCallMs();
      if (ms > 0) this.clock.charge(ms);
    }
    if (exec.authMode === 'NONE' && !ALLOWED_IN_NONE.has(`${cls}.${member}`) && !CLASSES_ALLOWED_IN_NONE.has(cls)) {
      throw new GasException(`You do not have permission to call ${cls}.${member} (AuthMode.NONE)`);
    }
    // Every call on a Properties object is one read or write of the daily allowance.
    if (cls === 'Properties') this.quotas.use('propertyOps');
  }

  log(line: string): void {
    this.logs.push(line);
  }
}
