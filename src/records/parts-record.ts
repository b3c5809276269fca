// The parts record (docs/rules.md#parts): which API campaigns ("parts") make up one campaign of the add-on, as
// DocumentProperties keeps it — its shape, its key, and the split into values that keeps each under 9 KB.
import type { Props } from '../core/services';
import { getJson, keysWhere, setJson } from './json-props';
import { DOC_KEYS } from './state-keys';

export interface Part {
  id: string;
  /** People in it as the API last said; -1 when unknown (a campaign chosen from the list). */
  size: number;
  /** Generate was sent to it: it takes no new people. */
  closed: boolean;
  /** People its stop replies said were cancelled: never counted as rendering, whatever the list says (docs/rules.md#parts). */
  cancelled?: number;
  /** Full and every person finished, its failures booked: its charges' evidence is let go (docs/rules.md#refunds). */
  done?: 1;
  /** A done part's failed people, as read when it was marked (not a number: marked by an earlier version, not known). */
  failed?: number;
}

export interface CampaignParts {
  /** The first part's id: the campaign's id in the sidebar and the money calls. */
  id: string;
  name: string;
  /** Null for an existing API campaign chosen from the list: it stays one part. */
  templateId: string | null;
  goal?: string;
  parts: Part[];
  /**
   * People of earlier parts sent again to a later one (docs/rules.md#follow-up), by the status they left:
   * the tab counts each person once, as the new send.
   */
  moved?: Moved;
  /** Done parts folded into one total, the run right after the first part (docs/rules.md#parts): its ids are the register's. */
  folded?: Folded;
}

/** Parts folded into one total: how many, their people and their failed people. */
export interface Folded {
  n: number;
  size: number;
  failed: number;
}

export interface Moved {
  failed: number;
  cancelled: number;
}

const key = DOC_KEYS.parts;

/**
 * Parts per stored value: a value stays under 9 KB with ids of any plausible length (docs/rules.md#budgets), so a
 * campaign of more parts keeps the rest in further values, `<key>.1`, `<key>.2`, … ("more" says how many).
 */
const PARTS_PER_VALUE = 80;

/** The campaign bound to a tab, as its record says; a campaign chosen from the list and never split is its one part. */
export function loadParts(props: Props, bound: { id: string; name: string }): CampaignParts {
  return stored(props, key(bound.id)) || { id: bound.id, name: bound.name, templateId: null, parts: [{ id: bound.id, size: -1, closed: false }] };
}

/**
 * A part as stored: a done part (generated, nobody cancelled) is its id, size and failed people alone, for the rest is
 * what done implies — a little over half the bytes, since a list left running lets go of one such part every 500 people
 * (docs/rules.md#refunds).
 */
type StoredPart = Part | [id: string, size: number, failed?: number];

/** Generated, nobody cancelled, every person finished: nothing of it can change. */
const settled = (p: Part | undefined): p is Part => !!p && !!p.done && p.closed && !p.cancelled;
const packed = (p: Part): StoredPart => (settled(p) ? [p.id, p.size, p.failed!] : p);
const unpacked = (p: StoredPart): Part => (Array.isArray(p) ? { id: p[0], size: p[1], closed: true, done: 1, failed: p[2] } : p);

/**
 * Done parts kept one by one after the first; more are folded into a total, so a list left running for a year is stored
 * in the bytes of a month (docs/rules.md#parts).
 */
export const KEEP_DONE = 20;

/** The record with the done parts past KEEP_DONE right after the first folded into its total; never the newest part. */
function folding(c: CampaignParts): CampaignParts {
  const folded = { n: 0, size: 0, failed: 0, ...c.folded };
  let run = 0;
  // A part whose failed people are not known (an earlier version's) ends the run: the total would not know them either.
  while (run + 2 < c.parts.length && settled(c.parts[run + 1]) && typeof c.parts[run + 1]!.failed == 'number') run++;
  if (run <= KEEP_DONE) return c;
  for (const p of c.parts.slice(1, 1 + run - KEEP_DONE)) {
    folded.n++;
    folded.size += p.size;
    folded.failed += p.failed!;
  }
  return { ...c, parts: [c.parts[0]!, ...c.parts.slice(1 + run - KEEP_DONE)], folded };
}

/** A campaign's record with all its values, or null when the key holds none. */
function stored(props: Props, at: string): CampaignParts | null {
  const head = getJson<Omit<CampaignParts, 'parts'> & { parts: StoredPart[]; more?: number }>(props, at);
  if (!head || !Array.isArray(head.parts)) return null;
  const { more = 0, parts, ...c } = head;
  for (let k = 1; k <= more; k++) parts.push(...(getJson<StoredPart[]>(props, `${at}.${k}`) || []));
  return { ...c, parts: parts.map(unpacked) };
}

/** The document's campaigns of more than one part, every part of each (read with the rest of the store). */
export function splitCampaigns(props: Props): CampaignParts[] {
  const prefix = key('');
  // A further value (`<key>.1`, …) holds a list of parts, not a campaign: it reads as none.
  return keysWhere(props, (k) => k.startsWith(prefix))
    .map((k) => stored(props, k))
    .filter((c): c is CampaignParts => !!c && c.parts.length > 1);
}

export function saveParts(props: Props, whole: CampaignParts): void {
  const c = folding(whole);
  const chunks: StoredPart[][] = [];
  for (let i = 0; i < c.parts.length; i += PARTS_PER_VALUE) chunks.push(c.parts.slice(i, i + PARTS_PER_VALUE).map(packed));
  // Further values first: a reader never finds a head that names a value not yet written.
  for (let k = chunks.length - 1; k >= 1; k--) setJson(props, `${key(c.id)}.${k}`, chunks[k]);
  setJson(props, key(c.id), { ...c, parts: chunks[0] || [], ...(chunks.length > 1 ? { more: chunks.length - 1 } : {}) });
}
