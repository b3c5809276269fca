// Progress section: status, stacked bar with legend, stages in flight, the stalled alert,
// last refresh, the auto-refresh switch, Refresh now and Export.
import type { App } from './app';
import { actionButton, blockAll, message, okOrShow, progressScope, type ActionButton, type Message } from './action';
import { call } from './bridge';
import { card, openWithCampaign, type Card } from './card';
import { el, hiddenStack, inRow, replace, showText } from './dom';
import { keyHintOf, keyProblemOf } from './key';
import { count, formatNumber, humanize, KNOWN_STAGES, stageWord } from './format';
import type { SidebarState } from '../src/server/contract';
import type { CampaignCounts, Stalled } from '../src/api/types';
import { patchSidebar, watch, type AppState, type Progress, type Store } from './state';
import { NO_CAMPAIGN, autoText, boundProgress, countWords, inFlight, keyBlock, mayRender, refreshLines, refundable, serverNow, strangeStatus } from './truth';
import { theirKey } from '../src/shared/their-key';

/** Legend entries, in the order a person reads them. */
const SEGMENTS = ['complete', 'rendering', 'pending', 'failed', 'cancelled', 'skipped'] as const;
/** The bar fills only with what is finished: at 0 done it shows nothing done (docs/rules.md#sidebar-truth). */
const FILLED = ['complete', 'failed', 'cancelled', 'skipped'] as const;
/** Legend words that are not the count's own key, capitalised. */
const LEGEND_WORDS: Record<string, string> = { complete: 'Ready', pending: 'Waiting' };
/** Stage words the spec does not explain, said once under the stages. */
const STAGE_NOTES: Record<string, string> = { lookup: 'Lookup: the service reads each company website first.' };

export { inFlight };

/** Stage keys with a count, known ones in pipeline order, then any others by name. */
export function activeStages(stages: Record<string, number>): [string, number][] {
  const keys = Object.keys(stages).filter((k) => typeof stages[k] === 'number' && stages[k]! > 0);
  const known = KNOWN_STAGES.filter((k) => keys.includes(k));
  const other = keys.filter((k) => !KNOWN_STAGES.includes(k)).sort();
  return [...known, ...other].map((k) => [k, stages[k]!]);
}

/** A count the API gave, when it really is a positive number (stalled's key types are not promised). */
function positive(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 1 ? Math.floor(v) : null;
}

/**
 * The stalled alert's sentences: the fact once, with the minutes only when they are a positive number,
 * then what the person can do. The service's own message is not repeated: it states the same fact
 * (and its wording is not the contract).
 */
export function stalledLines(s: Stalled, p?: Progress): string[] {
  const minutes = positive(s.minutes);
  // The service's job count is not the campaign's: the counts above say how many videos there are.
  const refund = p ? refundable(p) : 0;
  return [
    minutes
      ? `Rendering is stuck at the service: no video has moved for ${count(minutes, 'minute')}.`
      : 'Rendering is stuck at the service: no video is moving.',
    refund > 0
      ? `Nothing in the sheet needs fixing. Wait, or Stop to cancel and refund the ${count(refund, 'video')} not started.`
      : 'Every video has started, so Stop refunds nothing. Wait.',
  ];
}

function bar(counts: CampaignCounts): HTMLElement {
  const total = SEGMENTS.reduce((n, k) => n + (counts[k] ?? 0), 0);
  const label = SEGMENTS.map((k) => `${formatNumber(counts[k] ?? 0)} ${k}`).join(', ');
  return el(
    'div',
    { class: 'bar', role: 'img', 'aria-label': `Videos: ${label}` },
    ...FILLED.filter((k) => (counts[k] ?? 0) > 0).map((k) => el('span', { class: `seg seg-${k}`, style: `width:${((counts[k] ?? 0) / total) * 100}%` })),
  );
}

/** The kinds that hold people, each with its number: a kind nobody is in takes no line (the bar's label names them all). */
function legend(counts: CampaignCounts): HTMLElement {
  return el(
    'ul',
    'legend',
    ...SEGMENTS.filter((k) => (counts[k] ?? 0) > 0).map((k) =>
      el(
        'li',
        { 'data-key': k },
        el('span', { class: `swatch seg-${k}`, 'aria-hidden': 'true' }),
        `${LEGEND_WORDS[k] ?? humanize(k)} `,
        el('strong', {}, formatNumber(counts[k] ?? 0)),
      ),
    ),
  );
}

/** Auto-refresh as this person just set it: the timer is theirs, with their key. */
export function ownAutoRefresh(sidebar: SidebarState, r: { on: boolean; intervalMinutes: number | null }): SidebarState['autoRefresh'] {
  return { on: r.on, intervalMinutes: r.intervalMinutes, owner: r.on ? { keyHint: sidebar.settings.keyHint, you: true } : null };
}

/** Whose timer refreshes the tab (docs/rules.md#shared-sheets: a shared sheet says who does what). */
export function ownerLine(auto: SidebarState['autoRefresh'], mine: string | null): string {
  if (!auto.on || !auto.owner) return '';
  const key = auto.owner.keyHint ? ` with the key ${auto.owner.keyHint}` : '';
  if (auto.owner.you) {
    if (auto.timerLost) return 'Google dropped this tab’s timer and it could not be put back: switch auto-refresh off and on.';
    if (auto.timerRestored) return `Google dropped this tab’s timer; it is back and refreshes this tab${key}.`;
    return `Your timer refreshes this tab${key}.`;
  }
  return `Another person’s timer ${theirKey(auto.owner.keyHint, mine)} refreshes this tab, not yours; its last run is below.`;
}

/** The auto-refresh switch: the person's own timer, on or off. */
function autoSwitch(store: Store): { input: HTMLInputElement; text: HTMLElement; row: HTMLElement; msg: Message; busy: () => boolean } {
  const switchInput = el('input', { type: 'checkbox', role: 'switch', id: 'auto-refresh' });
  const switchText = el('span', 'switch-state');
  const switchMsg = message(store);
  let switchBusy = false;
  switchInput.addEventListener('change', () => {
    if (switchBusy) return;
    const on = switchInput.checked;
    switchBusy = true;
    switchInput.disabled = true;
    void call('setAutoRefresh', { on })
      .then((reply) => {
        const r = okOrShow(reply, switchMsg);
        if (r) patchSidebar(store, (sb) => ({ autoRefresh: ownAutoRefresh(sb, r) }));
        if (!r) switchInput.checked = !on;
      })
      .finally(() => {
        switchBusy = false;
        switchInput.disabled = false;
      });
  });
  const row = el('div', 'switch', switchInput, el('label', { for: 'auto-refresh' }, 'Auto-refresh'), switchText);
  return { input: switchInput, text: switchText, row, msg: switchMsg, busy: () => switchBusy };
}

/** Where the rendering videos are, stage by stage, with the notes their words need. */
function stagesView(p: Progress): HTMLElement[] {
  const active = activeStages(p.stages);
  if (!active.length || p.counts.rendering <= 0) return [];
  const notes = active.map(([k]) => STAGE_NOTES[k]).filter((n): n is string => Boolean(n));
  return [
    el('h3', {}, `Where the ${formatNumber(p.counts.rendering)} rendering are`),
    el('ul', 'stage-list', ...active.map(([k, n]) => el('li', { 'data-stage': k }, `${stageWord(k)} `, el('strong', {}, formatNumber(n))))),
    ...notes.map((n) => el('p', 'muted', n)),
  ];
}

/** The alert is inserted fresh when stalled appears, so screen readers announce it. */
function showStalled(slot: HTMLElement, p: Progress): void {
  if (!p.stalled) {
    replace(slot);
    return;
  }
  const lines = stalledLines(p.stalled, p);
  const current = slot.firstElementChild;
  if (!current || current.textContent !== lines.join('')) {
    replace(slot, el('div', { class: 'alert', role: 'alert' }, ...lines.map((l, i) => el(i ? 'p' : 'strong', {}, l))));
  }
}

/** Refresh now and Export, with the message they share. */
function progressButtons(app: App, c: Card): { refresh: ActionButton; exportBtn: ActionButton; msg: Message } {
  const actionMsg = message(app.store);
  const refresh = actionButton('Refresh now', 'primary', async () => {
    actionMsg.show('info', 'Refreshing the sheet…');
    const r = okOrShow(await call('refreshNow'), actionMsg);
    if (!r) return;
    await app.loadProgress();
    // It describes the sheet as of this pass: a later state of the campaign replaces it.
    actionMsg.showWhile(
      progressScope,
      'ok',
      `Updated ${count(r.updated, 'row')}.${r.remaining ? ` ${count(r.remaining, 'row')} left: run again to finish.` : ''}`,
    );
  });
  const exportBtn = actionButton('Export finished videos', 'secondary', async () => {
    const r = okOrShow(await call('exportFinishedVideos'), actionMsg);
    if (!r) return;
    // The export switches to its new tab: read where the person is now, so the message belongs there.
    await app.loadContext();
    actionMsg.show('ok', `Wrote ${count(r.count, 'finished video')} to the tab “${r.sheetName}”.`);
    c.el.open = true;
  });

  return { refresh, exportBtn, msg: actionMsg };
}

/** What the card shows, from the state. */
const sliceOf = (s: AppState) => ({
  campaign: s.sidebar?.campaign ?? null,
  p: boundProgress(s),
  error: s.progressError,
  // The API switched off: Connection says so, in the same words, so they are not said twice.
  said: keyProblemOf(s)?.message === s.progressError,
  key: keyBlock(s),
});
/** The tab's auto-refresh, with the viewer's key hint its owner line is told against. */
const autoOf = (s: AppState) => ({ auto: s.sidebar?.autoRefresh ?? null, mine: keyHintOf(s) });

/** A reading of the bound campaign: its counts, stages, and whether it stalled. */
const showProgress = (c: Card, status: HTMLElement, chart: HTMLElement, stages: HTMLElement, stalled: HTMLElement, p: Progress) => {
  const strange = strangeStatus(p.status);
  replace(status, el('strong', {}, countWords(p.counts, p.status === 'stopped')), ...(strange ? [el('span', 'muted', ` · ${strange}`)] : []));
  replace(chart, bar(p.counts), legend(p.counts));
  replace(stages, ...stagesView(p));
  showStalled(stalled, p);
  const done = p.counts.complete;
  c.status(
    p.stalled ? 'Stalled' : `${formatNumber(done)} of ${formatNumber(p.counts.total)} done`,
    p.stalled ? 'warn' : done && done === p.counts.total ? 'done' : 'todo',
  );
};

/** When the timer last refreshed, and its last error. */
const showRefresh = (store: Store, lastRefresh: HTMLElement, timerError: HTMLElement, switchText: HTMLElement) => {
  const r = refreshLines(store.get(), serverNow(store.get()));
  replace(lastRefresh, r.line);
  if (r.at) lastRefresh.title = r.at;
  showText(timerError, r.error);
  replace(switchText, autoText(store.get()));
};

/**
 * Nothing to watch or stop before anyone is started (or a part may render): folded to its status, unless a timer
 * refreshes the tab or its last refresh failed.
 */
function worthOpening(s: AppState): boolean {
  const p = boundProgress(s);
  return !p || p.counts.pending < p.counts.total || mayRender(p, s.awaitingRender) || !!s.sidebar?.autoRefresh.on || !!s.sidebar?.lastRefresh?.error;
}

export function progressSection(app: App, stop: Pick<ActionButton, 'el' | 'reason'> & { msg: HTMLElement }): HTMLElement {
  const { store } = app;
  const c = card('progress', 'Progress');
  openWithCampaign(c, store, worthOpening);
  const empty = el('p', 'muted');
  const stalled = el('div', 'stalled-slot');
  const status = el('p', 'status-line');
  const chart = el('div', {});
  const stages = el('div', 'stages');
  const lastRefresh = el('p', 'muted');
  const timerError = el('p', { class: 'flag', hidden: true });
  const owner = el('p', { class: 'muted owner-line', hidden: true });
  const progressMsg = message(store);
  const view = hiddenStack(status, chart, stages);

  const { input: switchInput, text: switchText, row: switchRow, msg: switchMsg, busy } = autoSwitch(store);

  const { refresh, exportBtn, msg: actionMsg } = progressButtons(app, c);

  c.body.append(
    stalled,
    empty,
    view,
    progressMsg.el,
    owner,
    lastRefresh,
    timerError,
    switchRow,
    switchMsg.el,
    inRow(refresh.el, stop.el, exportBtn.el),
    refresh.reason,
    stop.reason,
    exportBtn.reason,
    actionMsg.el,
    stop.msg,
  );

  watch(store, sliceOf, ({ campaign, p, error, said, key }) => {
    // Without a working key nothing loads: the reason is said once, and nothing waits for ever. A read the page made by
    // itself that failed is nobody's doing: a warning of where things stand, gone with the next read (docs/rules.md#sidebar-truth).
    if (error && !key) progressMsg.show('warn', `Progress could not be read just now.${said ? '' : ` ${error}`}`);
    else progressMsg.clear();
    const why = campaign ? key : NO_CAMPAIGN;
    // The tab may hold finished rows of earlier campaigns (a follow-up binds it): the server counts the tab's.
    blockAll([refresh, why], [exportBtn, why]);
    view.hidden = !p;
    empty.hidden = Boolean(p) || Boolean(error && !key);
    replace(empty, !campaign ? 'Progress shows once the tab has a campaign.' : key ? 'Progress shows once you connect.' : 'Loading progress…');
    if (!p) {
      replace(stalled);
      c.status('—');
      return;
    }
    showProgress(c, status, chart, stages, stalled, p);
  });

  const renderRefresh = () => showRefresh(store, lastRefresh, timerError, switchText);
  // Relative time changes with the clock, so it is redrawn on every state update.
  store.subscribe(renderRefresh);
  renderRefresh();

  watch(store, autoOf, ({ auto, mine }) => {
    if (!auto) return;
    showText(owner, ownerLine(auto, mine));
    // The switch's words are redrawn with the refresh lines, on every update.
    if (!busy()) switchInput.checked = auto.on;
  });
  return c.el;
}
