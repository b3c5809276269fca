// The send-ready export (DESIGN 11): the finished videos of the tab's campaign in a new tab, in the
// sheet's row order, with what a mail merge needs, and the new tab shown.
import type { FinishedVideo } from '../api/types';
import type { Services } from '../core/services';
import { personFromRow } from '../push/row-person';
import { cellText, literal, urlKey } from '../sheet/cells';
import { detectColumns } from '../sheet/headers';
import { readHeaders, readRows, type Sheet } from '../sheet/table';
import type { Reply } from './contract';
import { activeSheet, apiClient, requireCampaign, requireSettings, sheetState } from './context';
import { AddonError } from './failure';
import { handle } from './handle';
import { loadParts, partIds } from './parts';

export const EXPORT_HEADERS = ['Lead ID', 'First name', 'Company', 'Email', 'Page URL', 'Video URL'] as const;

export function exportFinishedVideos(svc: Services): Reply<{ sheetName: string; count: number }> {
  return handle(() => {
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const campaign = requireCampaign(state, sheet.getName());
    // Every part of the campaign (DESIGN 7), their lists read in one round.
    const parts = partIds(loadParts(svc.docProps, campaign));
    const listed = apiClient(svc, settings).listVideosOf([...parts]).flatMap((l) => {
      if (l instanceof Error) throw l;
      return l;
    });
    const rows = exportRows(sheet, parts, state.mapping, listed);
    if (rows.length === 0) throw new AddonError('bad_input', 'No finished videos in this tab yet: a row is exported once its video is ready.');
    const ss = svc.sheets.getActiveSpreadsheet();
    const name = uniqueSheetName(ss, `Videos – ${campaign.name}`.slice(0, 90));
    const out = ss.insertSheet(name);
    const table = [[...EXPORT_HEADERS], ...rows];
    out.getRange(1, 1, table.length, EXPORT_HEADERS.length).setValues(table.map((r) => r.map((c) => literal(c))));
    out.getRange(1, 1, 1, EXPORT_HEADERS.length).setFontWeight('bold');
    out.setFrozenRows(1);
    ss.setActiveSheet(out);
    return { sheetName: name, count: rows.length };
  });
}

/**
 * One line per finished video: the tab's rows first, in their order, of every campaign in the tab
 * (a follow-up campaign binds the tab, and the rows finished before it are still to send; a video
 * the sheet has not caught up with is found in the list by page URL), then listed videos of people not in this tab.
 */
export function exportRows(
  sheet: Sheet, _parts: ReadonlySet<string>, overrides: Parameters<typeof detectColumns>[1], listed: FinishedVideo[],
): string[][] {
  const byPage = new Map(listed.map((v) => [urlKey(v.url), v]));
  const out: string[][] = [];
  const headers = readHeaders(sheet);
  const layout = detectColumns(headers, overrides);
  const o = layout.outputs;
  if (o.pageUrl !== undefined && sheet.getLastRow() >= 2) {
    for (const cells of readRows(sheet, 2, sheet.getLastRow() - 1, headers.length)) {
      const page = cellText(cells[o.pageUrl]);
      if (!page) continue;
      const listedVideo = byPage.get(urlKey(page));
      byPage.delete(urlKey(page));
      const video = (o.videoUrl !== undefined ? cellText(cells[o.videoUrl]) : '') || listedVideo?.videoUrl || '';
      if (!video) continue;
      const { person } = personFromRow(cells, layout, {});
      const leadId = o.leadId !== undefined ? cellText(cells[o.leadId]) : '';
      out.push([leadId, person.firstName ?? '', person.company ?? '', person.email ?? '', page, video]);
    }
  }
  for (const v of byPage.values()) out.push(['', v.firstName ?? '', v.company ?? '', '', v.url, v.videoUrl]);
  return out;
}

function uniqueSheetName(ss: GoogleAppsScript.Spreadsheet.Spreadsheet, base: string): string {
  let name = base;
  for (let i = 2; ss.getSheetByName(name); i++) name = `${base} (${i})`;
  return name;
}
