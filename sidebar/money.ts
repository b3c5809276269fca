// Money section: the estimate before anything is spent, then Preview, Generate and Stop,
// each behind an in-page confirmation that names the credits.
import type { App } from './app';
import { actionButton, message, okOrShow, type Message } from './action';
import { call } from './bridge';
import { card, openWithCampaign } from './card';
import { confirmDialog } from './dialog';
import { el, replace } from './dom';
import { count, creditRange, credits, formatNumber } from './format';
import type { Estimate } from './state';
import { watch } from './state';

/** Why a charging call cannot go ahead on this estimate, as a sentence; null when it can. */
export function spendBlock(e: Estimate): string | null {
  if (e.leads <= 0) return 'Nobody is waiting for a video. Add rows first.';
  if (!e.affordable) return `Your balance of ${credits(e.balance)} does not cover up to ${credits(e.high)}. Top up or send fewer people.`;
  return null;
}

export function moneySection(app: App): HTMLElement {
  const { store } = app;
  const c = card('money', 'Cost and generate');
  openWithCampaign(c, store);
  const figures = el('dl', { class: 'figures', hidden: true });
  const msg = message();

  /** Fresh estimate into the store; null (with the sentence shown) on failure. */
  const estimate = async (slot: Message): Promise<Estimate | null> => {
    const r = okOrShow(await call('getEstimate'), slot);
    if (!r) return null;
    const { ok: _ok, ...e } = r;
    store.set({ estimate: e });
    return e;
  };

  const check = actionButton('Check estimate', 'secondary', async () => {
    msg.clear();
    await estimate(msg);
  });

  /** Re-checks the price, asks, then spends once. */
  const spend = async (kind: 'preview' | 'generate'): Promise<void> => {
    msg.clear();
    const e = await estimate(msg);
    if (!e || spendBlock(e)) return;
    const yes = await confirmDialog(kind === 'generate'
      ? { title: 'Generate videos', text: `Generate videos for ${count(e.leads, 'person', 'people')}? This charges up to ${credits(e.high)}.`, confirmLabel: 'Generate' }
      : { title: 'Make a preview', text: `Make preview videos of the first few people? This charges credits for each video made, up to ${credits(e.high)}.`, confirmLabel: 'Make preview' });
    if (!yes) return;
    msg.show('info', kind === 'generate' ? 'Starting…' : 'Making the preview…');
    const r = okOrShow(kind === 'generate' ? await call('startGenerate') : await call('startPreview'), msg);
    if (!r) return;
    const made = 'started' in r ? r.started : r.made;
    msg.show('ok', `${kind === 'generate' ? 'Started' : 'Preview started for'} ${count(made, 'video')}. ${credits(r.creditsCharged)} charged.`,
      'Progress below updates by itself.');
    const sidebar = store.get().sidebar;
    store.set({
      estimate: null,
      awaitingRender: kind === 'generate' || store.get().awaitingRender,
      ...(sidebar ? { sidebar: { ...sidebar, autoRefresh: r.autoRefresh } } : {}),
    });
    await app.loadProgress();
  };
  const preview = actionButton('Preview', 'secondary', () => spend('preview'));
  const generate = actionButton('Generate videos', 'primary', () => spend('generate'));

  const stop = actionButton('Stop', 'secondary', async () => {
    msg.clear();
    const yes = await confirmDialog({
      title: 'Stop the campaign',
      text: 'Stop this campaign? People not started yet are cancelled and their credits refunded. Videos already rendering still finish and stay charged.',
      confirmLabel: 'Stop campaign',
    });
    if (!yes) return;
    const r = okOrShow(await call('stopCampaign'), msg);
    if (!r) return;
    msg.show('ok', `Stopped: ${count(r.stopped, 'video')} cancelled and refunded.`,
      r.stillRendering ? `${count(r.stillRendering, 'video')} still rendering; they finish and stay charged.` : 'Nothing was still rendering.');
    store.set({ awaitingRender: false, estimate: null });
    await app.loadProgress();
  });
  stop.el.classList.add('btn-danger');

  c.body.append(
    el('p', { class: 'muted' }, 'Checking the estimate is free. Only Preview and Generate charge, and each asks first.'),
    figures,
    el('div', { class: 'row' }, check.el, preview.el),
    el('div', { class: 'row' }, generate.el, stop.el),
    generate.reason, msg.el);

  watch(store, (s) => ({ campaign: s.sidebar?.campaign?.id ?? null, estimate: s.estimate }), ({ campaign, estimate: e }) => {
    if (e) {
      replace(figures,
        el('dt', {}, 'People'), el('dd', {}, formatNumber(e.leads)),
        el('dt', {}, 'Cost'), el('dd', {}, creditRange(e.low, e.high)),
        el('dt', {}, 'Balance'), el('dd', { class: e.affordable ? '' : 'short' }, credits(e.balance)));
    }
    figures.hidden = !e;
    const none = campaign ? null : 'Choose or create a campaign first.';
    const block = none ?? (e ? spendBlock(e) : null);
    for (const b of [check, stop]) b.block(none);
    // Preview's reason is Generate's, shown once under Generate.
    generate.block(block);
    preview.block(block);
    c.status(!campaign ? '—' : e ? `${creditRange(e.low, e.high)}` : 'Check the cost', e && !block ? 'done' : e ? 'warn' : 'todo');
  });

  // A different campaign (tab switch) makes old results misleading.
  watch(store, (s) => s.sidebar?.campaign?.id ?? null, () => msg.clear());
  return c.el;
}
