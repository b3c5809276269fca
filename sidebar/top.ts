// The top of the sidebar: where the campaign stands and the next step in one line (docs/rules.md#sidebar-truth), the
// timer and service notices, and on the add-on's own tabs the way back to the leads.
import type { App } from './app';
import { actionButton, message, okOrShow } from './action';
import { call } from './bridge';
import { button, el, replace, showLines, showText } from './dom';
import { watch } from './state';
import { topLine, watchNotices, type Step } from './truth';

/** Takes the next step where it lives: opens its card and presses its button (which says why when it cannot), or puts the cursor in the card's first field. */
function take(step: Step): void {
  const target = step.press
    ? [...document.querySelectorAll<HTMLButtonElement>('details.card button')].find((b) => b.textContent === step.press)
    : document.querySelector<HTMLElement>(`#${step.open} input, #${step.open} select, #${step.open} button`);
  const card = target?.closest('details');
  if (!target || !card) return;
  card.open = true;
  target.scrollIntoView({ block: 'center' });
  if (step.press && !(target as HTMLButtonElement).disabled) target.click();
  else target.focus();
}

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
  const head = el('p', { class: 'top-head', 'data-testid': 'top-campaign' });
  let step: Step | null = null;
  const go = button('primary', '', { 'data-testid': 'next-step', onclick: () => step && take(step) });
  const goRow = el('div', 'row', go);
  const box = el('section', { class: 'top', 'aria-label': 'Where things stand', hidden: true }, head, line, goRow, small, notices, backRow, msg.el);

  watch(
    store,
    (s) => ({
      top: topLine(s),
      notes: watchNotices(s),
      own: s.sidebar?.sheet.ownTab ?? null,
      lead: s.leadTab,
      sheet: s.sidebar?.sheet.name,
      campaign: s.sidebar?.campaign,
    }),
    ({ top, notes, own, lead, sheet, campaign }) => {
      box.hidden = !top;
      if (!top) return;
      // The tab's campaign, always: every line below is about it.
      replace(head, own ? `Tab ${sheet}` : `Tab ${sheet} · ${campaign ? `campaign “${campaign.name}”` : 'no campaign'}`);
      step = top.step ?? null;
      replace(go, step ? `Next: ${step.label}` : '');
      goRow.hidden = !step;
      replace(line, top.line);
      line.className = `top-line top-${top.tone}`;
      showText(small, top.small);
      showLines(notices, notes);
      backRow.hidden = !own || !lead;
      replace(back.el, lead ? `Back to ${lead.name}` : 'Back to the leads');
    },
  );
  return box;
}
