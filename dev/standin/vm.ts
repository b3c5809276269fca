// The script's world: a node:vm context with ECMAScript built-ins, a Date on the virtual clock, a
// console that writes to the stand-in's log, the Apps Script globals, and the bundle loaded into it.
import { readFileSync } from 'node:fs';
import * as vm from 'node:vm';
import type { VmRealm } from './bridge';

// Runs inside the context. Date() and new Date() read the virtual clock; everything else is the real Date.
const INSTALL = `(function (nowFn, logFn) {
  var RealDate = globalThis.Date;
  var VirtualDate = function Date(year, monthIndex, day, hours, minutes, seconds, ms) {
    if (!new.target) return new RealDate(nowFn()).toString();
    var args = arguments.length === 0 ? [nowFn()] : Array.prototype.slice.call(arguments);
    return Reflect.construct(RealDate, args, new.target);
  };
  VirtualDate.prototype = RealDate.prototype;
  Object.defineProperty(RealDate.prototype, 'constructor', { value: VirtualDate, writable: true, configurable: true, enumerable: false });
  VirtualDate.now = function now() { return nowFn(); };
  VirtualDate.parse = RealDate.parse;
  VirtualDate.UTC = RealDate.UTC;
  Object.defineProperty(globalThis, 'Date', { value: VirtualDate, writable: true, configurable: true, enumerable: false });
  var c = {};
  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    c[level] = function () { logFn(level, Array.prototype.slice.call(arguments)); };
  });
  Object.defineProperty(globalThis, 'console', { value: c, writable: true, configurable: true, enumerable: false });
})`;

/**
 * The built-ins as bindings of the context's own scope, declared once. A name the script finds on a node:vm context's
 * global object goes through node's lookup of the contextified object first, every time: the digest of an email
 * (Math.imul in a loop) took 32 µs a call instead of 5.5, which no Apps Script run pays. Same objects, same behaviour.
 */
const BUILTINS = [
  'Math',
  'JSON',
  'Object',
  'Array',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'RegExp',
  'Error',
  'TypeError',
  'RangeError',
  'Reflect',
  'Promise',
  'Date',
  'Intl',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURIComponent',
  'decodeURIComponent',
];
const LEXICAL_BUILTINS = `const ${BUILTINS.map((n) => `${n} = globalThis.${n}`).join(', ')};`;

export interface ScriptContext {
  context: vm.Context;
  /** The context's global object as the stand-in sees it (top-level functions land here). */
  global: Record<string, unknown>;
  realm: VmRealm;
}

export function createScriptContext(now: () => number, log: (level: string, args: unknown[]) => void): ScriptContext {
  const global: Record<string, unknown> = {};
  const context = vm.createContext(global, { name: 'Apps Script stand-in', codeGeneration: { strings: true, wasm: false } });
  (vm.runInContext(INSTALL, context) as (n: () => number, l: typeof log) => void)(now, log);
  // After INSTALL: Date is the virtual clock's.
  vm.runInContext(LEXICAL_BUILTINS, context);
  const realm = vm.runInContext('({ Array: Array, Object: Object, Date: Date, Error: Error, JSON: JSON })', context) as VmRealm;
  return { context, global, realm };
}

export function defineGlobals(ctx: ScriptContext, globals: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(ctx.global, name, { value, writable: true, configurable: true, enumerable: false });
  }
}

/** Compiles the bundle once and runs it: the returned function runs it again, as Apps Script does at every execution. */
export function runScript(ctx: ScriptContext, source: string, filename: string): () => void {
  const script = new vm.Script(source, { filename });
  const run = (): void => void script.runInContext(ctx.context);
  run();
  return run;
}

export function readBundle(path: string): string {
  return readFileSync(path, 'utf8');
}
