// The spending record in the money section (DESIGN 11): a button that shows the tab "Video credits",
// and today's charges beside the balance.
import type { App } from './app';
import { actionButton, message, okOrShow } from './action';
import { call } from './bridge';
import { el } from './dom';
import { count, credits } from './format';
import type { Estimate } from './state';

/** "Charged today" figures for the estimate's list, when the server sent them. */
export function todayFigures(e: Estimate): HTMLElement[] {
  if (e.chargedToday === undefined) return [];
  const unknown = e.unknownToday ? ` + ${count(e.unknownToday, 'charge')} of unknown size` : '';
  return [el('dt', {}, 'Charged today'), el('dd', { title: 'Today (UTC), from the tab “Video credits”' }, credits(e.chargedToday) + unknown)];
}

/** The "Spending record" button and its message; `shown` runs once the record is the active tab. */
export function spendingRecord(app: App, shown: () => void): HTMLElement {
  const msg = message(app.store);
  const open = actionButton('Spending record', 'secondary', async () => {
    const r = okOrShow(await call('showCreditsRecord'), msg);
    if (!r) return;
    if (!r.sheetName) {
      msg.show('info', 'Nothing has been charged from this spreadsheet yet, so there is no record.');
      return;
    }
    // The record is another tab: read where the person is now, so the message belongs there.
    await app.loadContext();
    msg.show('ok', `The tab “${r.sheetName}” lists every charge from this spreadsheet.`);
    shown();
  });
  return el('div', { class: 'stack' }, el('div', { class: 'row' }, open.el), msg.el);
}
