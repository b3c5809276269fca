// The border between the script's realm (the vm) and the stand-in's: service objects cross as proxies
// that expose only implemented Apps Script members (anything else fails loudly), values are copied
// into the right realm (arrays, plain objects, Dates, errors), and every call is counted.
import { GasException, GasObject, apiOf, notImplemented } from './gas-object';
import type { Runtime } from './runtime';

/** Constructors of the script's realm, so values handed to it pass its instanceof checks. */
export interface VmRealm {
  Array: ArrayConstructor;
  Object: ObjectConstructor;
  Date: DateConstructor;
  Error: ErrorConstructor;
  JSON: JSON;
}

const tag = (v: object) => Object.prototype.toString.call(v);
const isDate = (v: object): v is Date => tag(v) === '[object Date]';

/** A plain object of either realm: its prototype is some realm's Object.prototype, or null. */
function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

const OBJECT_BASICS = new Set(['valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'constructor']);

export class Bridge {
  private readonly hostOf = new WeakMap<object, GasObject>();

  constructor(
    private readonly realm: VmRealm,
    private readonly runtime: Runtime,
    /** How a service's exception reads to the script (the exceptionWords reading). */
    private readonly words: (message: string) => string = (m) => m,
  ) {}

  /** The stand-in object behind a proxy the script holds, if it is one. */
  unwrap(v: unknown): GasObject | undefined {
    return typeof v === 'object' && v !== null ? this.hostOf.get(v) : undefined;
  }

  toVm(v: unknown): unknown {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return v;
    // Blocks of cell values are most of what crosses: an array is never a service object or a proxy, and a primitive
    // in it is taken as it is.
    if (Array.isArray(v)) {
      const out = new this.realm.Array<unknown>(v.length);
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        out[i] = x === null || (typeof x !== 'object' && typeof x !== 'function') ? x : this.toVm(x);
      }
      return out;
    }
    if (v instanceof GasObject) return this.wrap(v);
    if (typeof v === 'function') throw new Error('stand-in bug: a function cannot be handed to the script');
    if (this.hostOf.has(v)) return v;
    if (isDate(v)) return new this.realm.Date(v.getTime());
    if (v instanceof Error) return this.vmError(v);
    if (isPlain(v)) {
      const out = new this.realm.Object() as Record<string, unknown>;
      for (const [k, x] of Object.entries(v)) out[k] = this.toVm(x);
      return out;
    }
    throw new Error(`stand-in bug: cannot hand ${tag(v)} to the script`);
  }

  toHost(v: unknown): unknown {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return v;
    const host = this.hostOf.get(v);
    if (host) return host;
    if (typeof v === 'function') return v;
    if (Array.isArray(v)) return v.map((x) => this.toHost(x));
    if (isDate(v)) return new Date(Date.prototype.getTime.call(v));
    if (isPlain(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.toHost(x)]));
    throw new Error(`stand-in: Apps Script services cannot take ${tag(v)} here`);
  }

  /** An error the script can catch: its realm's Error (so `instanceof Error` holds), same name and message. */
  vmError(e: unknown): Error {
    if (e instanceof this.realm.Error) return e;
    const source = e instanceof Error ? e : new Error(String(e));
    const err = new this.realm.Error(source instanceof GasException ? this.words(source.message) : source.message);
    if (source.name !== 'Error') err.name = source.name;
    err.stack = `${source.name}: ${err.message}\n${(source.stack ?? '').split('\n').slice(1).join('\n')}`;
    return err;
  }

  /** The script's view of a service object: implemented members only, everything else throws. */
  wrap(obj: GasObject): object {
    const api = apiOf(obj);
    const target = new this.realm.Object();
    const proxy = new Proxy(target, {
      get: (t, prop, receiver) => {
        if (typeof prop === 'symbol') return prop === Symbol.toStringTag ? api.name : undefined;
        if (!api.members.has(prop)) {
          if (prop === 'toString') return () => api.name;
          if (OBJECT_BASICS.has(prop)) return Reflect.get(t, prop, receiver);
          if (prop === 'toJSON' || prop === 'then') return undefined;
          throw this.vmError(notImplemented(api.name, prop));
        }
        const value: unknown = Reflect.get(obj, prop);
        if (typeof value !== 'function') {
          if (value === undefined) throw this.vmError(new Error(`stand-in bug: ${api.name}.${prop} is declared but missing`));
          return this.toVm(value);
        }
        return (...args: unknown[]) => this.invoke(obj, api.name, prop, value as (...a: unknown[]) => unknown, args);
      },
      set: (_t, prop) => {
        throw this.vmError(new Error(`stand-in: cannot set ${api.name}.${String(prop)}`));
      },
      has: (_t, prop) => typeof prop === 'string' && api.members.has(prop),
      ownKeys: () => [],
      getOwnPropertyDescriptor: () => undefined,
      defineProperty: () => false,
      deleteProperty: () => false,
    });
    this.hostOf.set(proxy, obj);
    return proxy;
  }

  private invoke(obj: GasObject, cls: string, member: string, fn: (...a: unknown[]) => unknown, args: unknown[]): unknown {
    try {
      this.runtime.beforeCall(cls, member);
      const out = fn.apply(
        obj,
        args.map((a) => this.toHost(a)),
      );
      if (cls === 'Range' && (member === 'getValues' || member === 'getDisplayValues')) this.runtime.counters.cellsRead += cellsOf(out);
      return this.toVm(out);
    } catch (e) {
      throw this.vmError(e);
    }
  }
}

/** Cells of a block of values (rows × columns). */
function cellsOf(block: unknown): number {
  return Array.isArray(block) ? block.reduce((n: number, row: unknown) => n + (Array.isArray(row) ? row.length : 0), 0) : 0;
}
