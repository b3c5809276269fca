// What each money call writes to the record (docs/rules.md#money-record): a charge as the reply stated
// it, or unknown until the campaign shows what happened; a Stop with the credits its charged people got
// back, at the balance's measured move when that alone explains it, otherwise as a range.
import type { Estimate } from '../../api/types';
import type { Services } from '../../core/services';
import { publicSettings } from '../../records/settings';
import { perPerson } from './charges';
import { chargesOf, saveCharges, type PartCharge } from '../../records/part-charges';
import { appendRecord, bookRow, exact, figureCell, UNKNOWN_CHARGE, type Row } from './ledger';
import { openOutcome, openStop } from './outcomes';
import { giveBack, refundRows, shareNote } from './refunds';
import { isoNow } from '../../core/clock';

export interface Charge {
  campaign: { id: string; name: string };
  part: string;
  action: 'preview' | 'generate';
  /** The part's estimate read just before the call. */
  quote?: Estimate;
  /** What the reply said; absent when no clear answer came back. */
  done?: { people: number; charged: number };
  /** Sent by auto mode's timer, not by a click (docs/rules.md#auto-mode). */
  auto?: boolean;
}

const NOTES = {
  preview: 'A preview renders the first few people; the quote is for everyone waiting.',
  generate: '',
  unknown: 'No clear answer came back; completed once the campaign shows what happened (within two minutes).',
};

/**
 * Records a charge: its row (the reply's creditsCharged, or unknown — never 0), its evidence for later
 * refunds, and an unknown outcome left open until the campaign's counts settle it. Booked in the
 * person's day even when the record could not be written.
 */
export function recordCharge(svc: Services, c: Charge): void {
  const at = isoNow(svc.clock);
  const { done, quote } = c;
  const key = publicSettings(svc.user).keyHint || '';
  const row: Row = {
    When: at,
    Campaign: c.campaign.name,
    Part: c.part,
    Action: `${c.action}${c.auto ? ' (auto)' : ''}${done ? '' : ' (outcome unknown)'}`,
    // A generate is for everyone waiting; how many a preview renders is not said.
    People: done ? done.people : c.action === 'generate' && quote ? quote.leads : '',
    'Credits quoted': quote ? quote.high : '',
    'Credits charged': figureCell(done ? exact(done.charged) : null),
    Key: key,
    Note: done ? NOTES[c.action] : NOTES.unknown,
  };
  appendRecord(svc, row);
  const { a, b } = perPerson(quote, (done && done.charged) || 0, (done && done.people) || 0);
  const evidence: PartCharge = done
    ? { t: at, k: key, p: done.people, lo: done.charged, hi: done.charged, a, b }
    : { t: at, k: key, p: (quote && quote.leads) || 0, lo: 0, hi: (quote && quote.high) || 0, a, b, u: 1 };
  saveCharges(svc, c.part, [...chargesOf(svc, c.part), evidence]);
  if (done) bookRow(svc, row, exact(done.charged));
  else if (quote) {
    bookRow(svc, row, null, quote.high);
    openOutcome(svc, {
      at,
      part: c.part,
      waiting: quote.leads,
      high: quote.high,
      balance: quote.balance,
      action: String(row.Action),
      key,
      campaign: c.campaign.id,
    });
  }
}

/** What is known around a Stop of one part: people waiting and the balance just before, the balance just after. */
export interface StopEvidence {
  waitingBefore: number | null;
  balanceBefore: number | null;
  balanceAfter?: number | null;
  cancelledBefore?: number | null;
}

/**
 * A Stop's row: it charges nothing and gives back the credits of the charged people it cancelled before
 * they started, never of people never generated. One row per paying key (the stop's own row carries the
 * newest charge's share). Without an answer its figure is unknown, never 0, until the part's counts tell.
 */
export function recordStop(svc: Services, c: { campaign: { id: string; name: string }; part: string; stopped?: number }, ev: StopEvidence): void {
  const at = isoNow(svc.clock);
  const base: Row = { When: at, Campaign: c.campaign.name, Part: c.part };
  const payer = chargesOf(svc, c.part).at(-1)?.k ?? (publicSettings(svc.user).keyHint || '');
  if (c.stopped === undefined) {
    const note = 'No clear answer came back; a stop never charges. Completed once the campaign shows whether it stopped (within two minutes).';
    appendRecord(svc, { ...base, Action: 'stop (outcome unknown)', 'Credits charged': UNKNOWN_CHARGE, Key: payer, Note: note });
    openStop(svc, { at, part: c.part, campaign: c.campaign, waitingBefore: ev.waitingBefore, cancelledBefore: ev.cancelledBefore ?? null, key: payer });
    return;
  }
  const charged = ev.waitingBefore === null ? null : Math.max(0, c.stopped - ev.waitingBefore);
  const moved = ev.balanceBefore !== null && ev.balanceAfter != null ? ev.balanceAfter - ev.balanceBefore : null;
  const [first, ...rest] = charged === null ? [] : giveBack(svc, c.part, charged, moved);
  const figure = charged === 0 ? exact(0) : (first && first.figure) || null;
  const row: Row = {
    ...base,
    Action: 'stop',
    People: c.stopped,
    'Credits charged': figureCell(figure),
    Key: (first && first.key) ?? payer,
    Note: `${c.stopped} cancelled${first ? `, ${shareNote(first)}` : charged === null ? '; how many of them were charged is not known.' : ', none of them charged.'} A stop charges nothing.`,
  };
  if (appendRecord(svc, row) && figure) bookRow(svc, row, figure);
  refundRows(svc, base, rest, shareNote);
}
