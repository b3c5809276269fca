// LockService: document, user and script locks held by executions; waiting takes virtual time, and a
// test can make "another execution" hold the document lock.
import { GasException, GasObject, gasApi, requireInt } from './gas-object';
import type { Runtime } from './runtime';

/** Holder id for the simulated other execution. */
const OTHER = -1;

interface LockState {
  holder: number | null;
  /** When the other execution lets go (virtual ms); undefined: not until released by the test. */
  otherUntil?: number;
}

export const LOCK_TIMEOUT_MESSAGE = 'Lock timeout: another process was holding the lock for too long.';

export class FakeLock extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Lock.Lock>()('Lock', ['tryLock', 'waitLock', 'releaseLock', 'hasLock']);

  constructor(
    private readonly runtime: Runtime,
    private readonly state: LockState,
  ) {
    super();
  }

  tryLock(timeoutInMillis: unknown): boolean {
    const timeout = Math.max(0, requireInt(timeoutInMillis, 'LockService.Lock.tryLock', [timeoutInMillis]));
    const me = this.runtime.executionId;
    const s = this.state;
    if (s.holder === null || s.holder === me) {
      s.holder = me;
      return true;
    }
    const now = this.runtime.clock.now();
    if (s.holder === OTHER && s.otherUntil !== undefined && s.otherUntil <= now + timeout) {
      this.runtime.clock.advance(Math.max(0, s.otherUntil - now));
      s.holder = me;
      delete s.otherUntil;
      return true;
    }
    // Waiting for a lock that never frees takes the whole timeout.
    if (timeout > 0) this.runtime.clock.advance(timeout);
    return false;
  }

  waitLock(timeoutInMillis: unknown): void {
    if (!this.tryLock(timeoutInMillis)) throw new GasException(LOCK_TIMEOUT_MESSAGE);
  }

  releaseLock(): void {
    if (this.state.holder === this.runtime.executionId) this.state.holder = null;
  }

  hasLock(): boolean {
    return this.state.holder === this.runtime.executionId;
  }
}

/** The locks' state; every lock an execution holds is released when it ends. */
export class LockStates {
  readonly document: LockState = { holder: null };
  readonly script: LockState = { holder: null };
  constructor(
    runtime: Runtime,
    /** Per user, shared by every document of that user (another stand-in's, for a second document). */
    readonly users = new Map<string, LockState>(),
  ) {
    runtime.onExecutionEnd((exec) => {
      for (const s of [this.document, this.script, ...this.users.values()]) if (s.holder === exec.id) s.holder = null;
    });
  }

  user(email: string): LockState {
    let s = this.users.get(email);
    if (!s) this.users.set(email, (s = { holder: null }));
    return s;
  }

  /** Another execution takes the document lock (for forMs of virtual time, or until released). */
  holdDocument(forMs: number | undefined, now: number): void {
    if (this.document.holder !== null && this.document.holder !== OTHER) throw new Error('stand-in: the document lock is held by a running execution');
    this.document.holder = OTHER;
    if (forMs === undefined) delete this.document.otherUntil;
    else this.document.otherUntil = now + forMs;
  }

  releaseDocument(): void {
    if (this.document.holder === OTHER) {
      this.document.holder = null;
      delete this.document.otherUntil;
    }
  }
}

export class FakeLockService extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Lock.LockService>()('LockService', ['getDocumentLock', 'getUserLock', 'getScriptLock']);
  /** noDocument: a run with no containing document, where getDocumentLock() is null. */
  constructor(
    private readonly runtime: Runtime,
    private readonly states: LockStates,
    private readonly noDocument: () => boolean = () => false,
  ) {
    super();
  }
  getDocumentLock(): FakeLock | null {
    return this.noDocument() ? null : new FakeLock(this.runtime, this.states.document);
  }
  getScriptLock(): FakeLock {
    return new FakeLock(this.runtime, this.states.script);
  }
  getUserLock(): FakeLock {
    return new FakeLock(this.runtime, this.states.user(this.runtime.activeUser));
  }
}
