// The base of every in-memory Apps Script object: its Apps Script class name and the members the
// add-on may use, so the vm bridge can refuse everything else loudly.

/** The Apps Script class an in-memory object stands for, and the members it implements. */
export interface GasApi {
  readonly name: string;
  readonly members: ReadonlySet<string>;
}

/** Declares a class's implemented members; the type parameter checks each is a real Apps Script member. */
export function gasApi<T>() {
  return <const K extends Extract<keyof T, string>>(name: string, members: readonly K[]): GasApi => ({
    name,
    members: new Set<string>(members),
  });
}

/** Every stand-in object the add-on can hold extends this; `static api` lists what it implements. */
export abstract class GasObject {
  static readonly api: GasApi = { name: 'Object', members: new Set() };
}

export function apiOf(obj: GasObject): GasApi {
  return (obj.constructor as typeof GasObject).api;
}

/** An error as Apps Script raises it: `name` is "Exception", so String(e) reads "Exception: …". */
export class GasException extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Exception';
  }
}

export function notImplemented(cls: string, member: string): Error {
  return new Error(`stand-in: ${cls}.${member} is not implemented`);
}

/** Apps Script's reply to arguments of the wrong kind. */
export function badArguments(method: string, args: readonly unknown[]): GasException {
  const kinds = args.map((a) => (a === null ? 'null' : Array.isArray(a) ? 'Object[]' : typeof a === 'object' ? 'Object' : typeof a));
  return new GasException(`The parameters (${kinds.join(',')}) don't match the method signature for ${method}.`);
}

export function requireInt(value: unknown, method: string, args: readonly unknown[]): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badArguments(method, args);
  return Math.trunc(value);
}

export function requireString(value: unknown, method: string, args: readonly unknown[]): string {
  if (typeof value !== 'string') throw badArguments(method, args);
  return value;
}
