// Send section: how many rows are selected, "Add selected rows", and what became of them.
import type { App } from './app';
import { actionButton, message, okOrShow, progressScope, tabScope } from './action';
import { call } from './bridge';
import { card, openWithCampaign } from './card';
import { el, hiddenStack, inRow, replace } from './dom';
import { sampleProblems } from './fields';
import { cancelledBlock, followUpBlock, problemsBlock } from './problems';
import { registerBlock } from './register';
import { currentSample, nothingToSend, sampleMarked, sampleRowNumber, selectedRows, selectionNow } from './sample';
import { NO_CAMPAIGN, gapLines, writeBlock } from './truth';
import { count, formatNumber } from './format';
import { watch, type AppState } from './state';
import { resultLines } from './results';

/** What the card shows, from the state. */
const sliceOf = (s: AppState) =>
  s.sidebar
    ? {
        rows: selectedRows(s),
        unsent: selectionNow(s)?.unsent,
        campaign: s.sidebar.campaign,
        sample: currentSample(s),
        row: sampleRowNumber(s),
        fallbacks: s.sidebar.fallbacks,
        none: nothingToSend(s),
        write: writeBlock(s),
        marked: sampleMarked(s),
        gaps: gapLines(s, 'unsent'),
      }
    : null;

/** Why Add is off, or null: after a send the rows still selected are sent, which is said as such (docs/rules.md#sending). */
function addReason(s: NonNullable<ReturnType<typeof sliceOf>>): string | null {
  if (!s.campaign) return NO_CAMPAIGN;
  return s.write ?? (!s.rows ? 'Select the rows to send in the sheet.' : s.none ? 'Every selected row is sent or empty: select new rows to send more.' : null);
}

export function sendSection(app: App): HTMLElement {
  const { store } = app;
  const c = card('send', 'Send rows');
  // Auto mode sends the tab's new rows itself: the card folds while it is on.
  openWithCampaign(c, store, (s) => !s.sidebar?.autoMode?.on);
  const selected = el('p', 'big');
  const warn = el('p', { class: 'flag', hidden: true });
  const msg = message(store);
  const remaining = el('p', { class: 'msg msg-warn', role: 'status', hidden: true });
  const add = actionButton('Add selected rows', 'primary', async () => {
    remaining.hidden = true;
    msg.show('info', 'Sending…');
    const r = okOrShow(await call('addSelectedRows'), msg);
    if (!r) return;
    if (r.remaining > 0) {
      replace(remaining, `${count(r.remaining, 'row')} not reached yet. Run again to finish.`);
      remaining.hidden = false;
    }
    // New people change what a generate would cost and what progress shows.
    store.set({ estimate: null });
    await Promise.all([app.loadState(), app.loadProgress()]);
    // Said until a newer reading of the campaign describes it (a Generate, a render: the top line goes on).
    msg.showWhile(progressScope, r.added || r.skipped ? 'ok' : 'info', ...resultLines(r));
  });
  const gaps = hiddenStack();
  c.body.append(
    registerBlock(app),
    selected,
    warn,
    gaps,
    inRow(add.el),
    add.reason,
    msg.el,
    remaining,
    el('p', 'muted', 'Adding is free. A row with a Lead ID is never sent again.'),
    problemsBlock(app),
    followUpBlock(app),
    cancelledBlock(app),
  );

  watch(store, sliceOf, (s) => {
    if (!s) return;
    // How many Add takes, said before it is pressed: a filter view hides rows from the person, not from Apps Script.
    const unsent = s.rows && s.unsent != null ? ` · ${formatNumber(s.unsent)} not sent yet` : '';
    replace(selected, s.rows ? `${formatNumber(s.rows)} ${s.rows === 1 ? 'row' : 'rows'} selected${unsent}` : 'No rows selected');
    const problems = sampleProblems(s.sample, s.fallbacks);
    const row = s.row !== null ? `Row ${s.row}` : 'The first selected row to send';
    // Only what Add would do: a row already marked invalid is named with the problem rows below, not said twice.
    const will = problems.length > 0 && !s.marked;
    replace(
      warn,
      will ? `${row} will be marked invalid and not sent (the others still go): ${problems.map((p) => p.message).join(' ')} Fix the cell in the sheet.` : '',
    );
    warn.hidden = !will;
    replace(gaps, ...s.gaps.map((l) => el('p', 'flag', l)));
    gaps.hidden = s.gaps.length === 0;
    add.block(addReason(s));
    c.status(s.rows ? `${formatNumber(s.rows)} selected` : 'Select rows', s.rows ? 'done' : 'todo');
  });
  // Results belong to the tab and campaign they were for.
  watch(store, tabScope, () => (remaining.hidden = true));
  return c.el;
}
