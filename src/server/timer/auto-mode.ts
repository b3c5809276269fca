// Auto mode (docs/rules.md#auto-mode): a standing order on one tab. Each run of its owner's timer
// adds the rows never sent that read the same at two readings in a row (free, through the push path),
// then generates the parts with people waiting, in order, each only if a fresh estimate fits in what
// is left of today's limit (docs/rules.md#spending-limit), then the usual refresh runs.
import { campaignsById } from '../../api/client';
import type { ApiClient } from '../../api/client';
import { apiCode } from '../../api/errors';
import { sentenceFor } from '../../api/sentences';
import type { CampaignSummary } from '../../api/types';
import { activeSpreadsheet, type Props, type Services } from '../../core/services';
import { isCutOff } from '../../push/push';
import { forgetPart } from '../../records/part-memory';
import { cellText } from '../../shared/cells';
import { readLeadRows, readOutputs, readRowsAt, type OutputRow } from '../../sheet/lead-rows';
import { openTable, RowWriter, type Sheet, idOf } from '../../sheet/table';
import { apiClient, boundTab, requireSettings, RUN_BUDGET_MS, sheetState, tryDocumentLock, withDocumentLock } from '../context';
import type { AutoModeArgs, AutoModeInfo, AutoModeReply, Reply } from '../contract';
import { recordCharge } from '../money/record';
import { recordRoom } from '../money/ledger';
import { stopOpenIn, unsettledOf } from '../money/outcomes';
import { AddonError, toFailure } from '../failure';
import { handle } from '../handle';
import { limitFigures, roomToday, withSpendLock } from '../money/today';
import { dailyLimit } from '../../records/limit';
import { partMayRender } from '../../shared/may-render';
import { partIds } from '../campaign/parts';
import { loadParts, saveParts, type CampaignParts, type Part } from '../../records/parts-record';
import { sendRows } from '../campaign/send-rows';
import { orphansIn } from '../money/orphans';
import { keyHint, keyReadOnly, publicSettings } from '../../records/settings';
import { theirKey } from '../../shared/their-key';
import { fnv, FNV_START } from '../../core/hash';
import {
  dropAutoRecords,
  freshAuto,
  readAuto,
  readRun,
  sameOrder,
  saveSeenReadings,
  seenReadings,
  writeAuto,
  writeRun,
  type AutoMode,
  type AutoRun,
} from '../../records/auto-records';
import type { AutoRefreshOwner, SheetState } from '../../records/tab-state';
import { installTimer, setAutoRefresh, timerInterval } from './timer';
import { userId } from '../../records/user-id';
import { noteTimerActed } from '../../records/timer-news';
import { isoNow, utcDay, nowOf } from '../../core/clock';

/** Rows remembered per reading (about 8 bytes each, within the 9 KB a value may hold); the rest wait a run. */
const SEEN_MAX = 1_000;

export const AUTO_NOTES = {
  limit: (n: number) => `Waiting: today’s limit of ${n} credits is reached; continues tomorrow.`,
  credits: 'Waiting: not enough credits; continues once the balance covers it.',
  unknown: 'Waiting: the last automatic Generate got no clear answer; continues once the campaign shows what happened.',
  noLimit: 'Waiting: no daily limit is set, so auto mode charges nothing. Set a limit to go on.',
} as const;

const NO_LIMIT = 'Auto mode spends credits by itself, so it needs a daily limit: set one under Spending first.';
const NOT_OWNER = (svc: Services, hint: string | null) =>
  `Auto mode on this tab is run by someone else ${theirKey(hint, publicSettings(svc.user).keyHint)}. Only they can change it while it is on.`;

/** A short, stable reading of a row's own cells (output columns left out). */
function reading(cells: readonly string[], outputs: ReadonlySet<number>): string {
  // The add-on's own columns are left out, so adding them (on the first push) changes no reading.
  const own = cells.filter((_, i) => !outputs.has(i)).map(cellText);
  while (own.length > 0 && !own[own.length - 1]) own.pop();
  const text = own.join('\u0001');
  return fnv(FNV_START, text).toString(36);
}

/**
 * Whether a row is one auto mode sends: no Lead ID, and no status — or left `sending` by a send whose
 * answer was lost, unless the push path said sending it again could add the person twice.
 */
function sendable(r: OutputRow): boolean {
  return (!r.leadId && r.status === '') || isCutOff(r);
}

/** Rows auto mode would send that hold something, with their reading. */
function unsentRows(sheet: Sheet, overrides: SheetState['mapping']): { row: number; seen: string }[] {
  // A read: the output columns are made by the push that sends, not here.
  const table = openTable(sheet, overrides, false);
  const outputs = new Set(Object.values(table.layout.outputs));
  const out: { row: number; seen: string }[] = [];
  // Lead ID, status and note first, a narrow read; whole rows only over the span of those it would send (new rows sit at
  // the end): a list left running is mostly sent rows (docs/rules.md#budgets).
  const rows =
    table.layout.outputs.leadId === undefined
      ? readLeadRows(table)
      : readRowsAt(
          table,
          readOutputs(table, ['leadId', 'status', 'note'])
            .filter(sendable)
            .map((r) => r.row),
        ).values();
  for (const r of rows) {
    if (!sendable(r)) continue;
    if (r.cells.every((c, j) => outputs.has(j) || !cellText(c))) continue;
    out.push({ row: r.row, seen: reading(r.cells, outputs) });
  }
  return out;
}

/**
 * Keeps this reading for the next run; written only when it changed (an idle run writes nothing). Rows read as last run
 * go out in this one, so the rows still waiting for a second reading are kept first: a backlog longer than one reading
 * moves SEEN_MAX rows every run, not every other run.
 */
function keepReading(props: Props, sheetId: number, rows: { seen: string }[]): Set<string> {
  const before = new Set(seenReadings(props, sheetId).split(',').filter(Boolean));
  const now = [...rows.filter((r) => !before.has(r.seen)), ...rows.filter((r) => before.has(r.seen))]
    .slice(0, SEEN_MAX)
    .map((r) => r.seen)
    .join(',');
  if (now !== [...before].join(',')) saveSeenReadings(props, sheetId, now);
  return before;
}

function owner(a: AutoMode, me: string): AutoModeInfo['owner'] {
  return { keyHint: a.keyHint, you: a.user === me };
}

export function setAutoMode(svc: Services, args: AutoModeArgs): Reply<AutoModeReply> {
  return handle(() => {
    // A click that names no campaign is checked too: '' is no campaign's id.
    const { sheet, state, bound } = boundTab(svc, String((args && args.campaignId) || ''), 'Nothing was changed.');
    const me = userId(svc.user);
    const id = idOf(sheet);
    const cur = readAuto(svc.doc, id);
    if (cur && cur.user !== me) throw new AddonError('not_owner', NOT_OWNER(svc, cur.keyHint));
    if (!(args && args.on)) {
      // Off at once, with no lock to wait for: one delete of the one record, which no run writes back; a run
      // under way reads it again before each step that acts on it (docs/rules.md#auto-mode).
      const held = cur ? readRun(svc.doc, id, cur)?.held || [] : [];
      dropAutoRecords(svc.doc, id);
      // Rows that waited for auto mode no longer do: their notes go when nobody else is writing.
      if (held.length) tryDocumentLock(svc, () => noteWaiting(svc, sheet, state, loadParts(svc.doc, bound), held, null));
      return { on: false, owner: null, ...limitFigures(svc), unsent: 0, waiting: 0, orphans: 0, credits: 0 };
    }
    const settings = requireSettings(svc);
    if (keyReadOnly(svc.user)) throw new AddonError('forbidden', sentenceFor('forbidden', ''));
    if (dailyLimit(svc.user) === null) throw new AddonError('no_limit', NO_LIMIT);
    const api = apiClient(svc, settings, nowOf(svc) + RUN_BUDGET_MS);
    return withDocumentLock(svc, () => switchOn(svc, sheet, state, args, keyHint(settings.apiKey), api));
  });
}

function switchOn(svc: Services, sheet: Sheet, state: SheetState, args: AutoModeArgs, hint: string, api: ApiClient): AutoModeReply {
  // Inside the lock, as stored now: someone else may have switched it on meanwhile.
  const cur = readAuto(svc.doc, idOf(sheet));
  if (cur && cur.user !== userId(svc.user)) throw new AddonError('not_owner', NOT_OWNER(svc, cur.keyHint));
  const rows = unsentRows(sheet, state.mapping);
  const figures = { ...limitFigures(svc), unsent: rows.length, ...nextRunCharges(svc, sheet, state, api, rows.length) };
  if (args.check) return { on: false, owner: null, ...figures };
  const timer = setAutoRefresh(svc, { on: true });
  if (!timer.ok) throw new AddonError(timer.error.code, timer.error.message);
  // Switching on is the first reading: a row still being typed waits one interval.
  saveSeenReadings(svc.doc, idOf(sheet), '');
  keepReading(svc.doc, idOf(sheet), rows);
  const a: AutoMode = { user: userId(svc.user), keyHint: hint, campaignId: args.campaignId, since: isoNow(svc.clock) };
  writeRun(svc.doc, idOf(sheet), {
    since: a.since,
    creditsPerDay: figures.creditsPerDay,
    spent: figures.spentToday,
    day: utcDay(svc.clock),
  });
  writeAuto(svc.doc, idOf(sheet), a);
  return { on: true, owner: owner(a, a.user), ...figures };
}

/**
 * Whom the next run would charge besides the unsent rows (docs/rules.md#auto-mode): the people already waiting in the
 * parts it generates — the same parts the run picks — those no row names any more among them, and the most
 * credits it may take (the unsent rows at the dearest per-person quote; null when no quote tells it).
 */
function nextRunCharges(
  svc: Services,
  sheet: Sheet,
  state: SheetState,
  api: ApiClient,
  unsent: number,
): Pick<AutoModeReply, 'waiting' | 'orphans' | 'credits'> {
  const campaign = loadParts(svc.doc, state.campaign!);
  const list = campaignsById(api);
  const ids = candidates(campaign, new Set(), list).map((p) => p.id);
  const quotes = api.getEstimates(ids).map((q) => {
    if (q instanceof Error) throw q;
    return q;
  });
  const waiting = new Map(ids.map((id, i) => [id, quotes[i]!.leads]));
  const people = quotes.reduce((n, q) => n + q.leads, 0);
  const perPerson = Math.max(0, ...quotes.filter((q) => q.leads > 0).map((q) => Math.ceil(q.high / q.leads)));
  const high = quotes.reduce((n, q) => n + q.high, 0);
  return { waiting: people, orphans: orphansIn(svc, sheet, waiting), credits: unsent === 0 ? high : perPerson > 0 ? high + unsent * perPerson : null };
}

/** The tab's auto mode as the sidebar shows it; off, the viewer's own limit figures. */
export function autoModeInfo(svc: Services, sheet: Sheet, state: SheetState): AutoModeInfo {
  const a = readAuto(svc.doc, idOf(sheet));
  if (!a) return { on: false, owner: null, ...limitFigures(svc) };
  const run = readRun(svc.doc, idOf(sheet), a);
  const me = userId(svc.user);
  const mine = a.user === me;
  const f = mine ? limitFigures(svc) : { creditsPerDay: (run && run.creditsPerDay) ?? null, spentToday: run && run.day === utcDay(svc.clock) ? run.spent : 0 };
  const t = state.autoRefresh;
  const last = Date.parse((t && t.lastRun) || a.since);
  const minutes = (mine ? ownTimer(svc) : null) || (t && t.minutes) || 5;
  return {
    on: true,
    owner: owner(a, me),
    ...f,
    nextRunAt: Number.isFinite(last) ? new Date(last + minutes * 60_000).toISOString() : null,
    // A reason the last refresh already gives (the API refused both) is said there, not twice.
    waiting: (run && run.waiting !== (state.lastRefresh && state.lastRefresh.error) && run.waiting) || null,
  };
}

/** The owner's timer, put back when Google dropped it: it stays installed while auto mode is on. */
function ownTimer(svc: Services): number | null {
  try {
    return timerInterval(svc) || installTimer(svc);
  } catch {
    return null;
  }
}

/**
 * For the timer: the auto-refresh record its run keeps on a tab whose auto mode is this person's, so
 * their timer runs the tab while auto mode is on, whoever switched auto-refresh since; else null.
 */
export function autoModeClaim(svc: Services, sheet: Sheet, me: string): AutoRefreshOwner | null {
  const a = readAuto(svc.doc, idOf(sheet));
  if (!a || a.user !== me) return null;
  return { user: me, keyHint: a.keyHint, minutes: timerInterval(svc) || 5, since: a.since };
}

/**
 * One auto-mode run on a tab, inside the timer's pass (which holds the document lock): add, then
 * generate. True when auto mode is on for this person here (the timer then stays installed).
 */
export function autoModeRun(
  svc: Services,
  sheet: Sheet,
  api: ApiClient,
  deadline: number,
  summaries: () => ReadonlyMap<string, CampaignSummary> | null,
): boolean {
  const id = idOf(sheet);
  const a = readAuto(svc.doc, id);
  if (!a || a.user !== userId(svc.user)) return false;
  const state = sheetState(svc, sheet);
  const bound = state.campaign;
  if (!bound || bound.id !== a.campaignId) {
    // The tab was bound to another campaign: the standing order was for the old one.
    dropAutoRecords(svc.doc, id);
    return false;
  }
  const stillOn = () => sameOrder(freshAuto(svc.doc, id), a);
  const was = readRun(svc.doc, id, a);
  const campaign = loadParts(svc.doc, bound);
  const pushed = new Set<string>();
  const stuck = addStableRows(svc, sheet, state, campaign, api, deadline, pushed);
  // Parts held last run are asked again: a crowded workspace's list may no longer show them (docs/rules.md#auto-mode).
  const held = generateWaiting(svc, campaign, api, new Set([...pushed, ...((was && was.held) || [])]), summaries, stillOn);
  // Switched off during the run: nothing is written back, and no row says it waits for auto mode.
  const on = stillOn();
  // Counted where the list grew, and at each run once past the mark: an idle run reads no tab (docs/rules.md#cells).
  const cells = pushed.size || (was && was.cells) ? nearFull(svc) : undefined;
  noteWaiting(svc, sheet, state, campaign, (was && was.held) || [], on ? held : null);
  if (!on) return false;
  const f = limitFigures(svc);
  const next: AutoRun = {
    since: a.since,
    creditsPerDay: f.creditsPerDay,
    spent: f.spentToday,
    day: utcDay(svc.clock),
    waiting:
      stuck ||
      (held && held.why) ||
      (cells &&
        `This spreadsheet holds ${(cells / 1e6).toFixed(1)} of the 10 million cells Sheets allows: delete tabs, rows or columns you do not need, or new rows will wait.`) ||
      null,
    held: (held && held.parts) || [],
    cells,
  };
  const changed = JSON.stringify(next) !== JSON.stringify(was);
  if (changed) writeRun(svc.doc, id, next);
  // Rows sent, a part generated (today's spend moved) or a new reason to wait: an open sidebar reads it at its next poll.
  if (pushed.size || changed) noteTimerActed(svc, isoNow(svc.clock));
  return true;
}

/**
 * The spreadsheet's cells (every tab's rows × columns: what Google counts toward its 10 million, empty ones included)
 * once past 8 million, where auto mode's line warns: a list left running keeps growing. Else undefined.
 */
function nearFull(svc: Services): number | undefined {
  try {
    const cells = activeSpreadsheet(svc)
      .getSheets()
      .reduce((n, t) => n + t.getMaxRows() * t.getMaxColumns(), 0);
    return cells > 8e6 ? cells : undefined;
  } catch {
    // A warning only: a tab Sheets will not size (a chart's or a data source's) never stops the run that sent rows.
    return undefined;
  }
}

/**
 * Step one: rows that read the same as at the last reading go through the one send path (the parts they went to, in
 * `pushed`). A send that failed says why, for the sidebar's auto-mode line: people added before it still get their videos.
 */
function addStableRows(
  svc: Services,
  sheet: Sheet,
  state: SheetState,
  campaign: CampaignParts,
  api: ApiClient,
  deadline: number,
  pushed: Set<string>,
): string | null {
  const rows = unsentRows(sheet, state.mapping);
  const before = keepReading(svc.doc, idOf(sheet), rows);
  const stable = rows.filter((r) => before.has(r.seen)).map((r) => r.row);
  try {
    if (stable.length) sendRows(svc, { sheet, state, campaign, rows: stable, api, deadline, sentTo: pushed });
    return null;
  } catch (e) {
    return toFailure(e).error.message;
  }
}

interface Held {
  why: string;
  parts: string[];
}

/** Parts to generate, in order: those the push just filled or the last run held, and those the list shows with people waiting and nothing rendering. */
function candidates(campaign: CampaignParts, pushed: ReadonlySet<string>, list: ReadonlyMap<string, CampaignSummary> | null): Part[] {
  return campaign.parts.filter((p) => {
    if (pushed.has(p.id)) return true;
    const s = list && list.get(p.id);
    return !!s && s.waiting > 0 && !partMayRender({ ...p, closed: false }, s);
  });
}

/**
 * Step two: each part with people waiting, generated once if a fresh estimate fits in what is left of
 * today's limit and in the balance; never retried. The first part that does not fit is left with the
 * rest, charged nothing. Returns why people wait, or null when none do.
 */
function generateWaiting(
  svc: Services,
  campaign: CampaignParts,
  api: ApiClient,
  pushed: ReadonlySet<string>,
  summaries: () => ReadonlyMap<string, CampaignSummary> | null,
  stillOn: () => boolean,
): Held | null {
  let list: ReadonlyMap<string, CampaignSummary> | null;
  try {
    list = summaries();
  } catch {
    list = null;
  }
  const todo = candidates(campaign, pushed, list);
  if (todo.length === 0) return null;
  const rest = (i: number) => todo.slice(i).map((p) => p.id);
  if (unsettledOf(svc, partIds(campaign)) || stopOpenIn(svc, partIds(campaign))) return { why: AUTO_NOTES.unknown, parts: rest(0) };
  for (let i = 0; i < todo.length; i++) {
    const part = todo[i]!;
    // The check and the charge it allows are one step under the person's own lock (docs/rules.md#spending-limit).
    let why: string | null | undefined;
    try {
      why = withSpendLock(svc, () => generateIfFits(svc, campaign, part, api, stillOn));
    } catch (e) {
      why = `Waiting: ${toFailure(e).error.message}`; // another of the person's runs was spending: the next run tries again
    }
    if (why === undefined) continue;
    if (why === null) return null;
    return { why, parts: rest(i) };
  }
  return null;
}

/** One part generated if its fresh estimate fits today's limit and the balance: undefined when done or nobody waits, null when switched off, else why not. */
function generateIfFits(svc: Services, campaign: CampaignParts, part: Part, api: ApiClient, stillOn: () => boolean): string | null | undefined {
  const limit = dailyLimit(svc.user);
  const room = roomToday(svc);
  if (limit === null || room === null) return AUTO_NOTES.noLimit;
  if (room <= 0) return AUTO_NOTES.limit(limit);
  let quote: ReturnType<ApiClient['getEstimate']>;
  try {
    quote = api.getEstimate(part.id);
  } catch (e) {
    return `Waiting: ${toFailure(e).error.message}`;
  }
  if (quote.leads === 0) return undefined;
  if (quote.high > room) return AUTO_NOTES.limit(limit);
  if (!quote.affordable) return AUTO_NOTES.credits;
  // Off is off: switched off meanwhile (another execution), nothing more is charged.
  if (svc.doc.forget) svc.doc.forget();
  if (!stillOn()) return null;
  return generatePart(svc, campaign, part, api, quote) || undefined;
}

/** One automatic Generate of one part: closed first, sent once, recorded as `generate (auto)`; a sentence when it did not start. */
function generatePart(svc: Services, campaign: CampaignParts, part: Part, api: ApiClient, quote: ReturnType<ApiClient['getEstimate']>): string | null {
  recordRoom(svc, 1);
  part.closed = true;
  saveParts(svc.doc, campaign);
  forgetPart(svc.doc, part.id);
  const base = { campaign: { id: campaign.id, name: campaign.name }, part: part.id, action: 'generate' as const, quote, auto: true };
  try {
    const r = api.generate(part.id);
    recordCharge(svc, { ...base, done: { people: r.started, charged: r.creditsCharged } });
    return null;
  } catch (e) {
    if (apiCode(e) === 'network') {
      // May have charged: held until the evidence settles it (docs/rules.md#unknown-outcomes).
      recordCharge(svc, base);
      return AUTO_NOTES.unknown;
    }
    if (apiCode(e) === 'not_ready') return null;
    // Refused, so nothing was charged: the part takes people again and is tried on a later run.
    part.closed = false;
    saveParts(svc.doc, campaign);
    return `Waiting: ${toFailure(e).error.message}`;
  }
}

/** The waiting rows of held parts say why; rows of parts no longer held lose that note. Written only where it changes. */
function noteWaiting(svc: Services, sheet: Sheet, state: SheetState, campaign: CampaignParts, wasHeld: string[], held: Held | null): void {
  const now = new Set((held && held.parts) || []);
  const touched = new Set([...wasHeld, ...now]);
  if (touched.size === 0) return;
  const table = openTable(sheet, state.mapping);
  const writer = new RowWriter();
  const isOurs = partIds(campaign);
  // A narrow read: a list left running is long, and only these three columns say whether a note changes.
  for (const r of readOutputs(table, ['campaignId', 'status', 'note'])) {
    const part = r.campaignId;
    if (!touched.has(part) || !isOurs.has(part) || r.status !== 'pending') continue;
    const note = r.note;
    const want = now.has(part) ? held!.why : note.startsWith('Waiting: ') ? '' : note;
    if (want !== note) writer.set(r.row, { note: want });
  }
  writer.commit(table);
}
