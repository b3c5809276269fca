// PropertiesService: string stores per user, per document and per script, with Apps Script's size limits.
import { GasException, GasObject, badArguments, gasApi } from './gas-object';
import type { Runtime } from './runtime';

import type { Readings } from './readings';

/** The largest property under each reading (docs/rules.md#readings): 9 KB of value, or 8,066 bytes of key and value. */
export const PROPERTY_LIMITS = { 'value-9216': 9 * 1024, 'key-and-value-8066': 8066 } as const;
const STORE_LIMIT = 500 * 1024;

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

export class FakeProperties extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Properties.Properties>()('Properties', [
    'getProperty',
    'setProperty',
    'setProperties',
    'getProperties',
    'deleteProperty',
    'deleteAllProperties',
    'getKeys',
  ]);
  private readonly map = new Map<string, string>();

  constructor(private readonly limit: () => Readings['propertyValueLimit'] = () => 'value-9216') {
    super();
  }

  /** The bytes this property counts against its limit under the reading in force. */
  sizeOf(key: string, value: string): number {
    return this.limit() === 'key-and-value-8066' ? bytes(key) + bytes(value) : bytes(value);
  }

  /** The limit one property's size is held to under the reading in force. */
  get valueLimit(): number {
    return PROPERTY_LIMITS[this.limit()];
  }

  getProperty(key: unknown): string | null {
    if (typeof key !== 'string') throw badArguments('PropertiesService.Properties.getProperty', [key]);
    return this.map.get(key) ?? null;
  }

  setProperty(key: unknown, value: unknown): this {
    this.put(new Map([[this.key(key, 'setProperty'), this.value(value, 'setProperty', [key, value])]]), false);
    return this;
  }

  setProperties(properties: unknown, deleteAllOthers?: unknown): this {
    if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
      throw badArguments('PropertiesService.Properties.setProperties', [properties, deleteAllOthers]);
    }
    const entries = new Map<string, string>();
    for (const [k, v] of Object.entries(properties)) entries.set(k, this.value(v, 'setProperties', [properties]));
    this.put(entries, deleteAllOthers === true);
    return this;
  }

  getProperties(): Record<string, string> {
    return Object.fromEntries(this.map);
  }

  getKeys(): string[] {
    return [...this.map.keys()];
  }

  deleteProperty(key: unknown): this {
    this.map.delete(this.key(key, 'deleteProperty'));
    return this;
  }

  deleteAllProperties(): this {
    this.map.clear();
    return this;
  }

  private key(key: unknown, method: string): string {
    if (typeof key !== 'string' || key === '') throw badArguments(`PropertiesService.Properties.${method}`, [key]);
    return key;
  }

  /** Apps Script stores strings: other primitives become their text; nothing else is accepted. */
  private value(value: unknown, method: string, args: unknown[]): string {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw badArguments(`PropertiesService.Properties.${method}`, args);
  }

  private put(entries: Map<string, string>, replaceAll: boolean): void {
    for (const [k, v] of entries) if (this.sizeOf(k, v) > this.valueLimit) throw new GasException('Argument too large: value');
    const next = new Map(replaceAll ? [] : this.map);
    for (const [k, v] of entries) next.set(k, v);
    let total = 0;
    for (const [k, v] of next) total += bytes(k) + bytes(v);
    if (total > STORE_LIMIT) throw new GasException('You have exceeded the property storage quota. Please remove some properties and try again.');
    this.map.clear();
    for (const [k, v] of next) this.map.set(k, v);
  }
}

/** The stores, inspectable by tests: user(email?) defaults to the current user. */
export class PropertyStores {
  readonly document: FakeProperties;
  readonly script: FakeProperties;

  constructor(
    private readonly runtime: Runtime,
    /** Per user, shared by every document of that user (another stand-in's, for a second document). */
    readonly users = new Map<string, FakeProperties>(),
    private readonly limit: () => Readings['propertyValueLimit'] = () => 'value-9216',
  ) {
    this.document = new FakeProperties(limit);
    this.script = new FakeProperties(limit);
  }

  /** Every store, the users' included, with a name for reports. */
  all(): [string, FakeProperties][] {
    return [['document', this.document], ['script', this.script], ...[...this.users].map(([u, p]): [string, FakeProperties] => [`user ${u}`, p])];
  }

  user(email: string = this.runtime.activeUser): FakeProperties {
    let p = this.users.get(email);
    if (!p) this.users.set(email, (p = new FakeProperties(this.limit)));
    return p;
  }
}

export class FakePropertiesService extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.Properties.PropertiesService>()('PropertiesService', [
    'getUserProperties',
    'getDocumentProperties',
    'getScriptProperties',
  ]);
  /** noDocument: a run with no containing document, where getDocumentProperties() is null. */
  constructor(
    private readonly stores: PropertyStores,
    private readonly noDocument: () => boolean = () => false,
  ) {
    super();
  }
  getUserProperties(): FakeProperties {
    return this.stores.user();
  }
  getDocumentProperties(): FakeProperties | null {
    return this.noDocument() ? null : this.stores.document;
  }
  getScriptProperties(): FakeProperties {
    return this.stores.script;
  }
}
