// Money section: the estimate before anything is spent (its range explained), then Preview, Generate
// and Stop, each behind an in-page confirmation that names the credits and closes if the campaign
// changes; an answer that may hide a charge blocks them until the campaign's state has been read.
import type { App } from './app';
import { actionButton, blockAll, message, type Message } from './action';
import { call, thrownText } from './bridge';
import { card, openWithCampaign } from './card';
import { confirmDialog, type ConfirmOptions } from './dialog';
import { ownAutoRefresh } from './progress';
import { spendingRecord, todayFigures } from './spending';
import { el, replace } from './dom';
import { count, creditRange, credits, formatNumber, statusWord } from './format';
import type { Failure, ProgressInfo } from '../src/server/contract';
import { watch, type Estimate, type MoneyAction } from './state';

/** Why a charging call cannot go ahead on this estimate, as a sentence; null when it can. */
export function spendBlock(e: Estimate): string | null {
  if (e.leads <= 0) return 'Nobody is waiting for a video. Add rows first.';
  if (!e.affordable) return `Your balance of ${credits(e.balance)} does not cover up to ${credits(e.high)}. Top up or send fewer people.`;
  return null;
}

/** Why Generate and Preview can do nothing now: from the estimate, or before one from the campaign's size. */
export function peopleBlock(e: Estimate | null, p: ProgressInfo | null): string | null {
  if (e) return spendBlock(e);
  if (p && p.counts.total === 0) return 'Nobody is in this campaign yet. Add rows first.';
  return p && p.counts.pending === 0 ? 'Nobody is waiting for a video. Add rows first.' : null;
}

/** Why Stop can do nothing now: nobody pending or rendering. */
export function stopBlock(p: ProgressInfo | null): string | null {
  return p && p.counts.pending + p.counts.rendering === 0 ? 'Nothing is waiting or rendering, so there is nothing to stop.' : null;
}

/** A failed money call whose outcome is unknown (DESIGN 6.2): it may have happened, and charged. */
export function isUnknownOutcome(r: Failure): boolean {
  return r.error.code === 'network' || r.error.code === 'bad_reply' || thrownText(r) !== null;
}

const ACTION_NAMES: Record<MoneyAction, string> = { preview: 'The preview', generate: 'Generate', stop: 'Stop' };

/** The server's sentence says "may have happened" itself; a call that never answered gets ours. */
function unknownLines(action: MoneyAction, r: Failure): string[] {
  const thrown = thrownText(r);
  if (thrown === null && r.error.code === 'network') return [r.error.message];
  const charge = action === 'stop' ? '' : ', and may have charged credits';
  return [`${ACTION_NAMES[action]} may have happened${charge}: no answer came back (${thrown ?? r.error.message}).`];
}

/** The campaign's state in one line, as read after an unknown outcome. */
function stateLine(p: ProgressInfo): string {
  const n = p.counts;
  return `The campaign now: ${statusWord(p.status)} · ${formatNumber(n.complete)} of ${formatNumber(n.total)} done · ${formatNumber(n.rendering)} rendering · ${formatNumber(n.pending)} waiting.`;
}

export function moneySection(app: App): HTMLElement {
  const { store } = app;
  const c = card('money', 'Cost and generate');
  openWithCampaign(c, store);
  const figures = el('dl', { class: 'figures', hidden: true });
  const range = el('p', { class: 'muted', hidden: true });
  const msg = message(store);
  const campaignId = () => store.get().sidebar?.campaign?.id ?? null;

  /** Fresh estimate into the store; null (with the sentence shown, the old figures gone) on failure. */
  const estimate = async (slot: Message): Promise<Estimate | null> => {
    const asked = campaignId();
    const r = await call('getEstimate');
    if (asked !== campaignId()) return null;
    if (!r.ok) {
      store.set({ estimate: null });
      slot.show('error', r.error.message);
      return null;
    }
    const { ok: _ok, ...e } = r;
    store.set({ estimate: e });
    return e;
  };

  /** The confirmation, closed as a cancel when the tab or its campaign changes while it is open. */
  const ask = async (opts: ConfirmOptions, id: string): Promise<boolean> => {
    const sheetOf = (s = store.get()) => s.active?.sheetId ?? s.sidebar?.sheet.id;
    const sheet = sheetOf();
    const gone = new AbortController();
    const off = store.subscribe((s) => { if (s.sidebar?.campaign?.id !== id || sheetOf(s) !== sheet) gone.abort(); });
    try {
      return await confirmDialog({ ...opts, signal: gone.signal });
    } finally { off(); }
  };

  // An unknown outcome waits for the campaign's state, then says what it is.
  let outcome: { campaignId: string; lines: string[] } | null = null;
  const showOutcome = () => {
    const s = store.get();
    if (!outcome || s.sidebar?.campaign?.id !== outcome.campaignId) return;
    const waiting = Boolean(s.unsettled[outcome.campaignId]);
    const p = s.progress?.campaignId === outcome.campaignId ? s.progress : null;
    msg.show('warn', ...outcome.lines, waiting ? 'Preview, Generate and Stop stay off until the campaign’s state has been read.' : p ? stateLine(p) : '');
    if (!waiting) outcome = null;
  };
  store.subscribe((s) => { if (outcome && !s.unsettled[outcome.campaignId]) showOutcome(); });

  /** A money call that did not succeed: the tab moved on, the price rose (handled by the caller), the outcome is unknown, or a refusal. */
  const failed = async (action: MoneyAction, id: string, r: Failure): Promise<void> => {
    if (r.error.code === 'campaign_changed') {
      const sidebar = store.get().sidebar;
      if (sidebar && r.campaign !== undefined) store.set({ sidebar: { ...sidebar, campaign: r.campaign } });
      await app.loadState();
      msg.show('error', r.error.message, 'Nothing was done. The sidebar now shows this tab’s campaign.');
      return;
    }
    if (isUnknownOutcome(r)) {
      const s = store.get();
      store.set({ unsettled: { ...s.unsettled, [id]: action }, ...(r.progress?.campaignId === id ? { progress: r.progress } : {}) });
      outcome = { campaignId: id, lines: unknownLines(action, r) };
      showOutcome();
      await app.loadProgress();
      return;
    }
    msg.show('error', r.error.message);
  };

  const check = actionButton('Check estimate', 'secondary', async () => {
    msg.clear();
    await estimate(msg);
  });

  /** Re-checks the price, asks, then spends once; a higher fresh quote asks again with the new figure. */
  const spend = async (kind: 'preview' | 'generate'): Promise<void> => {
    msg.clear();
    const id = campaignId();
    if (!id) return;
    let e = await estimate(msg);
    let news: string[] = [];
    for (;;) {
      if (!e || spendBlock(e) || campaignId() !== id) return;
      const question = kind === 'generate'
        ? { title: 'Generate videos', text: `Generate videos for ${count(e.leads, 'person', 'people')}? This charges up to ${credits(e.high)}.${orphansLine(e.orphans)}`, confirmLabel: 'Generate' }
        : { title: 'Make a preview', text: `Make preview videos of the first few people? This charges credits for each video made, up to ${credits(e.high)}.`, confirmLabel: 'Make preview' };
      if (!await ask({ ...question, text: [...news, question.text] }, id)) return;
      msg.show('info', kind === 'generate' ? 'Starting…' : 'Making the preview…');
      const r = kind === 'generate' ? await call('startGenerate', { campaignId: id, high: e.high }) : await call('startPreview', { campaignId: id });
      if (r.ok) {
        const made = 'started' in r ? r.started : r.made;
        const sidebar = store.get().sidebar;
        store.set({
          estimate: null,
          awaitingRender: kind === 'generate' || store.get().awaitingRender,
          ...(sidebar ? { sidebar: { ...sidebar, autoRefresh: ownAutoRefresh(sidebar, r.autoRefresh) } } : {}),
        });
        await Promise.all([app.loadProgress(), app.loadCampaigns()]);
        msg.show('ok', `${kind === 'generate' ? 'Started' : 'Preview started for'} ${count(made, 'video')}. ${credits(r.creditsCharged)} charged.`,
          'Progress below updates by itself.');
        return;
      }
      if (kind === 'generate' && r.error.code === 'quote_changed' && r.estimate) {
        // Never charge more than was confirmed: show the new figures and ask again.
        e = r.estimate;
        store.set({ estimate: e });
        news = [r.error.message, 'Nothing was charged.'];
        msg.show('warn', ...news);
        continue;
      }
      await failed(kind, id, r);
      return;
    }
  };
  const preview = actionButton('Preview', 'secondary', () => spend('preview'));
  const generate = actionButton('Generate videos', 'primary', () => spend('generate'));

  const stop = actionButton('Stop', 'secondary', async () => {
    msg.clear();
    const id = campaignId();
    if (!id) return;
    const yes = await ask({
      title: 'Stop the campaign',
      text: 'Stop this campaign? People not started yet are cancelled and their credits refunded. Videos already rendering still finish and stay charged.',
      confirmLabel: 'Stop campaign',
    }, id);
    if (!yes) return;
    const r = await call('stopCampaign', { campaignId: id });
    if (!r.ok) { await failed('stop', id, r); return; }
    store.set({ awaitingRender: false, estimate: null });
    await Promise.all([app.loadProgress(), app.loadState(), app.loadCampaigns()]);
    // "Still rendering" is true only until the next reading of the campaign says otherwise.
    msg.showWhile((s) => s.progress?.counts.rendering, 'ok', `Stopped: ${count(r.stopped, 'video')} cancelled and refunded.`,
      r.stillRendering ? `${count(r.stillRendering, 'video')} still rendering; they finish and stay charged.` : 'Nothing was still rendering.');
  });
  stop.el.classList.add('btn-danger');

  c.body.append(
    el('p', { class: 'muted' }, 'Checking the estimate is free. Only Preview and Generate charge, and each asks first.'),
    figures, range,
    el('div', { class: 'row' }, check.el, preview.el),
    el('div', { class: 'row' }, generate.el, stop.el),
    generate.reason, stop.reason, msg.el, spendingRecord(app, () => c.open(true)));

  watch(store, (s) => {
    const id = s.sidebar?.campaign?.id ?? null;
    return { id, estimate: s.estimate, progress: s.progress?.campaignId === id ? s.progress : null, unsettled: id ? s.unsettled[id] ?? null : null };
  }, ({ id, estimate: e, progress: p, unsettled }) => {
    if (e) {
      const after = e.balance - e.high;
      replace(figures,
        el('dt', {}, 'People'), el('dd', {}, formatNumber(e.leads)),
        el('dt', {}, 'Cost'), el('dd', {}, creditRange(e.low, e.high)),
        el('dt', {}, 'Balance'), el('dd', {}, credits(e.balance)),
        el('dt', {}, 'Balance after'), el('dd', { class: after < 0 ? 'short' : '' }, credits(after)), ...todayFigures(e));
      replace(range, e.low === e.high ? '' : `${credits(e.low)} if the lookup surcharge is already paid, ${credits(e.high)} if not. Balance after counts the higher figure.`);
    }
    figures.hidden = !e;
    range.hidden = !e || e.low === e.high;
    const none = id ? null : 'Choose or create a campaign first.';
    const held = unsettled ? `${ACTION_NAMES[unsettled]} may have happened: Preview, Generate and Stop stay off until the campaign’s state has been read.` : null;
    const spendWhy = none ?? held ?? peopleBlock(e, p);
    blockAll([generate, spendWhy], [stop, none ?? held ?? stopBlock(p)], [preview, spendWhy], [check, none]);
    c.status(!id ? '—' : e ? creditRange(e.low, e.high) : 'Check the cost', e && !spendWhy ? 'done' : e ? 'warn' : 'todo');
  });
  return c.el;
}

/** People waiting whom no row names any more are charged too: said before anyone is (DESIGN 4). */
function orphansLine(n: number | undefined): string {
  return n ? ` This includes ${count(n, 'person', 'people')} no longer in this tab — rows edited or deleted since they were added; they will be charged too.` : '';
}
