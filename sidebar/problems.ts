// Rows that need a person (DESIGN 11), in the Send rows section: select the problem rows, and send
// the campaign's failed videos to a follow-up campaign.
import type { App } from './app';
import { actionButton, message, okOrShow } from './action';
import { call } from './bridge';
import { el, replace } from './dom';
import { enterClicks, labelled, syncValue } from './field';
import { count } from './format';
import { resultLines } from './send';
import { watch } from './state';
import { writeBlock } from './truth';
import type { ProblemRows } from '../src/server/contract';

const NAME_LIMIT = 80;
const STATUS_ORDER = ['invalid', 'failed', 'skipped', 'sending'];

/** "Select 3 problem rows (2 invalid, 1 failed)". */
export function problemLabel(p: ProblemRows): string {
  const parts = STATUS_ORDER.filter((k) => p.byStatus[k]).map((k) => `${p.byStatus[k]} ${k}`);
  return `Select ${count(p.rows, 'problem row')} (${parts.join(', ')})`;
}

/** "<campaign> – follow-up", within the API's 80 characters. */
export function followUpName(name: string): string {
  const tail = ' – follow-up';
  return name.slice(0, NAME_LIMIT - tail.length).trimEnd() + tail;
}

export function problemsBlock(app: App): HTMLElement {
  const { store } = app;
  const msg = message(store);
  const label = el('span', {}, 'Select problem rows');
  const select = actionButton('', 'secondary', async () => {
    const r = okOrShow(await call('selectProblemRows'), msg);
    if (!r) return;
    const { ok: _ok, ...problems } = r;
    const sidebar = store.get().sidebar;
    if (sidebar) store.set({ sidebar: { ...sidebar, problems } });
    await app.loadContext();
    msg.show(r.rows ? 'ok' : 'info', r.rows ? `Selected ${count(r.rows, 'row')}.` : 'No problem rows left in this tab.');
  });
  select.el.append(label);
  const box = el('div', { class: 'stack', hidden: true }, el('div', { class: 'row' }, select.el),
    el('p', { class: 'muted' }, 'Fix them, then press Add selected rows: rows without a Lead ID (invalid, sending) are sent again. Failed and skipped rows keep their Lead ID, so Add selected rows leaves them alone; failed ones can go to a new campaign.'));

  watch(store, (s) => s.sidebar?.problems ?? null, (p) => {
    box.hidden = !p || p.rows === 0;
    // The button stays on one line at 300 px; its name says the breakdown too.
    replace(label, p && p.rows ? `Select ${count(p.rows, 'problem row')}` : 'Select problem rows');
    select.el.setAttribute('aria-label', p && p.rows ? problemLabel(p) : 'Select problem rows');
  });

  // Renders that fail or are skipped change the rows: the counts are read again with the tab's state.
  let last: unknown[] | null = null;
  watch(store, (s) => s.progress && s.progress.campaignId === s.sidebar?.campaign?.id ? [s.progress.campaignId, s.progress.counts.failed, s.progress.counts.skipped] : null, (key) => {
    const prev = last;
    last = key;
    if (key && prev && prev[0] === key[0]) void app.loadState();
  });
  return el('div', { class: 'stack' }, box, msg.el);
}

export function followUpBlock(app: App): HTMLElement {
  const { store } = app;
  const msg = message(store);
  const intro = el('p', {});
  const name = el('input', { type: 'text', name: 'followUpName', maxlength: NAME_LIMIT, autocomplete: 'off' });
  const send = actionButton('Send failed rows to a new campaign', 'secondary', async () => {
    const { templateId } = store.get();
    const reply = await call('resendFailedRows', { name: name.value.trim(), ...(templateId ? { templateId } : {}) });
    const sidebar = store.get().sidebar;
    if (reply.ok && sidebar) store.set({ sidebar: { ...sidebar, campaign: reply.campaign }, estimate: null });
    // A failure may come after the new campaign was made and bound: the state says which campaign is bound now.
    if (!reply.ok) await app.loadState();
    const r = okOrShow(reply, msg);
    void app.loadCampaigns();
    if (!r) return;
    name.value = '';
    delete name.dataset.serverValue;
    msg.show('ok', `Sent ${count(r.failedRows, 'failed row')} to “${r.campaign.name}”; this tab is now bound to it.`,
      ...resultLines(r.result).slice(1),
      ...(r.recording === 'chosen' ? ['The recording chosen under Template was used, as the add-on did not know the one of the failed videos.'] : []),
      `Nothing was charged: generate it under Cost and generate when ready. The old leads stay failed in “${r.previous.name}”.`);
    await Promise.all([app.loadState(), app.loadProgress()]);
  });
  name.addEventListener('input', () => update());
  const box = el('div', { class: 'stack', hidden: true }, el('h3', {}, 'Failed videos'), intro,
    el('div', { class: 'stack', onkeydown: enterClicks(send.el) }, labelled('Name of the follow-up campaign', name)),
    el('div', { class: 'row' }, send.el), send.reason);

  const update = () => {
    const s = store.get();
    const p = s.progress && s.progress.campaignId === s.sidebar?.campaign?.id ? s.progress : null;
    send.block(writeBlock(s) ?? (p && p.counts.rendering > 0 ? 'Wait until nothing is rendering: the tab then moves to the new campaign.'
      : !name.value.trim() ? 'Give the new campaign a name.' : null));
  };
  watch(store, (s) => {
    const campaign = s.sidebar?.campaign ?? null;
    const p = s.progress && campaign && s.progress.campaignId === campaign.id ? s.progress : null;
    return { campaign, failed: p ? p.counts.failed : 0, rendering: p ? p.counts.rendering : 0 };
  }, ({ campaign, failed }) => {
    box.hidden = !campaign || failed === 0;
    if (campaign) syncValue(name, followUpName(campaign.name));
    replace(intro, `${count(failed, 'video')} failed; their credits came back. The service cannot make them again in this campaign, so their rows can go to a new campaign on the same recording. Nothing is charged until you generate it.`);
    update();
  });
  return el('div', { class: 'stack' }, box, msg.el);
}
