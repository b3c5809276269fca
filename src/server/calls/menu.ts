// The add-on menu and the sidebar. onOpen may run in AuthMode.NONE: it touches nothing but the menu.
import type { Services } from '../../core/services';

export const SIDEBAR_TITLE = 'Personalized videos';

export function onOpen(svc: Services): void {
  svc.sheets
    .getUi()
    .createAddonMenu()
    .addItem('Open sidebar', 'showSidebar')
    .addItem('Refresh video status now', 'refreshFromMenu')
    .addItem('Check setup', 'checkSetup')
    .addToUi();
}

export function showSidebar(svc: Services): void {
  svc.sheets.getUi().showSidebar(svc.sidebarHtml().setTitle(SIDEBAR_TITLE));
}
