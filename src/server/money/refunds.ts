// Credits coming back (docs/rules.md#refunds): of a Stop's charged people and of failed videos, only of
// what was charged, booked once, under the key that paid for those people, at what evidence proves.
import type { CampaignDetail, CampaignSummary } from '../../api/types';
import { failedCounts, saveFailedCounts } from '../../records/failed-counts';
import { shortHash } from '../../core/hash';
import type { Services } from '../../core/services';
import { PART_SIZE } from '../campaign/parts';
import { partsWithOpenOutcome } from '../../records/open-outcomes';
import { loadParts, saveParts, type CampaignParts } from '../../records/parts-record';
import type { BoundCampaign } from '../../records/tab-state';
import { takeBack } from './charges';
import { chargesOf, saveCharges } from '../../records/part-charges';
import { forgetPart } from '../../records/part-memory';
import { appendRecord, bookRow, figureCell, rangeNote, type Figure, type Row } from './ledger';
import { isoNow, utcDay } from '../../core/clock';

/** One paying key's share of what came back. */
export interface Share {
  key: string;
  people: number;
  figure: Figure;
  /** Not taken off today's spend (docs/rules.md#refunds). */
  notToday?: boolean;
}

/** n charged people of a part given back, per paying key (newest charge first); `moved`: the balance's measured rise. */
export function giveBack(svc: Services, part: string, n: number, moved: number | null = null, anyone = false): Share[] {
  return n > 0 ? takeBack(svc, part, n, moved, anyone) : [];
}

/** The credits a share gives back, worded: "2 charged · 44–66 credits back; the service does not say which." */
export function shareNote(s: Share): string {
  return `${s.people} charged${rangeNote(s.figure) || ` · ${-s.figure.lo} credits back.`}`;
}

/** A refund row per share, after `first` (a stop's own row, which carries the first share); false when one could not be written. */
export function refundRows(svc: Services, base: Row, shares: Share[], why: (s: Share) => string): boolean {
  let ok = true;
  for (const s of shares) {
    const row: Row = { ...base, Action: 'refund', People: s.people, 'Credits charged': figureCell(s.figure), Key: s.key, Note: why(s) };
    if (!appendRecord(svc, row)) ok = false;
    else if (s.key && !s.notToday) bookRow(svc, row, s.figure);
  }
  return ok;
}

/**
 * Records the credits of newly failed videos coming back, from the parts' counts just read (never from
 * a part not read: it is left out of `details`). Idempotent on its evidence, whoever reads the same count
 * (a poll, a timer, a colleague); callers hold the document lock.
 */
export function recordRefunds(
  svc: Services,
  details: ReadonlyMap<string, { counts: Pick<CampaignDetail['counts'], 'failed' | 'total' | 'pending'> & { cancelled?: number } }>,
  campaign: Pick<CampaignParts, 'id' | 'name' | 'parts'>,
  at: number,
): void {
  const base = failedCounts(svc.doc, campaign.id, 'base');
  const booked = failedCounts(svc.doc, campaign.id, 'booked');
  const h = (part: string) => shortHash(part);
  // A done part's failures are all booked and its counts let go (below): it is never looked at again.
  const fresh = [...details].filter(
    ([part, d]) => !campaign.parts.some((p) => p.id === part && p.done) && d.counts.failed > Math.max(base[h(part)] || 0, booked[h(part)] || 0),
  );
  if (fresh.length === 0) return;
  for (const [part, { counts: c }] of fresh) {
    const failed = c.failed;
    // Not charged by the add-on (yet): these failures are not its to book.
    if (chargesOf(svc, part).length === 0) {
      base[h(part)] = failed;
      continue;
    }
    const seen = Math.max(base[h(part)] || 0, booked[h(part)] || 0);
    const live = chargesOf(svc, part).filter((c) => c.p > 0);
    // Counts read before a charge of the part do not hold that charge's people: the next read books.
    if (live.some((c) => Date.parse(c.t) >= at)) continue;
    // People whose charge stands that this record's charges do not hold were charged by another document (a copy) or
    // before the add-on: a failure may be one of theirs, so only failures beyond them are this record's (docs/rules.md#refunds).
    const others = c.total - c.pending - seen - (c.cancelled || 0) - live.reduce((s, x) => s + x.p, 0);
    const n = failed - seen - Math.max(0, others);
    if (n <= 0) continue;
    const row: Row = { When: isoNow(svc.clock), Campaign: campaign.name, Part: part };
    const payers = [...new Set(live.map((c) => c.k))];
    // Whose video failed is not known: when any charge that may have paid for it was made an earlier UTC day, the credits
    // may have come back that day, so they are not taken off today's spend (docs/rules.md#refunds).
    const earlier = live.some((c) => c.t.slice(0, 10) !== utcDay(svc.clock));
    let shares = giveBack(svc, part, n, null, true);
    // Two keys paid for people of this part: nothing says whose person failed, so no key's spend goes down (docs/rules.md#refunds).
    const whose = payers.length > 1 ? ` Paid by ${payers.join(' or ')}: the service does not say which, so neither key's spend goes down.` : '';
    if (whose) shares = [{ key: '', people: n, figure: shares.reduce((f, x) => ({ lo: f.lo + x.figure.lo, hi: f.hi + x.figure.hi }), { lo: 0, hi: 0 }) }];
    for (const x of shares) x.notToday = earlier;
    const why = (s: Share) =>
      `${s.people} video${s.people > 1 ? 's' : ''} failed; the service gives ${s.people > 1 ? 'their' : 'its'} credits back${rangeNote(s.figure) || '.'}${whose}${s.notToday && s.key ? ' Charged an earlier day, so not taken off today’s spend.' : ''}`;
    refundRows(svc, row, shares, why);
    booked[h(part)] = seen + n;
  }
  saveFailedCounts(svc.doc, campaign.id, 'base', base);
  saveFailedCounts(svc.doc, campaign.id, 'booked', booked);
}

/**
 * The timer's share: failed videos' credits coming back, seen in the campaign list it already holds or in the details its
 * refresh read (both since `at`; no request of its own). A part the list no longer shows (a crowded workspace) is read by
 * the refresh as it finishes, so it is booked and let go too.
 */
export function refundsFromList(
  svc: Services,
  bound: BoundCampaign | null,
  list: () => ReadonlyMap<string, CampaignSummary> | null,
  at: number,
  read: ReadonlyMap<string, CampaignDetail>,
): void {
  if (!bound) return;
  let summaries: ReadonlyMap<string, CampaignSummary>;
  try {
    summaries = list() || new Map();
  } catch {
    return; // The next run sees them.
  }
  const parts = loadParts(svc.doc, bound);
  const failed = new Map(
    parts.parts.flatMap((p) => {
      const s = summaries.get(p.id);
      const d = read.get(p.id);
      const c = (d && d.counts) || (s && { failed: s.failed, total: s.leadCount, pending: s.waiting, complete: s.complete, cancelled: p.cancelled });
      return c ? [[p.id, { counts: c }] as const] : [];
    }),
  );
  recordRefunds(svc, failed, parts, at);
  // A full part whose every person is finished gives nothing back any more: its charges and failed counts are let go, so
  // the records do not grow with the parts of a list left running (docs/rules.md#refunds). Cancelled or skipped people keep them.
  const booked = failedCounts(svc.doc, parts.id, 'booked');
  const open = partsWithOpenOutcome(svc.doc);
  const done = parts.parts.filter((p) => {
    const f = failed.get(p.id);
    const c = f && f.counts;
    return (
      !p.done && c && c.total >= PART_SIZE && !c.pending && c.complete + c.failed === c.total && (booked[shortHash(p.id)] || 0) >= c.failed && !open.has(p.id)
    );
  });
  if (!done.length) return;
  const base = failedCounts(svc.doc, parts.id, 'base');
  for (const p of done) {
    saveCharges(svc, p.id, []);
    delete base[shortHash(p.id)];
    delete booked[shortHash(p.id)];
    const c = failed.get(p.id)!.counts;
    // Summed from the parts record from now on: nothing else of it is kept.
    forgetPart(svc.doc, p.id);
    p.done = 1;
    p.size = c.total;
    p.failed = c.failed;
  }
  saveParts(svc.doc, parts);
  saveFailedCounts(svc.doc, parts.id, 'base', base);
  saveFailedCounts(svc.doc, parts.id, 'booked', booked);
}
