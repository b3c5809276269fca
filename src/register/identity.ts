// Who a row is, by the register (docs/rules.md#register, #row-identity): the document's own record
// of every person it sent, and the one rule that says when a row names someone else. Pure: push,
// refresh, export, estimate and the follow-up all decide through this module.
import { idKey } from '../shared/people';
import { isMergingKey, keyOf } from '../sheet/names';
import type { Lead } from '../api/types';
import type { PersonField, PersonInput } from '../shared/person';
import { cellText } from '../shared/cells';
import { normalizeHeader, type ColumnLayout } from '../shared/headers';

/** sending: a batch is out (or was cut off); sent: the reply gave its Lead ID; void: nothing was added for it; replaced: a follow-up sent the person again. */
export type EntryState = 'sending' | 'sent' | 'void' | 'replaced';

/** The identifiers a row is compared on. */
export const ID_FIELDS = ['firstName', 'company', 'email', 'profileUrl'] as const;
export type IdField = (typeof ID_FIELDS)[number];
export type Ids = Record<IdField, string>;

/** One person the document sent. */
export interface Entry extends Ids {
  /** 1-based row of the register tab; 0 until stored. */
  at: number;
  leadId: string;
  part: string;
  /** The campaign's id (its first part's). */
  campaign: string;
  /** The tab's sheet id. */
  tab: string;
  batch: string;
  state: EntryState;
  /** Per identifier, the header it was read from ('' for none: a fallback, or no column), joined by '|'. */
  columns: string;
}

/** Names compared ignoring case and spacing; emails and profile links by digest, ignoring case and a trailing slash. */
export const norm = idKey;

/** A full-name column gave the first name: its header is kept with this mark. */
const FIRST_WORD = '~';

/** The identifiers a row sends, with the headers they come from ('' for a fallback or no column). */
export function sentIds(cells: readonly unknown[], headers: readonly string[], layout: ColumnLayout, person: PersonInput): { ids: Ids; columns: string } {
  const ids = {} as Ids;
  const cols: string[] = [];
  for (const f of ID_FIELDS) {
    ids[f] = String(person[f] || '').trim();
    let col = layout.fields[f as PersonField];
    let mark = '';
    if (f === 'firstName' && col === undefined && layout.fullName !== null) {
      col = layout.fullName;
      mark = FIRST_WORD;
    }
    // A value that is not the cell's (a fallback) is no column's evidence.
    const fromCell = col !== undefined && ids[f] !== '' && norm(f, readField(cells, col, mark)) === norm(f, ids[f]);
    cols.push(fromCell ? mark + String(headers[col!] || '').trim() : '');
  }
  return { ids, columns: cols.join('|') };
}

function readField(cells: readonly unknown[], col: number, mark: string): string {
  const v = cellText(cells[col]);
  return mark === FIRST_WORD ? v.split(' ')[0] || '' : v;
}

/** Where each header is now, by exact text first, then forgivingly. */
export function headerIndex(headers: readonly string[]): (h: string) => number {
  const exact = new Map<string, number>();
  const loose = new Map<string, number>();
  headers.forEach((h, i) => {
    const t = String(h).trim();
    if (t && !exact.has(t)) exact.set(t, i);
    const n = normalizeHeader(t);
    if (n && !loose.has(n)) loose.set(n, i);
  });
  return (h) => exact.get(h) ?? loose.get(normalizeHeader(h)) ?? -1;
}

/** Where each identifier's column is now (-1: no longer found), for the last `columns` and header order asked: rows share them. */
let whereSent: [(h: string) => number, string, { at: number; mark: string }[]] | undefined;

function columnsNow(columns: string, find: (h: string) => number): { at: number; mark: string }[] {
  if (!whereSent || whereSent[0] !== find || whereSent[1] !== columns) {
    const heads = columns.split('|');
    whereSent = [
      find,
      columns,
      ID_FIELDS.map((_, i) => {
        const h = heads[i] || '';
        const mark = h.startsWith(FIRST_WORD) ? FIRST_WORD : '';
        return { at: h ? find(h.slice(mark.length)) : -1, mark };
      }),
    ];
  }
  return whereSent[2];
}

/**
 * The identifier by which a row's cells, read from the columns the person was sent from, definitely name someone else
 * than the person sent, or null (`namesSomeoneElse` of what the cells say now). A column no longer found, an empty cell
 * or an error value is no evidence, and a cell is read only where the person sent had a value (docs/rules.md#row-identity).
 */
export function rowNamesSomeoneElse(cells: readonly unknown[], sent: Ids & { columns: string }, find: (h: string) => number): IdField | null {
  const plan = columnsNow(sent.columns, find);
  for (let i = 0; i < ID_FIELDS.length; i++) {
    const f = ID_FIELDS[i]!;
    const { at, mark } = plan[i]!;
    if (at < 0) continue;
    const cell = readField(cells, at, mark);
    // The same text names the same person: most rows of a list left running, compared at every run.
    if (cell === sent[f]) continue;
    const was = norm(f, sent[f]);
    const now = was && norm(f, cell);
    if (now && now !== was) return f;
  }
  return null;
}

/**
 * The identifier by which a row definitely names someone else than the person sent, or null. Only a
 * different non-empty value counts: capitalisation, spacing, an empty cell or an error value does not.
 */
export function namesSomeoneElse(now: Partial<Ids>, sent: Ids): IdField | null {
  for (const f of ID_FIELDS) {
    const v = norm(f, now[f]);
    const was = v && norm(f, sent[f]);
    if (was && v !== was) return f;
  }
  return null;
}

/** The batch of an entry the repair rebuilt from the service's record alone: its email and profile link are not known. */
export const RECOVERED = 'recovered';

/**
 * How a row stands to a person known by the service's record alone (no address: a lead the repair rebuilt, or the lead
 * itself while the register is broken): only the row's first name, read now, says whether it is still them
 * (docs/rules.md#register-whole).
 */
export function byFirstName(firstName: string | null | undefined, firstNameNow: string | undefined): 'theirs' | 'other' | 'unsure' {
  const now = norm('firstName', firstNameNow);
  return now === norm('firstName', firstName) ? 'theirs' : now ? 'other' : 'unsure';
}

/**
 * `byFirstName` for an entry the repair rebuilt from the service's record; any other entry's identifiers decide: 'theirs'.
 * The row's first name is read only for a rebuilt entry.
 */
export function asRecovered(e: Entry, firstNameNow: () => string | undefined): 'theirs' | 'other' | 'unsure' {
  return e.batch === RECOVERED ? byFirstName(e.firstName, firstNameNow()) : 'theirs';
}

/** A person known by name alone (a lead as the service reports it), as identifiers to compare. */
export function nameIds(p: { firstName?: string | null; company?: string | null }): Ids {
  return { firstName: p.firstName || '', company: p.company || '', email: '', profileUrl: '' };
}

/** A lead as the service records it, and where the document last saw it: a tab's id, its campaign, what its row shows. */
export interface Evidence {
  tab: string;
  campaign: string;
  ids?: Ids;
  columns?: string;
}

/**
 * The entry the service's record of a lead makes (its part, first name and company), with the email and profile link a
 * row still showing the lead's first name gives, or the register's own (`own`) — docs/rules.md#register-whole.
 */
export function evidenceEntry(lead: Lead, seen: Evidence, own?: Entry | null): Entry {
  const named = nameIds(lead);
  // Only a row that still shows the lead's first name tells its email or profile link.
  const row = seen.ids && byFirstName(named.firstName, seen.ids.firstName) === 'theirs' && !namesSomeoneElse(seen.ids, named) ? seen.ids : null;
  return {
    at: 0,
    leadId: lead.id,
    part: lead.campaignId,
    campaign: (own && own.campaign) || seen.campaign || lead.campaignId,
    tab: (own && own.tab) || seen.tab,
    batch: own ? own.batch : row ? 'repair' : RECOVERED,
    state: 'sent',
    ...named,
    email: (own && own.email) || (row && row.email) || '',
    profileUrl: (own && own.profileUrl) || (row && row.profileUrl) || '',
    columns: (own && own.columns) || seen.columns || '',
  };
}

/** The person of an entry, as the service matches people. */
export function personOf(e: Ids): PersonInput {
  const p: PersonInput = {};
  for (const f of ID_FIELDS) if (e[f]) p[f] = e[f];
  return p;
}

/** An entry counts as someone the part holds (void ones were never added; replaced ones were sent again). */
export function isLive(e: Entry): boolean {
  return e.state === 'sending' || e.state === 'sent';
}

/** What a person is told while the register does not match its fingerprint (docs/rules.md#register-whole). */
export const REGISTER_BROKEN =
  'The hidden tab “Video register” was edited by hand, so the add-on cannot tell who is new. Nothing is sent until you press “Repair the register” in the sidebar.';

/** Thrown by a sender while the register is not whole: nothing was sent. */
export class RegisterBroken extends Error {
  readonly code = 'register_broken';
  constructor() {
    super(REGISTER_BROKEN);
    this.name = 'RegisterBroken';
  }
}

/** The register read once: entries by Lead ID (the newest) and by part. */
export class Register {
  private readonly lead = new Map<string, Entry>();

  /** whole: false when the register no longer matches its fingerprint; it then holds nobody (docs/rules.md#register-whole). */
  constructor(
    readonly entries: readonly Entry[],
    readonly whole = true,
  ) {
    for (const e of entries) if (e.leadId) this.lead.set(e.leadId, e);
  }

  byLead(id: string): Entry | undefined {
    return this.lead.get(id);
  }

  /** The part a Lead ID is in, by the register; else the row's Campaign ID cell, which a person may clear or rename (docs/rules.md#register). */
  partOf(id: string, cell: string): string {
    const e = this.lead.get(id);
    return (e && e.part) || cell;
  }

  /** The parts it sent this campaign's people to: the ones its record of parts folded or, in a copy, lacks (docs/rules.md#parts). */
  partsOf(campaign: string): Set<string> {
    return new Set(this.entries.filter((e) => e.campaign === campaign).map((e) => e.part));
  }

  /** Entries of these parts. */
  of(isPart: (id: string) => boolean): Entry[] {
    return this.entries.filter((e) => isPart(e.part));
  }
}

/** Per part, the first name + company keys it holds: the service merges on them, so a second such person goes elsewhere. */
export function namesByPart(entries: readonly Entry[]): Map<string, Set<string>> {
  const m = new Map<string, Set<string>>();
  for (const e of entries) {
    if (e.state === 'void') continue;
    const key = keyOf(e);
    if (isMergingKey(key)) m.set(e.part, (m.get(e.part) || new Set()).add(key));
  }
  return m;
}
