// Rows that need a person (docs/rules.md#problem-rows), in the Send rows section: select the problem rows, and send
// the campaign's failed videos to a follow-up campaign.
import type { App } from './app';
import { actionButton, message, okOrShow, progressScope } from './action';
import { call } from './bridge';
import { autoOpen } from './card';
import { el, inRow, replace } from './dom';
import { count, formatNumber } from './format';
import { resultLines } from './results';
import { patchSidebar, watch, type AppState } from './state';
import { boundProgress, writeBlock } from './truth';
import { sampleRowNumber, sampleStatus } from './sample';
import type { ProblemRows } from '../src/server/contract';

const STATUS_ORDER = ['invalid', 'failed', 'skipped', 'sending'];

/** "Select 3 problem rows (2 invalid, 1 failed)". */
export function problemLabel(p: ProblemRows): string {
  const parts = STATUS_ORDER.filter((k) => p.byStatus[k]).map((k) => `${p.byStatus[k]} ${k}`);
  return `Select ${count(p.rows, 'problem row')} (${parts.join(', ')})`;
}

/**
 * The problem rows as last read disagree with the row the selection poll just read (a sort or an edit moved them:
 * docs/rules.md#sidebar-truth): that row, to read the tab's state again once per row and status; null when they agree.
 */
export function problemsBehind(s: AppState): string | null {
  const status = sampleStatus(s);
  const row = sampleRowNumber(s);
  if (status === null || row === null) return null;
  const p = s.sidebar?.problems;
  const named = p?.named ?? [];
  const listed = named.find((x) => x.row === row);
  // A problem row before the last one named, or among all of them, would have been named.
  const last = named[named.length - 1];
  const covered = !p || p.rows <= named.length || (last !== undefined && row < last.row);
  const behind = listed ? listed.status !== status : STATUS_ORDER.includes(status) && covered;
  return behind ? `${row} ${status}` : null;
}

/** "rows 3, 4 and 7", or "rows 3, 4, 6, 7, 8 and 12 more". */
export function rowList(p: ProblemRows): string {
  const rows = (p.named ?? []).map((x) => x.row);
  if (rows.length === 0) return count(p.rows, 'row');
  const more = p.rows - rows.length;
  const head = more > 0 ? rows.join(', ') : rows.slice(0, -1).join(', ');
  return `${rows.length === 1 && !more ? 'row' : 'rows'} ${head ? `${head} and ` : ''}${more > 0 ? `${formatNumber(more)} more` : rows[rows.length - 1]}`;
}

export function problemsBlock(app: App): HTMLElement {
  const { store } = app;
  const msg = message(store);
  const select = actionButton('Select problem rows', 'secondary', async () => {
    const r = okOrShow(await call('selectProblemRows'), msg);
    if (!r) return;
    const { ok: _ok, ...problems } = r;
    patchSidebar(store, { problems });
    await app.loadContext();
    msg.show(r.rows ? 'ok' : 'info', r.rows ? `Selected ${rowList(r)}.` : 'No problem rows left in this tab.');
  });
  const list = el('ul', 'list');
  const head = el('summary', {});
  const box = el(
    'details',
    { class: 'sub', hidden: true },
    head,
    el('div', 'stack', list, inRow(select.el), el('p', 'muted', 'Fix them, then Add selected rows: rows without a Lead ID go again.')),
  );

  watch(
    store,
    (s) => s.sidebar?.problems ?? null,
    (p) => {
      box.hidden = !p || p.rows === 0;
      if (!p || box.hidden) return;
      // Every problem row is named with its reason, up to a few, then counted (docs/rules.md#problem-rows).
      const named = p.named ?? [];
      replace(
        list,
        ...named.map((x) => el('li', {}, `Row ${x.row} (${x.status})${x.note ? `: ${x.note}` : ''}`)),
        ...(p.rows > named.length ? [el('li', {}, `and ${formatNumber(p.rows - named.length)} more`)] : []),
      );
      const n = count(p.rows, 'problem row');
      replace(head, `${n} not sent`);
      // The button stays on one line at 300 px; its name says the breakdown too.
      replace(select.el, `Select ${n}`);
      select.el.setAttribute('aria-label', problemLabel(p));
    },
  );
  // Open while people wait for Generate (fixed first, one Generate takes them too); once everyone is generated, folded to
  // its count, which the person opens (docs/rules.md#problem-rows).
  watch(store, (s, p = boundProgress(s)) => !p || p.counts.pending > 0, autoOpen(box));

  watch(store, problemsBehind, (row) => {
    if (row) void app.loadState();
  });

  // Renders that fail or are skipped change the rows: the counts are read again with the tab's state.
  let last: unknown[] | null = null;
  watch(
    store,
    (s, p = boundProgress(s)) => (p ? [p.campaignId, p.counts.failed, p.counts.skipped] : null),
    (key) => {
      const prev = last;
      last = key;
      if (key && prev && prev[0] === key[0]) void app.loadState();
    },
  );
  return el('div', 'stack', box, msg.el);
}

/**
 * People whose video failed, or whom a Stop cancelled (refunded both), go to a part of the same campaign
 * that does not hold them (docs/rules.md#follow-up): nothing is charged until the person generates them.
 */
function againBlock(app: App, kind: 'failed' | 'cancelled'): HTMLElement {
  const { store } = app;
  const msg = message(store);
  const send = actionButton('', 'secondary', async () => {
    const { templateId } = store.get();
    const r = okOrShow(await call('resendFailedRows', { ...(kind === 'cancelled' ? { cancelled: true } : {}), ...(templateId ? { templateId } : {}) }), msg);
    if (!r) return;
    store.set({ estimate: null });
    await Promise.all([app.loadState(), app.loadProgress()]);
    // "Nothing is charged" holds only until the campaign moves (a Generate): then the top line speaks.
    msg.showWhile(
      progressScope,
      'ok',
      `Sent ${count(r.failedRows, 'row')} again, to “${r.part.name}”. Nothing is charged before Generate.`,
      ...resultLines(r.result).slice(1),
    );
  });
  const box = el('div', { class: 'row', hidden: true }, send.el);
  watch(
    store,
    (s) => {
      const p = boundProgress(s);
      return { n: p ? p.counts[kind] : 0, why: writeBlock(s) ?? (p && p.counts.rendering > 0 ? 'Wait until nothing is rendering.' : null) };
    },
    ({ n, why }) => {
      box.hidden = n === 0;
      replace(send.el, `Send the ${formatNumber(n)} ${kind} again`);
      send.block(n ? why : null);
    },
  );
  return el('div', 'stack', box, send.reason, msg.el);
}

export const followUpBlock = (app: App) => againBlock(app, 'failed');
export const cancelledBlock = (app: App) => againBlock(app, 'cancelled');
