// CacheService: string caches per user, document and script, expiring on the virtual clock.
import { GasException, GasObject, badArguments, gasApi } from './gas-object';
import type { Runtime } from './runtime';

const DEFAULT_SECONDS = 600;
const MAX_SECONDS = 21_600;
const MAX_KEY = 250;
const MAX_VALUE = 100 * 1024;

export class FakeCache extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Cache.Cache>()('Cache', ['get', 'getAll', 'put', 'putAll', 'remove', 'removeAll']);
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(
    private readonly runtime: Runtime,
    private readonly forgets: () => boolean = () => false,
  ) {
    super();
  }

  get(key: unknown): string | null {
    const k = this.key(key, 'get');
    // Best effort: under the evicting reading, every entry is gone by the next read.
    if (this.forgets()) this.entries.clear();
    const e = this.entries.get(k);
    if (!e) return null;
    if (e.expiresAt <= this.runtime.clock.now()) {
      this.entries.delete(k);
      return null;
    }
    return e.value;
  }

  getAll(keys: unknown): Record<string, string> {
    if (!Array.isArray(keys)) throw badArguments('CacheService.Cache.getAll', [keys]);
    const out: Record<string, string> = {};
    for (const k of keys) {
      const v = this.get(k);
      if (v !== null) out[k as string] = v;
    }
    return out;
  }

  put(key: unknown, value: unknown, seconds?: unknown): void {
    const k = this.key(key, 'put');
    if (typeof value !== 'string') throw badArguments('CacheService.Cache.put', [key, value, seconds]);
    if (Buffer.byteLength(value, 'utf8') > MAX_VALUE) throw new GasException('Argument too large: value');
    const s = seconds === undefined ? DEFAULT_SECONDS : Math.min(MAX_SECONDS, Number(seconds));
    if (!(s > 0)) throw badArguments('CacheService.Cache.put', [key, value, seconds]);
    this.entries.set(k, { value, expiresAt: this.runtime.clock.now() + s * 1000 });
  }

  putAll(values: unknown, seconds?: unknown): void {
    if (typeof values !== 'object' || values === null) throw badArguments('CacheService.Cache.putAll', [values, seconds]);
    for (const [k, v] of Object.entries(values)) this.put(k, v, seconds);
  }

  remove(key: unknown): void {
    this.entries.delete(this.key(key, 'remove'));
  }

  removeAll(keys: unknown): void {
    if (!Array.isArray(keys)) throw badArguments('CacheService.Cache.removeAll', [keys]);
    for (const k of keys) this.remove(k);
  }

  private key(key: unknown, method: string): string {
    if (typeof key !== 'string' || key === '') throw badArguments(`CacheService.Cache.${method}`, [key]);
    if (key.length > MAX_KEY) throw new GasException('Argument too large: key');
    return key;
  }
}

export class FakeCacheService extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Cache.CacheService>()('CacheService', ['getUserCache', 'getDocumentCache', 'getScriptCache']);
  private readonly users = new Map<string, FakeCache>();
  private readonly document: FakeCache;
  private readonly script: FakeCache;

  constructor(
    private readonly runtime: Runtime,
    private readonly forgets: () => boolean = () => false,
    /** A run without a containing document (docs/rules.md#readings): it has no document cache either. */
    private readonly noDocument: () => boolean = () => false,
  ) {
    super();
    this.document = new FakeCache(runtime, forgets);
    this.script = new FakeCache(runtime, forgets);
  }

  getUserCache(): FakeCache {
    const u = this.runtime.activeUser;
    let c = this.users.get(u);
    if (!c) this.users.set(u, (c = new FakeCache(this.runtime, this.forgets)));
    return c;
  }

  getDocumentCache(): FakeCache | null {
    return this.noDocument() ? null : this.document;
  }
  getScriptCache(): FakeCache {
    return this.script;
  }
}
