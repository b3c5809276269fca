// Stored records at the largest campaign (docs/rules.md#budgets): 200 parts (100,000 people) with 36-character
// ids, written by the add-on's own functions into stores that refuse, as Apps Script does, a value over 9 KB or a
// store over 500 KB. Reports the largest value and each store's total.
import { createHash } from 'node:crypto';
import type { Props, Services } from '../src/core/services';
import { setJson, setJsonLarge } from '../src/records/json-props';
import { DOC_KEYS, USER_KEYS } from '../src/records/state-keys';
import { recordRefunds } from '../src/server/money/refunds';
import { PART_SIZE } from '../src/server/campaign/parts';
import { loadParts, saveParts, type CampaignParts } from '../src/records/parts-record';
import { timerRecord } from '../src/records/timer-record';
import { table, verdict } from './format';
import type { Target } from './format';

export const VALUE_LIMIT = 9 * 1024;
export const STORE_LIMIT = 500 * 1024;
const PARTS = 200;

/** A properties store with Apps Script's limits, keeping sizes for the report. */
export class LimitedProps {
  readonly map = new Map<string, string>();
  getProperty(k: string): string | null {
    return this.map.get(k) ?? null;
  }
  setProperty(k: string, v: string): this {
    if (Buffer.byteLength(v) > VALUE_LIMIT) throw new Error(`Argument too large: value (${k}, ${Buffer.byteLength(v)} bytes)`);
    const before = this.map.get(k);
    this.map.set(k, v);
    if (this.total() > STORE_LIMIT) {
      if (before === undefined) this.map.delete(k);
      else this.map.set(k, before);
      throw new Error('You have exceeded the property storage quota.');
    }
    return this;
  }
  deleteProperty(k: string): this {
    this.map.delete(k);
    return this;
  }
  total(): number {
    return [...this.map].reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
  }
  largest(): { key: string; bytes: number } {
    let best = { key: '', bytes: 0 };
    for (const [key, v] of this.map) if (Buffer.byteLength(v) > best.bytes) best = { key, bytes: Buffer.byteLength(v) };
    return best;
  }
}

/** A 36-character id, as a real service might issue ("cmp_" and 32 hex digits). */
export const longId = (n: number) => `cmp_${createHash('sha256').update(String(n)).digest('hex').slice(0, 32)}`;

export interface StorageResult {
  document: { largest: { key: string; bytes: number }; total: number; values: number };
  user: { largest: { key: string; bytes: number }; total: number; values: number };
  partsRoundTrip: boolean;
}

/** Every record the add-on keeps for one campaign of 200 parts, written by its own code where it has a function for it. */
export function storedAt200Parts(): StorageResult {
  const docStore = new LimitedProps();
  const userStore = new LimitedProps();
  const doc = docStore as unknown as Props;
  const user = userStore as unknown as Props;
  const ids = Array.from({ length: PARTS }, (_, i) => longId(i));
  const c: CampaignParts = {
    id: ids[0]!,
    name: 'Q3 outreach to founders in the Nordics and the Baltics, second wave',
    templateId: longId(-1),
    goal: 'Book a call',
    parts: ids.map((id) => ({ id, size: PART_SIZE, closed: true })),
  };
  saveParts(doc, c);
  const back = loadParts(doc, { id: c.id, name: c.name });
  setJsonLarge(doc, DOC_KEYS.quote(c.id), {
    at: Date.now(),
    parts: Object.fromEntries(ids.map((id) => [id, { leads: 500, low: 450, high: 500, balance: 1_000_000, affordable: true, currency: 'credits' }])),
  });
  const svc = {
    doc: doc,
    user: user,
    sheets: {
      getActiveSpreadsheet: () => ({
        getSheetByName: () => null,
        insertSheet: () => {
          throw new Error('no record tab here');
        },
      }),
    },
  } as unknown as Services;
  recordRefunds(svc, new Map(ids.map((id) => [id, { counts: { failed: 3, total: 500, pending: 0 } }])), c, Date.now());
  for (const id of ids) {
    // As a refresh pass and a settled part leave them (src/refresh/refresh.ts, src/server/campaign-state.ts).
    const counts = { total: 500, pending: 0, rendering: 0, complete: 497, failed: 3, cancelled: 0, skipped: 0 };
    setJson(doc, DOC_KEYS.settledPart(id), { id, name: `${c.name} · part 200`, status: 'completed', counts, stages: {} });
    setJson(doc, DOC_KEYS.refreshMemo(1_234_567_890, id), { counts, summary: `completed|500|0|497|3`, videos: 497 });
  }
  setJson(
    user,
    USER_KEYS.trigger('7301000001'),
    timerRecord(
      '1StandInSpreadsheet0000000000000000000000000',
      60,
      ids,
      [1, 2, 3, 4].map((k) => Date.now() + k * 3_600_000),
    ),
  );
  return {
    document: { largest: docStore.largest(), total: docStore.total(), values: docStore.map.size },
    user: { largest: userStore.largest(), total: userStore.total(), values: userStore.map.size },
    partsRoundTrip: JSON.stringify(back) === JSON.stringify(c),
  };
}

export function storageTargets(s: StorageResult): Target[] {
  const largest = Math.max(s.document.largest.bytes, s.user.largest.bytes);
  return [
    { what: '200 parts, 36-character ids: largest stored value', budget: `< ${VALUE_LIMIT} bytes`, measured: `${largest} bytes`, pass: largest < VALUE_LIMIT },
    {
      what: '200 parts, 36-character ids: document store total',
      budget: `< ${STORE_LIMIT} bytes`,
      measured: `${s.document.total} bytes`,
      pass: s.document.total < STORE_LIMIT,
    },
  ];
}

export function storageTable(s: StorageResult): string {
  const row = (name: string, x: StorageResult['document']) => [
    name,
    x.values,
    `${x.largest.bytes} (${x.largest.key})`,
    x.total,
    `${verdict(x.largest.bytes < VALUE_LIMIT && x.total < STORE_LIMIT)}`,
  ];
  return table(['store', 'values', 'largest value, bytes', 'total, bytes', 'within 9 KB / 500 KB'], [row('document', s.document), row('user', s.user)]);
}

export const STORAGE_NOTE =
  "One campaign of 200 parts (100,000 people), every id 36 characters, written by the add-on's own functions (parts record, quote, failed videos, timer record) and, for the per-part records a refresh pass and a settled part leave, in their shapes; each store refuses a value over 9 KB or a total over 500 KB as Apps Script does. Before this work the parts record alone was about 14 KB at 200 parts (over the limit from about 128 parts).";
