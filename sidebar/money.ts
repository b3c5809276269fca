// Money section: the estimate before anything is spent (its range explained), then Preview, Generate
// and Stop, each behind an in-page confirmation that names the credits and closes if the campaign
// changes; an answer that may hide a charge blocks them until the campaign's state has been read.
import type { App } from './app';
import { actionButton, blockAll, message, progressScope, showFailure, tabScope, type ActionButton, type Message } from './action';
import { call, isUnknownOutcome, thrownText } from './bridge';
import { autoOpen, card, type Card } from './card';
import { confirmDialog, type ConfirmOptions } from './dialog';
import { ownAutoRefresh } from './progress';
import { limitLine, spendingRecord, takeLimit, todayFigures } from './spending';
import { generateFits, previewFits } from '../src/shared/limit-rule';
import { el, hiddenStack, inRow, replace } from './dom';
import { count, creditRange, credits, formatNumber, people } from './format';
import type { Failure, PreviewPage, ProgressInfo, ServerFunctions, StopReply } from '../src/server/contract';
import { campaignOf, patchSidebar, same, watch, type AppState, type Estimate, type MoneyAction, type Store } from './state';
import { ACTION_WORDS, NO_CAMPAIGN, boundProgress, gapLines, holdOf, holdSentence, keyBlock, mayRender, writeBlock } from './truth';

/** Why a charging call cannot go ahead on this estimate, as a sentence; null when it can. */
export function spendBlock(e: Estimate): string | null {
  if (e.leads <= 0) return 'Nobody is waiting for a video. Add rows first.';
  if (!e.affordable) return `Your balance of ${credits(e.balance)} is less than ${credits(e.high)}. Top up or send fewer people.`;
  return null;
}

/** Why Generate and Preview can do nothing now: from the estimate, or before one from the campaign's size. */
export function peopleBlock(e: Estimate | null, p: ProgressInfo | null): string | null {
  if (e) return spendBlock(e);
  if (p && p.counts.total === 0) return 'Nobody is in this campaign yet. Add rows first.';
  // Everyone already started: said as that, not as an empty campaign beside "Started 47 videos".
  if (!p || p.counts.pending > 0) return null;
  return p.counts.cancelled
    ? `${count(p.counts.cancelled, 'person was', 'people were')} cancelled by Stop: send them again (Send rows).`
    : 'Everyone in this campaign was started: nothing left to generate.';
}

/** Why Stop can do nothing now: nothing renders or waits to render after a generate. */
export function stopBlock(p: ProgressInfo | null, awaitingRender: boolean): string | null {
  if (!p) return 'Reading the campaign…';
  return mayRender(p, awaitingRender) ? null : 'Nothing is rendering or about to: nothing to stop.';
}

/** The server's sentence says "may have happened" itself; a call that never answered gets ours. */
function unknownLines(action: MoneyAction, r: Failure): string[] {
  const thrown = thrownText(r);
  if (thrown === null && r.error.code === 'network') return [r.error.message];
  const charge = action === 'stop' ? '' : ', and may have charged credits';
  return [`${ACTION_WORDS[action]} may have happened${charge}: no answer came back (${thrown ?? r.error.message}).`];
}

/** One sentence per part that was not surely stopped, and the offer to stop again. */
export function stopPartLines(r: Pick<StopReply, 'status' | 'parts'>): string[] {
  const open = (r.parts ?? []).filter((p) => p.outcome !== 'stopped');
  if (r.status !== 'partly_stopped' || open.length === 0) return [];
  return [
    ...open.map((p) => `${p.name}: ${p.outcome === 'unknown' ? 'no clear answer; it may still render' : (p.message ?? 'the stop was refused')}.`),
    'Press Stop again to stop those parts.',
  ];
}

/** Links to the previewed people's pages, named by row, to watch what was made. */
function pageLinks(pages: PreviewPage[]): HTMLElement {
  return el(
    'ul',
    'list',
    ...pages.map((pg) =>
      el(
        'li',
        {},
        el('a', { href: pg.url, target: '_blank', rel: 'noopener' }, `${pg.row ? `Row ${pg.row}: ` : ''}${pg.firstName}${pg.company ? `, ${pg.company}` : ''}`),
      ),
    ),
  );
}

/** Whether an unknown outcome still holds this campaign (the message about it lives exactly as long). */
const held = (s: AppState): boolean => Boolean(holdOf(s));

/** Fresh estimate into the store; null (with the sentence shown, the old figures gone) on failure. */
async function fetchEstimate(store: Store, slot: Message): Promise<Estimate | null> {
  const asked = campaignOf(store.get());
  const r = await call('getEstimate');
  if (asked !== campaignOf(store.get())) return null;
  if (!r.ok) {
    store.set({ estimate: null });
    showFailure(slot, r);
    return null;
  }
  const { ok: _ok, ...e } = r;
  store.set({ estimate: e });
  return e;
}

/** The confirmation, closed as a cancel when the tab or its campaign (`id`, the one asked about) changes while it is open. */
async function ask(store: Store, opts: ConfirmOptions, id: string): Promise<boolean> {
  const [sheet] = tabScope(store.get()) as [unknown];
  const gone = new AbortController();
  const off = store.subscribe((s) => {
    if (!same(tabScope(s), [sheet, id])) gone.abort();
  });
  try {
    return await confirmDialog({ ...opts, signal: gone.signal });
  } finally {
    off();
  }
}

type Failed = (action: MoneyAction, id: string, r: Failure) => Promise<void>;

/**
 * How a money call that did not succeed is said: the tab moved on, the outcome is unknown (said again
 * once the evidence settles it, docs/rules.md#unknown-outcomes), or a refusal. A higher price is the caller's.
 */
function failureHandler(app: App, msg: Message): Failed {
  const { store } = app;
  // An unknown outcome this page met, until the evidence settles it; then what the evidence says.
  let outcome: { id: string; action: MoneyAction; pending: number | null } | null = null;
  store.subscribe((s) => {
    if (!outcome || holdOf(s) || campaignOf(s) !== outcome.id) return;
    const p = boundProgress(s);
    const { action, pending } = outcome;
    outcome = null;
    if (!p || action === 'stop') return;
    const moved = pending !== null && p.counts.pending < pending;
    msg.showWhile(
      progressScope,
      moved ? 'ok' : 'info',
      moved
        ? `${ACTION_WORDS[action]} went through: ${people(pending - p.counts.pending)} no longer wait (see “Video credits”).`
        : `${ACTION_WORDS[action]} did not happen: everyone still waits; nothing was charged.`,
    );
  });
  return async (action, id, r) => {
    if (r.error.code === 'campaign_changed') {
      if (r.campaign !== undefined) patchSidebar(store, { campaign: r.campaign });
      await app.loadState();
      msg.show('error', r.error.message, 'This tab’s campaign is shown now.');
      return;
    }
    if (isUnknownOutcome(r)) {
      const s = store.get();
      const before = s.progress?.campaignId === id ? s.progress.counts.pending : null;
      store.set({ estimate: null, unsettled: { ...s.unsettled, [id]: { action, at: Date.now(), pending: before } } });
      // It goes when the outcome is settled, and the evidence is said then.
      outcome = { id, action, pending: before };
      msg.showWhile(held, 'warn', ...unknownLines(action, r));
      if (r.progress?.campaignId === id) app.takeProgress(r.progress, id);
      await app.loadProgress();
      return;
    }
    // A refusal over the daily limit brings the figures it was judged on.
    if (r.limit) takeLimit(store, r.limit);
    showFailure(msg, r);
    // Cut off by its run's end: some parts may have started, so the old figures are gone and progress is read.
    if (r.error.code === 'not_sent') {
      store.set({ estimate: null });
      await app.loadProgress();
    }
  };
}

/** The question before a charge, with any news (a price that rose) first. */
function spendQuestion(store: Store, kind: 'preview' | 'generate', e: Estimate, news: string[]): ConfirmOptions {
  const q =
    kind === 'generate'
      ? {
          title: 'Generate videos',
          text: [
            `Generate videos for ${people(e.leads)}? This charges up to ${credits(e.high)}.${orphansLine(e.orphans)}`,
            ...gapLines(store.get(), 'waiting'),
          ],
          confirmLabel: 'Generate',
        }
      : { title: 'Make a preview', text: `Preview videos of the first few people? This charges up to ${credits(e.high)}.`, confirmLabel: 'Make preview' };
  return { ...q, text: [...news, ...[q.text].flat()] };
}

type SpendOk = Extract<ReturnType<ServerFunctions['startPreview' | 'startGenerate']>, { ok: true }>;

/** After a charge went through: the new state read, the charge said, the preview's pages linked. */
async function spent(app: App, kind: 'preview' | 'generate', r: SpendOk, msg: Message, pages: HTMLElement): Promise<void> {
  const { store } = app;
  const made = 'started' in r ? r.started : r.made;
  const sidebar = store.get().sidebar;
  store.set({
    estimate: null,
    awaitingRender: kind === 'generate' || store.get().awaitingRender,
    ...(sidebar ? { sidebar: { ...sidebar, autoRefresh: ownAutoRefresh(sidebar, r.autoRefresh) } } : {}),
  });
  await Promise.all([app.loadProgress(), app.loadCampaigns()]);
  // Said until a newer reading of the campaign describes it (the top line carries on from there).
  msg.showWhile(
    progressScope,
    'ok',
    `${kind === 'generate' ? 'Started' : 'Preview started for'} ${count(made, 'video')}. ${credits(r.creditsCharged)} charged.`,
  );
  const shown = 'pages' in r && r.pages ? r.pages : [];
  replace(pages, ...(shown.length ? [el('p', {}, 'Each page shows a holding screen until its video is ready.'), pageLinks(shown)] : []));
  pages.hidden = shown.length === 0;
}

/** Re-checks the price, asks, then spends once; a higher fresh quote asks again with the new figure. */
function spender(app: App, msg: Message, failed: Failed, pages: HTMLElement): (kind: 'preview' | 'generate') => Promise<void> {
  const { store } = app;
  return async (kind) => {
    msg.clear();
    const id = campaignOf(store.get());
    if (!id) return;
    let e = await fetchEstimate(store, msg);
    let news: string[] = [];
    for (;;) {
      if (!e || spendBlock(e) || campaignOf(store.get()) !== id) return;
      if (!(await ask(store, spendQuestion(store, kind, e, news), id))) return;
      msg.show('info', kind === 'generate' ? 'Starting…' : 'Making the preview…');
      const r = kind === 'generate' ? await call('startGenerate', { campaignId: id, high: e.high }) : await call('startPreview', { campaignId: id });
      if (r.ok) return spent(app, kind, r, msg, pages);
      if (kind === 'generate' && r.error.code === 'quote_changed' && r.estimate) {
        // Never charge more than was confirmed: show the new figures and ask again.
        e = r.estimate;
        store.set({ estimate: e });
        // The server's sentence says nothing was charged.
        news = [r.error.message];
        msg.show('warn', ...news);
        continue;
      }
      return failed(kind, id, r);
    }
  };
}

/**
 * Stop, behind its question: what it cancelled and refunded, what still renders, which parts are unsure. It says so
 * in its own message, for it sits in Progress beside what it stops (docs/rules.md#sidebar-truth).
 */
export function stopControl(app: App): ActionButton & { msg: HTMLElement } {
  const { store } = app;
  const msg = message(store);
  const failed = failureHandler(app, msg);
  const stop = actionButton('Stop', 'secondary', async () => {
    msg.clear();
    const id = campaignOf(store.get());
    if (!id) return;
    const yes = await ask(
      store,
      {
        title: 'Stop the campaign',
        text: 'Stop this campaign? People not started are cancelled and refunded. Videos already rendering finish and stay charged.',
        confirmLabel: 'Stop campaign',
      },
      id,
    );
    if (!yes) return;
    const r = await call('stopCampaign', { campaignId: id });
    if (!r.ok) {
      await failed('stop', id, r);
      return;
    }
    store.set({ awaitingRender: false, estimate: null });
    await Promise.all([app.loadProgress(), app.loadState(), app.loadCampaigns()]);
    // "Still rendering" is true only until the next reading of the campaign says otherwise.
    const unsure = stopPartLines(r as StopReply);
    msg.showWhile(
      (s) => s.progress?.counts.rendering,
      unsure.length ? 'warn' : 'ok',
      `Stopped: ${count(r.stopped, 'video')} cancelled and refunded.`,
      // Said only while the campaign as read now still has them rendering.
      r.stillRendering && (store.get().progress?.counts.rendering ?? 0) > 0
        ? `${count(r.stillRendering, 'video')} still rendering; they finish, charged.`
        : 'Nothing is still rendering.',
      ...unsure,
    );
  });
  // Its own rule, beside it in Progress: a stop never charges, so only this page's own unknown stop holds it.
  watch(
    store,
    (s) => {
      const id = campaignOf(s);
      return {
        none: id ? null : NO_CAMPAIGN,
        write: writeBlock(s),
        key: keyBlock(s),
        hold: id && s.unsettled[id] ? holdSentence(s) : null,
        p: boundProgress(s),
        awaiting: s.awaitingRender,
      };
    },
    ({ none, write, key, hold, p, awaiting }) => {
      const why = none ?? write ?? hold ?? stopBlock(p, awaiting);
      stop.block(why);
      // Said beside it, unless Refresh there already says it (no campaign, no key).
      if (none ?? key) stop.reason.hidden = true;
      stop.el.classList.toggle('btn-danger', !why);
    },
  );
  return { ...stop, msg: msg.el };
}

/** The estimate's figures, and its range explained. */
function showEstimate(figures: HTMLElement, range: HTMLElement, e: Estimate | null): void {
  if (e) {
    const after = e.balance - e.high;
    const pair = (t: string, d: string, cls = '') => [el('dt', {}, t), el('dd', cls, d)];
    replace(
      figures,
      ...pair('People', formatNumber(e.leads)),
      ...pair('Cost', creditRange(e.low, e.high)),
      ...pair('Balance', credits(e.balance)),
      ...pair('Balance after', credits(after), after < 0 ? 'short' : ''),
      ...todayFigures(e),
    );
    replace(
      range,
      e.low === e.high ? '' : `Up to ${credits(e.high - e.low)} is the lookup surcharge, once per company website not yet looked up. Balance after counts it.`,
    );
  }
  figures.hidden = !e;
  range.hidden = !e || e.low === e.high;
}

interface Buttons {
  check: ActionButton;
  preview: ActionButton;
  generate: ActionButton;
}

/** Which money buttons can run now, and the card's status. */
function watchButtons(app: App, c: Card, b: Buttons, figures: HTMLElement, range: HTMLElement): void {
  const open = autoOpen(c.el);
  watch(
    app.store,
    (s) => {
      const id = campaignOf(s);
      return {
        id,
        estimate: s.estimate,
        progress: boundProgress(s),
        held: holdSentence(s),
        write: writeBlock(s),
        key: keyBlock(s),
      };
    },
    ({ id, estimate: e, progress: p, held: hold, write, key }) => {
      showEstimate(figures, range, e);
      const none = id ? null : NO_CAMPAIGN;
      const spendWhy = none ?? write ?? hold ?? peopleBlock(e, p);
      // Today's limit, judged as the server judges it (docs/rules.md#spending-limit).
      const l = e?.limit;
      const over = l ? `Your daily limit: ${limitLine(l)}. This may spend up to ${credits(e.high)}.` : null;
      blockAll(
        [b.generate, spendWhy ?? (l && !generateFits(l, e.high) ? over : null)],
        [b.preview, spendWhy ?? (l && !previewFits(l) ? over : null)],
        [b.check, none ?? key],
      );
      // Everyone started needs no estimate: "Not checked" beside "Started 47 videos" would ask for one.
      const started = !e && !!p && p.counts.total > 0 && !p.counts.pending;
      c.status(
        !id ? '—' : hold ? 'On hold' : e ? `up to ${credits(e.high)}` : started ? 'Nobody waiting' : 'Not checked',
        (e && !spendWhy) || started ? 'done' : e || hold ? 'warn' : 'todo',
      );
      // Nothing to estimate or generate: it folds to its status, unless it is saying something.
      if (id) open(!started || !!hold || !!c.body.querySelector('.msg:not([hidden])'));
    },
  );
}

export function moneySection(app: App): HTMLElement {
  const { store } = app;
  const c = card('money', 'Cost and generate');
  const figures = el('dl', { class: 'figures', hidden: true });
  const range = el('p', { class: 'muted', hidden: true });
  const msg = message(store);
  const pages = hiddenStack();
  const failed = failureHandler(app, msg);
  const spend = spender(app, msg, failed, pages);
  const check = actionButton('Check estimate', 'secondary', async () => {
    msg.clear();
    await fetchEstimate(store, msg);
  });
  const preview = actionButton('Preview', 'secondary', () => spend('preview'));
  const generate = actionButton('Generate videos', 'primary', () => spend('generate'));
  c.body.append(
    el('p', 'muted', 'The estimate is free. Preview and Generate charge, after asking.'),
    figures,
    range,
    inRow(check.el, preview.el, generate.el),
    generate.reason,
    msg.el,
    pages,
    spendingRecord(app, () => (c.el.open = true)),
  );
  // The preview's pages belong to the campaign they were made in.
  watch(store, campaignOf, () => {
    pages.hidden = true;
    replace(pages);
  });
  watchButtons(app, c, { check, preview, generate }, figures, range);
  return c.el;
}

/** People waiting whom no row names any more are charged too: said before anyone is (docs/rules.md#row-identity). */
function orphansLine(n: number | undefined): string {
  return n ? ` This includes ${people(n)} no longer in this tab (rows edited or deleted since); they are charged too.` : '';
}
