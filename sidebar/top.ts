// The top of the sidebar: where the campaign stands and the next step in one line (docs/rules.md#sidebar-truth), the
// timer and service notices, and on the add-on's own tabs the way back to the leads.
import type { App } from './app';
import { actionButton, message, okOrShow } from './action';
import { call } from './bridge';
import { el, replace } from './dom';
import { watch } from './state';
import { topLine, watchNotices } from './truth';

export function topSection(app: App): HTMLElement {
  const { store } = app;
  const line = el('p', { class: 'top-line', 'data-testid': 'top-line' });
  const small = el('p', { class: 'muted', hidden: true });
  const notices = el('div', { class: 'msg msg-warn', role: 'status', hidden: true });
  const msg = message(store);
  const back = actionButton('Back to the leads', 'secondary', async () => {
    const tab = store.get().leadTab;
    if (!tab) return;
    const r = okOrShow(await call('showSheet', { sheetId: tab.id }), msg);
    if (r) await app.loadContext();
  });
  const backRow = el('div', { class: 'row', hidden: true }, back.el);
  const box = el('section', { class: 'top', 'aria-label': 'Where things stand', hidden: true }, line, small, notices, backRow, msg.el);

  watch(
    store,
    (s) => ({ top: topLine(s), notes: watchNotices(s), own: s.sidebar?.sheet.ownTab ?? null, lead: s.leadTab }),
    ({ top, notes, own, lead }) => {
      box.hidden = !top;
      if (!top) return;
      replace(line, top.line);
      line.className = `top-line top-${top.tone}`;
      replace(small, top.small ?? '');
      small.hidden = !top.small;
      replace(notices, ...notes.map((n) => el('p', {}, n)));
      notices.hidden = notes.length === 0;
      backRow.hidden = !own || !lead;
      replace(back.el, lead ? `Back to ${lead.name}` : 'Back to the leads');
    },
  );
  return box;
}
