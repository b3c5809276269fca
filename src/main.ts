// The entry point: the only file that touches Apps Script globals. Each export is a top-level
// function in the built Code.js (menu, trigger and google.script.run targets).
import { createUrlFetchTransport } from './api/urlfetch-transport';
import type { Services } from './core/services';
import * as setup from './server/calls/check-setup';
import * as connection from './server/calls/connection';
import { readOnce } from './records/props-cache';
import type {
  AutoModeArgs,
  CreateCampaignArgs,
  GenerateArgs,
  MoneyArgs,
  ResendFailedArgs,
  SaveColumnMappingArgs,
  SaveSettingsArgs,
  SelectCampaignArgs,
} from './server/contract';
import { NO_DOCUMENT } from './server/context';
import * as autoMode from './server/timer/auto-mode';
import * as ledger from './server/money/ledger';
import { AddonError } from './server/failure';
import * as exporter from './server/calls/export';
import * as today from './server/money/today';
import * as menu from './server/calls/menu';
import * as money from './server/money/actions';
import * as problems from './server/calls/problem-rows';
import * as progress from './server/calls/progress';
import * as resend from './server/calls/resend';
import * as repair from './server/calls/repair';
import * as rows from './server/calls/rows';
import * as sidebar from './server/calls/sidebar-state';
import * as timer from './server/timer/timer';
import * as timerRun from './server/timer/run';

/**
 * Built per call, each service reached lazily: onOpen in AuthMode.NONE may touch nothing but the menu.
 * Each property store is read once per call (docs/rules.md#budgets).
 */
function services(): Services {
  let user: Services['user'] | undefined;
  let doc: Services['doc'] | undefined;
  return {
    get http() {
      return createUrlFetchTransport(UrlFetchApp);
    },
    clock: { now: () => Date.now(), sleep: (ms: number) => Utilities.sleep(ms) },
    get user() {
      return (user ??= readOnce(PropertiesService.getUserProperties()));
    },
    get doc() {
      return (doc ??= readOnce(documentProperties()));
    },
    documentLock: () => LockService.getDocumentLock(),
    userLock: () => LockService.getUserLock(),
    userCache: () => CacheService.getUserCache(),
    docCache: () => CacheService.getDocumentCache(),
    sheets: SpreadsheetApp,
    triggers: ScriptApp,
    sidebarHtml: () => HtmlService.createHtmlOutputFromFile('Sidebar'),
  };
}

/** Null in a run without a containing document (docs/rules.md#readings): a sentence, not a TypeError. */
function documentProperties(): GoogleAppsScript.Properties.Properties {
  const p = PropertiesService.getDocumentProperties() as GoogleAppsScript.Properties.Properties | null;
  if (!p) throw new AddonError('no_document', NO_DOCUMENT);
  return p;
}

export function onOpen(_e?: GoogleAppsScript.Events.SheetsOnOpen) {
  menu.onOpen(services());
}
export function onInstall(e?: GoogleAppsScript.Events.AddonOnInstall) {
  onOpen(e as GoogleAppsScript.Events.SheetsOnOpen);
}
export function showSidebar() {
  menu.showSidebar(services());
}
export function refreshFromMenu() {
  progress.refreshFromMenu(services());
}
/** The Check setup menu item: each undocumented point tried harmlessly, reported in a dialog (docs/rules.md#readings). */
export function checkSetup() {
  const checks = setupChecks();
  SpreadsheetApp.getUi().showModalDialog(HtmlService.createHtmlOutput(setup.setupReportHtml(checks)).setWidth(560).setHeight(460), 'Check setup');
}
export const getSetupReport = () => ({ ok: true as const, checks: setupChecks() });
function setupChecks() {
  const document = PropertiesService.getDocumentProperties() as GoogleAppsScript.Properties.Properties | null;
  return setup.checkSetup(services(), { user: PropertiesService.getUserProperties(), document });
}
export function onRefreshTimer(e?: { triggerUid?: string }) {
  timerRun.onRefreshTimer(services(), e);
}

export const getActiveContext = () => sidebar.getActiveContext(services());
export const getSidebarState = () => sidebar.getSidebarState(services());
export const saveSettings = (a: SaveSettingsArgs) => connection.saveSettings(services(), a);
export const listTemplates = () => connection.listTemplates(services());
export const listCampaigns = (a?: { limit?: number }) => connection.listCampaigns(services(), a);
export const createCampaign = (a: CreateCampaignArgs) => connection.createCampaign(services(), a);
export const selectCampaign = (a: SelectCampaignArgs) => connection.selectCampaign(services(), a);
export const saveColumnMapping = (a: SaveColumnMappingArgs) => sidebar.saveColumnMapping(services(), a);
export const addSelectedRows = () => rows.addSelectedRows(services());
export const getEstimate = () => money.getEstimate(services());
export const startPreview = (a: MoneyArgs) => money.startPreview(services(), a);
export const startGenerate = (a: GenerateArgs) => money.startGenerate(services(), a);
export const stopCampaign = (a: MoneyArgs) => money.stopCampaign(services(), a);
export const getProgress = () => progress.getProgress(services());
export const refreshNow = () => progress.refreshNow(services());
export const setAutoRefresh = (a: { on: boolean }) => timer.setAutoRefresh(services(), a);
export const exportFinishedVideos = () => exporter.exportFinishedVideos(services());
export const showCreditsRecord = () => ledger.showCreditsRecord(services());
export const setSpendingLimit = (a: { creditsPerDay: number | null }) => today.setSpendingLimit(services(), a);
export const setAutoMode = (a: AutoModeArgs) => autoMode.setAutoMode(services(), a);
export const showSheet = (a: { sheetId: number }) => sidebar.showSheet(services(), a);
export const selectProblemRows = () => problems.selectProblemRows(services());
export const resendFailedRows = (a: ResendFailedArgs) => resend.resendFailedRows(services(), a);
export const repairRegister = () => repair.repairRegister(services());
