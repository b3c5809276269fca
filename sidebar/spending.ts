// The spending record in the money section (docs/rules.md#money-record): a button that shows the tab "Video credits",
// and today's charges beside the balance.
import type { App } from './app';
import { actionButton, message, okOrShow } from './action';
import { call } from './bridge';
import { el, inRow } from './dom';
import { count, credits, formatNumber } from './format';
import { watch, type AppState, type Estimate } from './state';
import type { LimitFigures } from '../src/server/contract';

/** "120 of 500 credits today" (docs/rules.md#spending-limit); null without a limit. */
export function limitLine(l: LimitFigures | undefined): string | null {
  return l && l.creditsPerDay !== null ? `${formatNumber(l.spentToday)} of ${formatNumber(l.creditsPerDay)} credits today` : null;
}

/** New limit figures into the sidebar state and the estimate shown. */
export function takeLimit(store: App['store'], limit: LimitFigures): void {
  const s = store.get();
  store.set({ ...(s.sidebar ? { sidebar: { ...s.sidebar, limit } } : {}), ...(s.estimate ? { estimate: { ...s.estimate, limit } } : {}) });
}

/** The freshest figures: the estimate's, else the sidebar state's. */
const limitOf = (s: AppState): LimitFigures | undefined => s.estimate?.limit ?? s.sidebar?.limit;

/** "Charged today" figures for the estimate's list, when the server sent them. */
export function todayFigures(e: Estimate): HTMLElement[] {
  if (e.chargedToday === undefined) return [];
  const unknown = e.unknownToday ? ` + ${count(e.unknownToday, 'charge')} of unknown size` : '';
  const line = limitLine(e.limit);
  return [
    el('dt', {}, 'Charged today'),
    el('dd', { title: 'Today (UTC), from the tab “Video credits”' }, credits(e.chargedToday) + unknown),
    ...(line ? [el('dt', {}, 'Daily limit'), el('dd', {}, line)] : []),
  ];
}

/** The "Spending record" button and its message; `shown` runs once the record is the active tab. */
export function spendingRecord(app: App, shown: () => void): HTMLElement {
  const msg = message(app.store);
  const open = actionButton('Spending record', 'secondary', async () => {
    const r = okOrShow(await call('showCreditsRecord'), msg);
    if (!r) return;
    if (!r.sheetName) {
      msg.show('info', 'Nothing was charged from this spreadsheet yet: no record.');
      return;
    }
    // The record is another tab: read where the person is now, so the message belongs there.
    await app.loadContext();
    msg.show('ok', `The tab “${r.sheetName}” lists every charge from this spreadsheet.`);
    shown();
  });
  return limitForm(app, inRow(open.el), msg.el);
}

/**
 * A fold named by the person's daily limit, which they open: the record's button (`top`), and a box to set the limit
 * (empty for none). The limit a spend would pass is said beside the estimate; this is where it is changed.
 */
function limitForm(app: App, ...top: HTMLElement[]): HTMLElement {
  const { store } = app;
  const msg = message(store);
  const line = el('summary', {});
  const box = el('input', { type: 'number', min: '0', step: '1', 'aria-label': 'Daily limit in credits', placeholder: 'No limit' });
  const set = actionButton('Set limit', 'secondary', async () => {
    const v = box.value.trim();
    const r = okOrShow(await call('setSpendingLimit', { creditsPerDay: v === '' ? null : Number(v) }), msg);
    if (!r) return;
    const { ok: _ok, ...limit } = r;
    takeLimit(store, limit);
    msg.show('ok', limit.creditsPerDay === null ? 'No daily limit.' : `Limit set: ${credits(limit.creditsPerDay)} a day.`);
  });
  watch(store, limitOf, (l) => {
    line.textContent = `Spending: ${limitLine(l) ?? 'no daily limit'}`;
  });
  return el('details', 'sub', line, el('div', 'stack', ...top, inRow(box, set.el), msg.el));
}
