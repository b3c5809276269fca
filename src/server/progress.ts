// Watching renders: progress for the sidebar, refresh on demand and on the timer, auto-refresh, export.
import type { CampaignDetail, FinishedVideo } from '../api/types';
import type { Services } from '../core/services';
import { refreshSheet, type RefreshResult } from '../refresh/refresh';
import { cellText, literal } from '../sheet/cells';
import { detectColumns } from '../sheet/headers';
import { readHeaders, readRows, type Sheet } from '../sheet/table';
import type { ProgressInfo, Reply } from './contract';
import { activeSheet, apiClient, NO_SETTINGS, requireCampaign, requireSettings, RUN_BUDGET_MS, sheetState, withDocumentLock } from './context';
import { toFailure } from './failure';
import { handle } from './handle';
import { readSettings } from './settings';
import { installTimer, removeTimer, timerInterval } from './timer';

/** getProgress is polled by an open sidebar: its refresh of the rows stays short. */
const PROGRESS_REFRESH_MS = 25_000;

function isoNow(svc: Services): string {
  return new Date(svc.clock.now()).toISOString();
}

export function getProgress(svc: Services): Reply<ProgressInfo> {
  return handle(() => {
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const campaign = requireCampaign(state, sheet.getName());
    const api = apiClient(svc, settings);
    const detail = api.getCampaign(campaign.id);
    // The rows follow along while someone watches, unless another run holds the sheet.
    const lock = svc.documentLock();
    if (lock.tryLock(0)) {
      try {
        refreshSheet({
          sheet, api, clock: svc.clock, deadline: svc.clock.now() + PROGRESS_REFRESH_MS, memo: svc.docProps,
          only: campaign.id, details: new Map([[campaign.id, detail]]),
        });
        state.lastRefresh = { at: isoNow(svc), error: null };
      } catch (e) {
        state.lastRefresh = { at: isoNow(svc), error: toFailure(e).error.message };
      } finally {
        lock.releaseLock();
      }
    }
    return progressOf(detail, state.lastRefresh);
  });
}

function progressOf(d: CampaignDetail, lastRefresh: ProgressInfo['lastRefresh']): ProgressInfo {
  const p: ProgressInfo = { campaignId: d.id, status: d.status, counts: d.counts, stages: d.stages, lastRefresh };
  if (d.stalled) p.stalled = d.stalled;
  return p;
}

export function refreshNow(svc: Services): Reply<{ updated: number; remaining: number }> {
  return handle(() => {
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    const r = withDocumentLock(svc, 10_000, () => refreshOne(svc, sheet, apiClient(svc, settings)));
    return { updated: r.updated, remaining: r.remaining };
  });
}

/** One sheet's pass, with its outcome kept for the sidebar. */
function refreshOne(svc: Services, sheet: Sheet, api: ReturnType<typeof apiClient>, deadline = svc.clock.now() + RUN_BUDGET_MS): RefreshResult {
  const state = sheetState(svc, sheet);
  try {
    const r = refreshSheet({ sheet, api, clock: svc.clock, deadline, memo: svc.docProps, defaultCampaignId: state.campaign?.id ?? null });
    state.lastRefresh = { at: isoNow(svc), error: null };
    return r;
  } catch (e) {
    state.lastRefresh = { at: isoNow(svc), error: toFailure(e).error.message };
    throw e;
  }
}

/** The menu item: a refresh, reported in a toast. */
export function refreshFromMenu(svc: Services): void {
  const r = refreshNow(svc);
  const ss = svc.sheets.getActiveSpreadsheet();
  if (r.ok) ss.toast(`${r.updated} rows updated; ${r.remaining} videos still in progress.`, 'Video status');
  else ss.toast(r.error.message, 'Video status');
}

export function setAutoRefresh(svc: Services, args: { on: boolean }): Reply<{ on: boolean; intervalMinutes: number | null }> {
  return handle(() => {
    const sheet = activeSheet(svc);
    const state = sheetState(svc, sheet);
    if (args?.on) {
      const minutes = installTimer(svc);
      state.autoRefresh = true;
      return { on: true, intervalMinutes: minutes };
    }
    state.autoRefresh = false;
    const others = svc.sheets.getActiveSpreadsheet().getSheets().some((s) => sheetState(svc, s).autoRefresh);
    if (!others) removeTimer(svc);
    return { on: false, intervalMinutes: others ? timerInterval(svc) : null };
  });
}

/**
 * The timer: a pass over every tab with auto-refresh on. Skips when another run holds the document;
 * removes its trigger once nothing is left in flight. Errors are kept per tab (triggers fail silently).
 */
export function onRefreshTimer(svc: Services): void {
  const lock = svc.documentLock();
  if (!lock.tryLock(0)) return;
  try {
    const tabs = svc.sheets.getActiveSpreadsheet().getSheets().filter((s) => sheetState(svc, s).autoRefresh);
    const settings = readSettings(svc.userProps);
    if (tabs.length === 0) { removeTimer(svc); return; }
    if (!settings) {
      for (const s of tabs) sheetState(svc, s).lastRefresh = { at: isoNow(svc), error: NO_SETTINGS };
      return;
    }
    const deadline = svc.clock.now() + RUN_BUDGET_MS;
    const api = apiClient(svc, settings, deadline);
    let inFlight = false;
    for (const sheet of tabs) {
      try {
        const r = refreshOne(svc, sheet, api, deadline);
        if (r.remaining > 0 || !r.finished) inFlight = true;
        else sheetState(svc, sheet).autoRefresh = false;
      } catch {
        inFlight = true;
      }
    }
    if (!inFlight) removeTimer(svc);
  } finally {
    lock.releaseLock();
  }
}

export function exportFinishedVideos(svc: Services): Reply<{ sheetName: string; count: number }> {
  return handle(() => {
    const settings = requireSettings(svc);
    const sheet = activeSheet(svc);
    const campaign = requireCampaign(sheetState(svc, sheet), sheet.getName());
    const listed = apiClient(svc, settings).listVideos(campaign.id);
    // The list stops at 500; finished rows of this tab fill in the rest.
    const videos = mergeByPage(listed, finishedRows(sheet, campaign.id));
    const ss = svc.sheets.getActiveSpreadsheet();
    const name = uniqueSheetName(ss, `Videos – ${campaign.name}`.slice(0, 90));
    const out = ss.insertSheet(name);
    const rows = [['First name', 'Company', 'Page URL', 'Video URL'], ...videos.map((v) => [v.firstName ?? '', v.company ?? '', v.url, v.videoUrl])];
    const range = out.getRange(1, 1, rows.length, 4);
    range.setValues(rows.map((r) => r.map((c) => literal(c))));
    out.getRange(1, 1, 1, 4).setFontWeight('bold');
    out.setFrozenRows(1);
    sheet.activate();
    return { sheetName: name, count: videos.length };
  });
}

function finishedRows(sheet: Sheet, campaignId: string): FinishedVideo[] {
  const headers = readHeaders(sheet);
  const layout = detectColumns(headers);
  const o = layout.outputs;
  if (o.videoUrl === undefined || o.pageUrl === undefined || sheet.getLastRow() < 2) return [];
  const firstCol = layout.fields.firstName;
  const fullCol = layout.fullName;
  const company = layout.fields.company;
  const firstName = (c: string[]) =>
    firstCol !== undefined ? cellText(c[firstCol]) : fullCol !== null ? cellText(c[fullCol]).split(' ')[0] ?? '' : null;
  return readRows(sheet, 2, sheet.getLastRow() - 1, headers.length)
    .filter((c) => cellText(c[o.videoUrl!]) && (o.campaignId === undefined || cellText(c[o.campaignId]) === campaignId))
    .map((c) => ({
      firstName: firstName(c),
      company: company === undefined ? null : cellText(c[company]),
      url: cellText(c[o.pageUrl!]),
      videoUrl: cellText(c[o.videoUrl!]),
    }));
}

function mergeByPage(a: FinishedVideo[], b: FinishedVideo[]): FinishedVideo[] {
  const seen = new Set(a.map((v) => v.url));
  return a.concat(b.filter((v) => v.url && !seen.has(v.url) && seen.add(v.url)));
}

function uniqueSheetName(ss: GoogleAppsScript.Spreadsheet.Spreadsheet, base: string): string {
  let name = base;
  for (let i = 2; ss.getSheetByName(name); i++) name = `${base} (${i})`;
  return name;
}
