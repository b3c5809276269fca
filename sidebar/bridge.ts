// Typed Promise wrapper over google.script.run: one call, one reply, thrown errors as Failure.
import type { Failure, ServerFunctions } from '../src/server/contract';

type Name = keyof ServerFunctions;

/** The slice of google.script.run this page uses. */
interface Runner {
  withSuccessHandler(fn: (value: unknown) => void): Runner;
  withFailureHandler(fn: (error: unknown) => void): Runner;
  [name: string]: unknown;
}

interface GoogleGlobal {
  script?: { run?: Runner };
}

function runner(): Runner | null {
  const g = (globalThis as { google?: GoogleGlobal }).google;
  return g?.script?.run ?? null;
}

/**
 * A failure the page made itself: `thrown` holds the failure handler's text when the call threw or
 * the connection to Google broke, so nobody knows whether the server finished its work.
 */
export interface CallFailure extends Failure {
  thrown?: string;
}

function failure(message: string, thrown?: string): CallFailure {
  return { ok: false, error: { code: 'network', message }, ...(thrown !== undefined ? { thrown } : {}) };
}

/** The failure handler's text when this reply came from it, else null. */
export function thrownText(reply: { ok: boolean }): string | null {
  const t = (reply as CallFailure).thrown;
  return typeof t === 'string' ? t : null;
}

/** A failed call whose outcome is unknown (docs/rules.md#unknown-outcomes): it may have happened (and charged). */
export function isUnknownOutcome(r: Failure): boolean {
  return r.error.code === 'network' || r.error.code === 'bad_reply' || thrownText(r) !== null;
}

type Observer = (name: Name, reply: { ok: boolean; error?: Failure['error'] }) => void;
const observers: Observer[] = [];

/** Sees every reply before its caller does (the key badge watches them all). */
export function observeReplies(fn: Observer): void {
  observers.push(fn);
}

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return 'no details';
}

/**
 * Calls a server function. Resolves with its reply; a thrown server error or a lost connection
 * resolves as `{ ok: false, error: { code: 'network', message }, thrown }`. Never rejects. The arguments are
 * the contract's types (strings, numbers, plain objects): google.script.run cannot carry a Date, and none can be typed in.
 */
export function call<K extends Name>(name: K, ...args: Parameters<ServerFunctions[K]>): Promise<ReturnType<ServerFunctions[K]>> {
  type R = ReturnType<ServerFunctions[K]>;
  const run = runner();
  if (!run) return Promise.resolve(failure('This page lost the spreadsheet. Close and reopen the sidebar.') as R);
  return new Promise<R>((settle) => {
    const resolve = (reply: R) => {
      for (const o of observers) o(name, reply as { ok: boolean; error?: Failure['error'] });
      settle(reply);
    };
    const target = run
      .withSuccessHandler((value) => {
        // A reply that is not the agreed shape is reported rather than trusted.
        if (value && typeof value === 'object' && typeof (value as { ok?: unknown }).ok === 'boolean') resolve(value as R);
        else resolve({ ok: false, error: { code: 'bad_reply', message: 'The add-on’s answer was not understood. Reload the sidebar.' } } as R);
      })
      .withFailureHandler((error) => {
        const text = errorText(error);
        resolve(failure(`The add-on stopped with an error: ${text}.`, text) as R);
      });
    const fn = target[name];
    if (typeof fn !== 'function') {
      resolve(failure(`The add-on does not offer ${name}. Reload the sidebar.`) as R);
      return;
    }
    (fn as (...a: unknown[]) => void).apply(target, args);
  });
}
