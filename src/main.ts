// The entry point: the only file that touches Apps Script globals. Each export is a top-level
// function in the built Code.js (menu, trigger and google.script.run targets).
import { createUrlFetchTransport } from './api/urlfetch-transport';
import type { Services } from './core/services';
import * as connection from './server/connection';
import type { CreateCampaignArgs, SaveColumnMappingArgs, SaveSettingsArgs, SelectCampaignArgs } from './server/contract';
import * as menu from './server/menu';
import * as money from './server/money';
import * as progress from './server/progress';
import * as rows from './server/rows';
import * as sidebar from './server/sidebar-state';

/** Built per call, each service reached lazily: onOpen in AuthMode.NONE may touch nothing but the menu. */
function services(): Services {
  return {
    get http() { return createUrlFetchTransport(UrlFetchApp); },
    clock: { now: () => Date.now(), sleep: (ms: number) => Utilities.sleep(ms) },
    get userProps() { return PropertiesService.getUserProperties(); },
    get docProps() { return PropertiesService.getDocumentProperties(); },
    documentLock: () => LockService.getDocumentLock(),
    sheets: SpreadsheetApp,
    triggers: ScriptApp,
    sidebarHtml: () => HtmlService.createHtmlOutputFromFile('Sidebar'),
  };
}

export function onOpen(_e?: GoogleAppsScript.Events.SheetsOnOpen) { menu.onOpen(services()); }
export function onInstall(e?: GoogleAppsScript.Events.AddonOnInstall) { onOpen(e as GoogleAppsScript.Events.SheetsOnOpen); }
export function showSidebar() { menu.showSidebar(services()); }
export function refreshFromMenu() { progress.refreshFromMenu(services()); }
export function onRefreshTimer() { progress.onRefreshTimer(services()); }

export const getSidebarState = () => sidebar.getSidebarState(services());
export const saveSettings = (a: SaveSettingsArgs) => connection.saveSettings(services(), a);
export const listTemplates = () => connection.listTemplates(services());
export const listCampaigns = (a?: { limit?: number }) => connection.listCampaigns(services(), a);
export const createCampaign = (a: CreateCampaignArgs) => connection.createCampaign(services(), a);
export const selectCampaign = (a: SelectCampaignArgs) => connection.selectCampaign(services(), a);
export const saveColumnMapping = (a: SaveColumnMappingArgs) => sidebar.saveColumnMapping(services(), a);
export const addSelectedRows = () => rows.addSelectedRows(services());
export const getEstimate = () => money.getEstimate(services());
export const startPreview = () => money.startPreview(services());
export const startGenerate = () => money.startGenerate(services());
export const stopCampaign = () => money.stopCampaign(services());
export const getProgress = () => progress.getProgress(services());
export const refreshNow = () => progress.refreshNow(services());
export const setAutoRefresh = (a: { on: boolean }) => progress.setAutoRefresh(services(), a);
export const exportFinishedVideos = () => progress.exportFinishedVideos(services());
