// The spending record (DESIGN 11): one row per charge the add-on causes, appended to the tab
// "Video credits" and never rewritten; a row whose outcome was unknown is completed once its part is read.
import type { CampaignDetail, Estimate } from '../api/types';
import { getJson, setJson } from '../core/json-props';
import { toFailure } from './failure';
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
  action: 'preview' | 'generate' | 'stop';
  /** The part's estimate read just before the call. */
  quote?: Estimate;
  /** What the reply said; absent when no clear answer came back. */
  done?: { people: number; charged: number };
}

/** An unknown outcome waiting for its part's state; its row is found again by when and part. */
interface Open { at: string; part: string; waiting: number; high: number }

const NOTES: Record<string, string> = {
  preview: 'A preview renders the first few people; the quote is for everyone waiting.',
  stop: 'Refunds for cancelled people are not listed here.',
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
    // A stop never charges, whatever its outcome.
    'Credits charged': done ? done.charged : stop ? 0 : '',
    Key: publicSettings(svc.userProps).keyHint || '',
    Note: NOTES[done ? c.action : stop ? 'unknownStop' : 'unknown'] || '',
  };
  try {
    const tab = recordTab(svc);
    // appendRow is atomic: two people charging at once cannot write the same row.
    tab.appendRow(readHeaders(tab).map((h) => literal(h in row ? row[h as Column] : '')));
    if (!done && quoted) setJson(svc.docProps, OPEN_KEY, [...openOutcomes(svc), { at, part: c.part, waiting: quoted.leads, high: quoted.high }].slice(-OPEN_MAX));
  } catch (e) {
    // The charge stands whatever happens to its record; a protected tab is said in a toast (DESIGN 12).
    if (toFailure(e).error.code === 'protected') toast(svc, `The ${CREDITS_TAB} tab is protected, so this charge (${row.Action}, ${c.campaign.name}) was not recorded there. Ask the owner to let you edit it.`);
  }
}

function toast(svc: Services, message: string): void {
  try {
    svc.sheets.getActiveSpreadsheet().toast(message, CREDITS_TAB, 30);
  } catch {
    // Nowhere else to say it.
  }
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

/** Today's (UTC) charges from the record's rows. */
export function spentToday(svc: Services): SpendToday {
  const spent: SpendToday = { chargedToday: 0, unknownToday: 0 };
  const tab = svc.sheets.getActiveSpreadsheet().getSheetByName(CREDITS_TAB);
  if (!tab || tab.getLastRow() < 2) return spent;
  const [head, ...rows] = tab.getDataRange().getValues();
  const when = head!.indexOf('When');
  const charged = head!.indexOf('Credits charged');
  if (when < 0 || charged < 0) return spent;
  const today = new Date(svc.clock.now()).toISOString().slice(0, 10);
  for (const r of rows) {
    if (!String(r[when]).startsWith(today)) continue;
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
