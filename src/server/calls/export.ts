// The send-ready export (docs/rules.md#export): the finished videos of the tab's campaign in a new tab, in the
// sheet's row order, with what a mail merge needs, and the new tab shown.
import { isApiError } from '../../api/errors';
import type { FinishedVideo } from '../../api/types';
import type { Services } from '../../core/services';
import { activeSpreadsheet } from '../../core/services';
import { literal } from '../../shared/cells';
import { detectColumns } from '../../shared/headers';
import { indexVideos, keyOf, videoForRow, type VideoIndex } from '../../sheet/names';
import { personFromRow, type Fallbacks } from '../../shared/row-person';
import { asRecovered, headerIndex, rowNamesSomeoneElse, type Register } from '../../register/identity';
import { readRegister } from '../../register/store';
import { readLeadRows, readOutputs } from '../../sheet/lead-rows';
import { openTable, trimTo, widen, type Sheet } from '../../sheet/table';
import type { Reply } from '../contract';
import { activeSheet, apiClient, requireCampaign, requireSettings, sheetState } from '../context';
import { badInput } from '../failure';
import { handle } from '../handle';
import { ownParts } from '../campaign/parts';
import { loadParts } from '../../records/parts-record';

/** The videos list holds at most this many (docs/api.md#endpoints). */
const VIDEOS_LIST_MAX = 500;

export const EXPORT_HEADERS = ['Lead ID', 'First name', 'Company', 'Email', 'Page URL', 'Video URL'] as const;

export function exportFinishedVideos(svc: Services): Reply<{ sheetName: string; count: number }> {
  return handle(() => {
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const campaign = requireCampaign(state, sheet.getName());
    // Every part of the campaign (docs/rules.md#parts) and every other campaign the tab's rows name (the rows
    // finished before a follow-up campaign was bound are still to send), their lists read in one round.
    const register = readRegister({ ss: sheet.getParent(), props: svc.doc });
    const own = ownParts(loadParts(svc.doc, campaign), register);
    const parts = [...new Set([...own, ...campaignIdsIn(sheet)])];
    const lists = new Map(
      apiClient(svc, settings)
        .listVideosOf(parts)
        .map((l, i) => {
          // Another campaign this key cannot see (docs/rules.md#sheet) leaves its rows out rather than the export.
          if (l instanceof Error && (own.has(parts[i]!) || !isApiError(l) || l.code !== 'not_found')) throw l;
          return [parts[i]!, l instanceof Error ? [] : l] as const;
        }),
    );
    const rows = exportRows(sheet, lists, register, state.mapping, state.fallbacks);
    if (rows.length === 0) throw badInput('No finished videos in this tab yet: a row is exported once its video is ready.');
    const ss = activeSpreadsheet(svc);
    // Videos of another campaign the rows name (finished before a follow-up was bound): the export is the tab's, named so.
    const others = parts.some((p) => !own.has(p) && lists.get(p)!.length > 0);
    const name = uniqueSheetName(ss, `Videos – ${others ? `${sheet.getName()} (all its campaigns)` : campaign.name}`.slice(0, 90));
    writeExport(ss, name, [[...EXPORT_HEADERS], ...rows]);
    return { sheetName: name, count: rows.length };
  });
}

/**
 * One line per finished video: the tab's rows first, in their order, each with the video of the
 * person it names in its part (docs/rules.md#row-identity: never an email beside another person's page), then listed
 * videos of people no row names, without an email.
 */
export function exportRows(
  sheet: Sheet,
  lists: ReadonlyMap<string, FinishedVideo[]>,
  register: Register,
  overrides: Parameters<typeof detectColumns>[1],
  fallbacks: Fallbacks = {},
): string[][] {
  const left = new Set([...lists.values()].flat());
  const indexes = new Map<FinishedVideo[], VideoIndex>();
  const indexOf = (l: FinishedVideo[]) => indexes.get(l) || indexes.set(l, indexVideos(l)).get(l)!;
  const out: string[][] = [];
  const table = openTable(sheet, overrides, false);
  const { layout } = table;
  const o = layout.outputs;
  if (o.leadId !== undefined && o.campaignId !== undefined && sheet.getLastRow() >= 2) {
    const find = headerIndex(table.headers);
    for (const row of readLeadRows(table)) {
      const { leadId, cells } = row;
      const list = lists.get(row.campaignId);
      if (!leadId || !list) continue;
      // A row that definitely names someone else than the person sent is not theirs to export (docs/rules.md#row-identity).
      const sent = register.byLead(leadId);
      const { person } = personFromRow(cells, layout, fallbacks);
      if (sent && (rowNamesSomeoneElse(cells, sent, find) || asRecovered(sent, () => personFromRow(cells, layout, {}).person.firstName) !== 'theirs')) continue;
      // The email is the row's own: a cleared one stays cleared, and the register holds none to read (docs/rules.md#export).
      if (sent) Object.assign(person, { firstName: sent.firstName, company: sent.company });
      const page = row.pageUrl;
      const video = videoForRow({ name: keyOf(person), page }, indexOf(list));
      // A list cut at 500 (a campaign picked from the list) may leave a video out: the row's own links stand.
      const own = list.length >= VIDEOS_LIST_MAX && page ? row.videoUrl : '';
      if (video ? !left.has(video) : !own) continue;
      if (video) left.delete(video);
      out.push([leadId, person.firstName || '', person.company || '', person.email || '', (video && video.url) ?? page, (video && video.videoUrl) ?? own]);
    }
  }
  for (const v of left) out.push(['', v.firstName || '', v.company || '', '', v.url, v.videoUrl]);
  return out;
}

/**
 * The new tab, sized to the table before it is written (a new tab has 1,000 rows and 26 columns, and every
 * cell counts against the spreadsheet's 10 million: docs/rules.md#cells), then shown. A tab that could not
 * be written is removed: no empty tab is left behind.
 */
function writeExport(ss: GoogleAppsScript.Spreadsheet.Spreadsheet, name: string, table: string[][]): void {
  const active = ss.getActiveSheet();
  const out = ss.insertSheet(name);
  try {
    trimTo(out, table.length, EXPORT_HEADERS.length);
    out.getRange(1, 1, table.length, EXPORT_HEADERS.length).setValues(table.map((r) => r.map((c) => literal(c))));
    out.getRange(1, 1, 1, EXPORT_HEADERS.length).setFontWeight('bold');
    out.setFrozenRows(1);
    widen(out, [150, 110, 150, 210, 270, 270]);
  } catch (e) {
    // No room for it (docs/rules.md#cells) or any other refusal: said as the failure says it, with no tab left behind.
    ss.deleteSheet(out);
    ss.setActiveSheet(active);
    throw e;
  }
  ss.setActiveSheet(out);
}

/** The distinct Campaign IDs of the tab's rows (one column read). */
function campaignIdsIn(sheet: Sheet): string[] {
  return [...new Set(readOutputs(openTable(sheet, {}, false), ['campaignId']).map((r) => r.campaignId))].filter((id) => id);
}

function uniqueSheetName(ss: GoogleAppsScript.Spreadsheet.Spreadsheet, base: string): string {
  let name = base;
  for (let i = 2; ss.getSheetByName(name); i++) name = `${base} (${i})`;
  return name;
}
