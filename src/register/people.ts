// The people a campaign holds, by the service's matching rule (docs/rules.md#row-identity), and what a row is told
// when it is someone already sent or its Lead ID is someone else's. Pure; push and refresh decide through it.
import { idKey, matchKeys } from '../shared/people';
import type { PersonInput } from '../shared/person';
import { who, type Named } from '../sheet/names';
import type { Entry } from './identity';

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
      if (key.startsWith('name:')) {
        const named = this.byName.get(key);
        if (named) named.push(k);
        else this.byName.set(key, [k]);
      } else if (!this.byId.has(key)) this.byId.set(key, k);
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

// Shared endings of the notes below: one wording, written once.
const NOT_SENT = 'this row was not sent, so nobody is added or charged twice. Change it or clear it.';
const NAMESAKE = 'is another person with the same first name and company';
const MERGED = 'the video service would merge them, so this row';

export const IDENTITY_NOTES = {
  same: (v: Extract<Verdict, { kind: 'same' }>) =>
    v.as.leadId
      ? `Same person as row ${v.as.row} (same ${v.by}), who is already in this campaign: ${NOT_SENT}`
      : `Same person as row ${v.as.row} (same ${v.by}): the video service would treat them as one, so this row was not sent. Change it or clear it.`,
  clash: (k: Known) => `${who(k.person)} of row ${k.row} ${NAMESAKE}; ${MERGED} went to a part of the campaign of its own and gets its own video.`,
  clashOnePart: (k: Known) =>
    `${who(k.person)} of row ${k.row} ${NAMESAKE}, and this campaign (picked from the list) cannot take a second one; ${MERGED} was not sent.`,
  matchedOther: (lead: Named | null, row: number | undefined) =>
    `The video service matched this row to ${lead ? who(lead) : 'someone'} already in the campaign${row ? ` (row ${row})` : ' but on no row of this tab'} (same email or profile link), not to the person this row names, so nothing was added for it. Change the row or clear it.`,
  mayBe: (k: Known) =>
    `This row may be ${who(k.person)} (lead ${k.leadId}), whose email the rebuilt register lost: not sent, so nobody is charged twice. Give it their company (${k.person.company || 'theirs'} if it is them) and add it again.`,
  stale: (leadId: string, lead: Named) =>
    `The Lead ID ${leadId} on this row was ${who(lead)}’s, not the person this row now names, so it was cleared with its links; ${who(lead)} stays in the campaign. Add selected rows sends this row as the person it names.`,
  sameElsewhere: (leadId: string, holder: { tabName: string; row: number } | null) =>
    `Same person as ${holder ? `row ${holder.row} of the tab “${holder.tabName}”` : 'one this campaign already holds'}${leadId ? ` (lead ${leadId})` : ''}, sent from another tab: ${NOT_SENT}`,
  takenBack: (leadId: string) =>
    `This person was already sent (lead ${leadId}) and was on no row of this campaign’s tabs any more, so this row takes them back: nothing was sent or charged, and the links come when the video is ready.`,
  staleSent: (leadId: string, lead: Named) =>
    `This row held the Lead ID ${leadId} of ${who(lead)}, not the person it now names, so it was sent as the person it names; ${who(lead)} stays in the campaign.`,
} as const;

/** The output cells of a row whose Lead ID belongs to someone else: cleared, with why. */
export function staleValues(leadId: string, lead: Named): Record<'leadId' | 'campaignId' | 'pageUrl' | 'videoUrl' | 'status' | 'note', string> {
  return { leadId: '', campaignId: '', pageUrl: '', videoUrl: '', status: '', note: IDENTITY_NOTES.stale(leadId, lead) };
}
