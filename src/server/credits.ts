// The spending record (DESIGN 11): one row per charge the add-on causes, appended to the tab
// "Video credits" and never rewritten; a row whose outcome was unknown is completed once its part is read.
import type { CampaignDetail, Estimate } from '../api/types';
import { getJson, setJson } from '../core/json-props';
import type { Services } from '../core/services';
import { literal } from '../sheet/cells';
import { readHeaders, type Sheet } from '../sheet/table';
import type { Reply, SpendToday } from './contract';
import { handle } from './handle';
import { publicSettings } from './settings';

export const CREDITS_TAB = 'Video credits';
const COLUMNS = ['When', 'Campaign', 'Campaign ID', 'Part', 'Action', 'People', 'Credits quoted', 'Credits charged', 'Key', 'Note'] as const;
type Column = (typeof COLUMNS)[number];
type Row = Partial<Record<Column, string | number>>;

/** What the charged cell says when the API cannot tell the figure: never a guess. */
export const UNKNOWN_CHARGE = 'unknown — see the service’s billing';
/** Unknown outcomes still to complete, in DocumentProperties (the record is the spreadsheet's). */
const OPEN_KEY = 'credits.open';
const OPEN_MAX = 20;

export interface Charge {
  campaign: { id: string; name: string };
  part: string;
  action: 'preview' | 'generate' | 'stop' | 'refund';
  /** The part's estimate read just before the call. */
  quote?: Estimate;
  /** What the reply said; absent when no clear answer came back. */
  done?: { people: number; charged: number };
}

/** An unknown outcome waiting for its part's state; its row is found again by when and part. */
interface Open { at: string; part: string; waiting: number; high: number }

const NOTES: Record<string, string> = {
  preview: 'A preview renders the first few people; the quote is for everyone waiting.',
  stop: 'A stop charges nothing; the credits of the people it cancelled come back (a negative figure here).',
  unknown: 'No clear answer came back; completed once the campaign is read.',
  unknownStop: 'No clear answer came back; a stop never charges.',
};

/** Appends a charge's row. A record that cannot be written never turns a charge into an error. */
export function recordCharge(svc: Services, c: Charge): void {
  const at = new Date(svc.clock.now()).toISOString();
  const { done, quote } = c;
  const stop = c.action === 'stop';
  const quoted = !stop && quote;
  const row: Row = {
    When: at, Campaign: c.campaign.name, 'Campaign ID': c.campaign.id, Part: c.part,
    Action: done ? c.action : `${c.action} (outcome unknown)`,
    // A generate is for everyone waiting; how many a preview renders is not said.
    People: done ? done.people : c.action === 'generate' && quote ? quote.leads : '',
    'Credits quoted': quoted ? quoted.high : '',
    // A stop never charges, whatever its outcome; what it cancelled comes back.
    'Credits charged': done ? (stop ? refundOf(svc, c.part, done.people) : done.charged) : stop ? 0 : '',
    Key: publicSettings(svc.userProps).keyHint || '',
    Note: NOTES[done ? c.action : stop ? 'unknownStop' : 'unknown'] || '',
  };
  try {
    const tab = recordTab(svc);
    // appendRow is atomic: two people charging at once cannot write the same row.
    tab.appendRow(readHeaders(tab).map((h) => literal(h in row ? row[h as Column] : '')));
    if (!done && quoted) setJson(svc.docProps, OPEN_KEY, [...openOutcomes(svc), { at, part: c.part, waiting: quoted.leads, high: quoted.high }].slice(-OPEN_MAX));
  } catch {
    // The charge stands whatever happens to its record.
  }
}

/** Credits per person the part was charged, from its record rows (generate and preview); null when not known. */
function pricePerPerson(svc: Services, part: string): number | null {
  const tab = svc.sheets.getActiveSpreadsheet().getSheetByName(CREDITS_TAB);
  if (!tab || tab.getLastRow() < 2) return null;
  const [head, ...rows] = tab.getDataRange().getValues();
  const col = (h: Column) => head!.indexOf(h);
  let people = 0;
  let charged = 0;
  for (const r of rows) {
    if (r[col('Part')] !== part || !['generate', 'preview'].includes(String(r[col('Action')]))) continue;
    const n = r[col('People')];
    const c = r[col('Credits charged')];
    if (typeof n === 'number' && n > 0 && typeof c === 'number') { people += n; charged += c; }
  }
  return people > 0 ? charged / people : null;
}

/** The credits `people` of a part get back (negative), or the unknown sentence. */
function refundOf(svc: Services, part: string, people: number): number | string {
  if (people <= 0) return 0;
  const price = pricePerPerson(svc, part);
  return price === null ? UNKNOWN_CHARGE : -Math.round(price * people);
}

/** Failed videos seen so far per part, in DocumentProperties: each new failure's credits come back once. */
const FAILED_KEY = 'credits.failed';

/**
 * Records the credits of newly failed videos coming back (DESIGN 11), from the parts' details just
 * read: one refund row per part whose failed count rose since last seen. A part first seen starts
 * from 0 only when the record holds its charge, so failures before the add-on charged are not counted.
 */
export function recordRefunds(svc: Services, details: Map<string, CampaignDetail>, campaign: { id: string; name: string }): void {
  const seen = getJson<Record<string, number>>(svc.docProps, FAILED_KEY) || {};
  let changed = false;
  for (const [part, d] of details) {
    const failed = d.counts.failed;
    const before = seen[part] ?? (pricePerPerson(svc, part) === null ? failed : 0);
    if (failed !== seen[part]) { seen[part] = failed; changed = true; }
    if (failed <= before) continue;
    const n = failed - before;
    try {
      const tab = recordTab(svc);
      const row: Row = {
        When: new Date(svc.clock.now()).toISOString(), Campaign: campaign.name, 'Campaign ID': campaign.id, Part: part,
        Action: 'refund', People: n, 'Credits charged': refundOf(svc, part, n), Key: publicSettings(svc.userProps).keyHint || '',
        Note: `${n} ${n === 1 ? 'video' : 'videos'} failed; the service gives their credits back.`,
      };
      tab.appendRow(readHeaders(tab).map((h) => literal(h in row ? row[h as Column] : '')));
    } catch {
      // The record never turns a read into an error.
    }
  }
  if (changed) setJson(svc.docProps, FAILED_KEY, seen);
}

function openOutcomes(svc: Services): Open[] {
  return getJson<Open[]>(svc.docProps, OPEN_KEY) || [];
}

/** The record tab, made (at the end, bold header) on the first charge; the person stays on their tab. */
function recordTab(svc: Services): Sheet {
  const ss = svc.sheets.getActiveSpreadsheet();
  const found = ss.getSheetByName(CREDITS_TAB);
  if (found) return found;
  const active = ss.getActiveSheet();
  const tab = ss.insertSheet(CREDITS_TAB, ss.getNumSheets());
  tab.getRange(1, 1, 1, COLUMNS.length).setValues([[...COLUMNS]]).setFontWeight('bold');
  tab.setFrozenRows(1);
  ss.setActiveSheet(active);
  return tab;
}

/** People still waiting in each part, by its detail (a generate or preview moves them on). */
export function waitingIn(details: Map<string, CampaignDetail>): Map<string, number> {
  return new Map([...details].map(([id, d]) => [id, d.counts.pending]));
}

/**
 * Completes the rows of unknown outcomes whose part was just read. Fewer people waiting than before
 * the call means it started, and so charged (how much the API does not say); as many means it did
 * not; more (people added since) cannot tell.
 */
export function settleUnknown(svc: Services, waitingNow: Map<string, number>): void {
  const open = openOutcomes(svc);
  const ready = open.filter((o) => waitingNow.has(o.part));
  if (ready.length === 0) return;
  try {
    const tab = svc.sheets.getActiveSpreadsheet().getSheetByName(CREDITS_TAB);
    if (tab) for (const o of ready) complete(tab, o, waitingNow.get(o.part)!);
  } catch {
    return; // Kept open: the next read tries again.
  }
  setJson(svc.docProps, OPEN_KEY, open.length > ready.length ? open.filter((o) => !ready.includes(o)) : null);
}

function complete(tab: Sheet, o: Open, waiting: number): void {
  const started = o.waiting - waiting;
  const [charged, note] = started === 0 ? [0, 'Everyone was still waiting: nothing was charged.']
    : [UNKNOWN_CHARGE, started > 0 ? `${started} of ${o.waiting} people were started, so it charged (up to ${o.high} quoted); the API gives no exact figure.`
      : 'People were added since, so the campaign cannot tell whether it started.'];
  const values = tab.getDataRange().getDisplayValues();
  const col = (h: Column) => values[0]!.indexOf(h);
  const i = values.findIndex((r) => r[col('When')] === o.at && r[col('Part')] === o.part);
  if (i < 1) return;
  if (col('Credits charged') >= 0) tab.getRange(i + 1, col('Credits charged') + 1).setValue(literal(charged));
  if (col('Note') >= 0) tab.getRange(i + 1, col('Note') + 1).setValue(literal(note));
}

/** Today's (UTC) charges of this person's key from the record's rows, net of refunds (DESIGN 11). */
export function spentToday(svc: Services): SpendToday {
  const spent: SpendToday = { chargedToday: 0, unknownToday: 0 };
  const tab = svc.sheets.getActiveSpreadsheet().getSheetByName(CREDITS_TAB);
  if (!tab || tab.getLastRow() < 2) return spent;
  const [head, ...rows] = tab.getDataRange().getValues();
  const when = head!.indexOf('When');
  const charged = head!.indexOf('Credits charged');
  const key = head!.indexOf('Key');
  if (when < 0 || charged < 0) return spent;
  const mine = publicSettings(svc.userProps).keyHint || '';
  const today = new Date(svc.clock.now()).toISOString().slice(0, 10);
  for (const r of rows) {
    if (!String(r[when]).startsWith(today)) continue;
    // Another person's key has its own allowance and its own figure.
    if (key >= 0 && String(r[key]) !== mine) continue;
    if (typeof r[charged] === 'number') spent.chargedToday += r[charged] as number;
    else spent.unknownToday++;
  }
  return spent;
}

export function showCreditsRecord(svc: Services): Reply<{ sheetName: string | null }> {
  return handle(() => {
    const ss = svc.sheets.getActiveSpreadsheet();
    const tab = ss.getSheetByName(CREDITS_TAB);
    if (tab) ss.setActiveSheet(tab);
    return { sheetName: tab ? CREDITS_TAB : null };
  });
}
