// Who a row is (docs/rules.md#sheet, "One person, one row, one video"): a row's person from its cells, the
// service's matching rule, and whether a row is still the lead its Lead ID names. Pure; one rule for
// push, refresh, export and the sidebar alike.
import { FIELD_LABELS, idKey, matchKeys } from '../api/people';
import { PERSON_FIELDS, type PersonField, type PersonInput } from '../api/types';
import type { FinishedVideo } from '../api/types';
import { cellText, urlKey } from './cells';
import type { ColumnLayout } from './headers';
import type { Entry } from '../register/identity';

export interface RowPerson {
  person: PersonInput;
  /** Sentences about fallbacks used, for the row's note. */
  notes: string[];
  /** True when no mapped cell of the row holds anything. */
  empty: boolean;
}

export type Fallbacks = Partial<Record<PersonField, string>>;

export function personFromRow(cells: readonly unknown[], layout: ColumnLayout, fallbacks: Fallbacks): RowPerson {
  const person: PersonInput = {};
  const notes: string[] = [];
  let empty = true;
  for (const f of PERSON_FIELDS) {
    const col = layout.fields[f];
    let value = col === undefined ? '' : cellText(cells[col]);
    if (f === 'firstName' && col === undefined && layout.fullName !== null) {
      value = cellText(cells[layout.fullName]).split(' ')[0] || '';
    }
    if (value) empty = false;
    const fallback = (fallbacks[f] || '').trim();
    if (!value && fallback) {
      value = fallback;
      notes.push(`${FIELD_LABELS[f]} was empty, so “${fallback}” was used.`);
    }
    if (value) person[f] = value;
  }
  return { person, notes, empty };
}

/** The identity of a row's content: two rows with the same fingerprint are interchangeable. */
export function fingerprint(p: PersonInput): string {
  return PERSON_FIELDS.map((f) => p[f] || '').join('\u0001');
}

/** How the API pairs people: first name and company, compared ignoring case and spacing. */
export function nameKey(firstName: string | null | undefined, company: string | null | undefined): string {
  const n = (s: string | null | undefined) => (s || '').trim().replace(/\s+/g, ' ').toLowerCase();
  return `${n(firstName)}\u0001${n(company)}`;
}

/** A name as the service reports it (a lead, a reply's person, a finished video) or as a row holds it. */
export interface Named {
  firstName?: string | null;
  company?: string | null;
}

export function keyOf(p: Named): string {
  return nameKey(p.firstName, p.company);
}

/** Whether a row's person is the lead named: same first name and company ("jon smith" is "Jon  Smith"). */
export function isNamed(row: Named, lead: Named): boolean {
  return keyOf(row) === keyOf(lead);
}

/** A name key the service merges on: both first name and company present. */
export function isMergingKey(key: string): boolean {
  const [first, company] = key.split('\u0001');
  return !!first && !!company;
}

/** A part's finished videos, found by page and by name. */
export interface VideoIndex {
  byUrl: Map<string, FinishedVideo>;
  byName: Map<string, FinishedVideo[]>;
}

export function indexVideos(list: readonly FinishedVideo[]): VideoIndex {
  const byUrl = new Map<string, FinishedVideo>();
  const byName = new Map<string, FinishedVideo[]>();
  for (const v of list) {
    if (!byUrl.has(urlKey(v.url))) byUrl.set(urlKey(v.url), v);
    byName.set(keyOf(v), [...(byName.get(keyOf(v)) || []), v]);
  }
  return { byUrl, byName };
}

/**
 * Which finished video of its part goes on a row (docs/rules.md#row-identity), for refresh and export
 * alike. `name` is the row's key as sent (none when not known); `shared` when other rows of the part
 * hold the same name. The name is tried first: within one part the service merges people of one first
 * name and company, so the one video of a name that only this row holds is its person's. A page already
 * in the row (written by an older version) decides only when the name names no single video, and a
 * video is never given to a row whose name differs from it: a stale page of someone else must not keep
 * a row from its own video, nor hand it another person's.
 */
export function videoForRow(row: { name?: string; page?: string; shared?: boolean }, videos: VideoIndex): FinishedVideo | undefined {
  const named = row.name !== undefined && isMergingKey(row.name) && !row.shared ? videos.byName.get(row.name) : undefined;
  const v = named?.length === 1 ? named[0] : row.page ? videos.byUrl.get(urlKey(row.page)) : undefined;
  return v && (row.name === undefined || keyOf(v) === row.name) ? v : undefined;
}

/** The row's first name and company as sent: a row's name key, with the tab's mapping and fallbacks. */
export function rowKey(cells: readonly unknown[], layout: ColumnLayout, fallbacks: Fallbacks): string {
  return keyOf(personFromRow(cells, layout, fallbacks).person);
}

/** A Lead ID on rows naming different people is asked of the lead itself: at most this many a run, the rest the next. */
export const DOUBTS_PER_RUN = 20;

/** Someone the campaign already holds or the push is about to send: the row naming them. */
export interface Known {
  row: number;
  person: PersonInput;
  leadId?: string;
  part?: string;
  entry?: Entry;
}

export type Verdict =
  /** The service would take the row for this person: not sent (docs/rules.md#row-identity). */
  | { kind: 'same'; as: Known; by: 'email' | 'profile link' | 'first name and company' }
  /** Someone new; `clash` is a different person with the same first name and company, whom the service would merge. */
  | { kind: 'new'; clash?: Known };

/** Two people the service merges by name alone are different when an email or a profile link says so. */
function distinct(a: PersonInput, b: PersonInput): boolean {
  const k = (p: PersonInput, f: 'email' | 'profileUrl') => idKey(f, p[f]);
  return (
    (!!k(a, 'email') && !!k(b, 'email') && k(a, 'email') !== k(b, 'email')) ||
    (!!k(a, 'profileUrl') && !!k(b, 'profileUrl') && k(a, 'profileUrl') !== k(b, 'profileUrl'))
  );
}

/** The people of a campaign (every part) and of the rows selected so far, by the service's matching rule. */
export class People {
  private readonly byId = new Map<string, Known>();
  private readonly byName = new Map<string, Known[]>();

  add(k: Known): void {
    for (const key of matchKeys(k.person)) {
      if (key.startsWith('name:')) this.byName.set(key, [...(this.byName.get(key) || []), k]);
      else if (!this.byId.has(key)) this.byId.set(key, k);
    }
  }

  check(person: PersonInput): Verdict {
    const keys = matchKeys(person);
    for (const key of keys) {
      const known = this.byId.get(key);
      if (known) return { kind: 'same', as: known, by: key.startsWith('email:') ? 'email' : 'profile link' };
    }
    const named = keys.filter((k) => k.startsWith('name:')).flatMap((k) => this.byName.get(k) || []);
    const same = named.find((k) => !distinct(k.person, person));
    if (same) return { kind: 'same', as: same, by: 'first name and company' };
    return named.length > 0 ? { kind: 'new', clash: named[0]! } : { kind: 'new' };
  }
}

/** A person in words: “Sarah at Google”. */
export const who = (p: Named) => [p.firstName, p.company].filter(Boolean).join(' at ') || 'someone';

export const IDENTITY_NOTES = {
  same: (v: Extract<Verdict, { kind: 'same' }>) =>
    v.as.leadId
      ? `Same person as row ${v.as.row} (same ${v.by}), who is already in this campaign: this row was not sent, so nobody is added or charged twice. Change it or clear it.`
      : `Same person as row ${v.as.row} (same ${v.by}): the video service would treat them as one, so this row was not sent. Change it or clear it.`,
  clash: (k: Known) =>
    `${who(k.person)} of row ${k.row} is another person with the same first name and company; the video service would merge them, so this row went to a part of the campaign of its own and gets its own video.`,
  clashOnePart: (k: Known) =>
    `${who(k.person)} of row ${k.row} is another person with the same first name and company, and this campaign (picked from the list) cannot take a second one; the video service would merge them, so this row was not sent.`,
  matchedOther: (lead: Named | null, row: number | undefined) =>
    `The video service matched this row to ${lead ? who(lead) : 'someone'} already in the campaign${row ? ` (row ${row})` : ' but on no row of this tab'} (same email or profile link), not to the person this row names, so nothing was added for it. Change the row or clear it.`,
  mayBe: (k: Known) =>
    `This row may be ${who(k.person)} (lead ${k.leadId}), whose email the rebuilt register lost: not sent, so nobody is charged twice. Give it their company (${k.person.company || 'theirs'} if it is them) and add it again.`,
  stale: (leadId: string, lead: Named) =>
    `The Lead ID ${leadId} on this row was ${who(lead)}’s, not the person this row now names, so it was cleared with its links; ${who(lead)} stays in the campaign. Add selected rows sends this row as the person it names.`,
  sameElsewhere: (leadId: string, holder: { tabName: string; row: number } | null) =>
    `Same person as ${holder ? `row ${holder.row} of the tab “${holder.tabName}”` : 'one this campaign already holds'}${leadId ? ` (lead ${leadId})` : ''}, sent from another tab: this row was not sent, so nobody is added or charged twice. Change it or clear it.`,
  takenBack: (leadId: string) =>
    `This person was already sent (lead ${leadId}) and was on no row of this campaign’s tabs any more, so this row takes them back: nothing was sent or charged, and the links come when the video is ready.`,
  staleSent: (leadId: string, lead: Named) =>
    `This row held the Lead ID ${leadId} of ${who(lead)}, not the person it now names, so it was sent as the person it names; ${who(lead)} stays in the campaign.`,
} as const;

/** The output cells of a row whose Lead ID belongs to someone else: cleared, with why. */
export function staleValues(leadId: string, lead: Named): Record<'leadId' | 'campaignId' | 'pageUrl' | 'videoUrl' | 'status' | 'note', string> {
  return { leadId: '', campaignId: '', pageUrl: '', videoUrl: '', status: '', note: IDENTITY_NOTES.stale(leadId, lead) };
}
