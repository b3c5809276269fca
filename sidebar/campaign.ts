// Campaign section: the campaign bound to the active tab, create a new one, or pick an existing one.
import type { App } from './app';
import { actionButton, message, okOrShow } from './action';
import { call, isUnknownOutcome } from './bridge';
import { autoOpen, card } from './card';
import { el, inRow, replace } from './dom';
import { enterClicks, labelled } from './field';
import { formatNumber } from './format';
import { isConnected } from './key';
import { summaryWords, writeBlock } from './truth';
import { campaignOf, patchSidebar, watch } from './state';

import { CAMPAIGN_GOAL_MAX, CAMPAIGN_NAME_MAX as NAME_LIMIT } from '../src/shared/text-limits';

/** Create a campaign: name (counted), goal, and the button with why it waits. */
function createForm(app: App): HTMLElement {
  const { store } = app;
  const name = el('input', { type: 'text', name: 'campaignName', maxlength: NAME_LIMIT, autocomplete: 'off' });
  const counter = el('span', 'counter');
  const goal = el('textarea', { name: 'campaignGoal', rows: 1, maxlength: CAMPAIGN_GOAL_MAX });
  const createMsg = message(store);
  const create = actionButton('Create campaign', 'primary', async () => {
    const { templateId, sidebar } = store.get();
    if (!templateId) return;
    const goalText = goal.value.trim();
    const reply = await call('createCampaign', { templateId, name: name.value.trim(), ...(goalText ? { goal: goalText } : {}) });
    if (!reply.ok && isUnknownOutcome(reply)) {
      // POST /campaigns is never repeated blindly (docs/rules.md#unknown-outcomes): say it may exist and show the list.
      createMsg.show('error', reply.error.message, 'It may have been created anyway: look under “Or use an existing one” first.');
    } else {
      const r = okOrShow(reply, createMsg);
      if (!r) return;
      name.value = '';
      goal.value = '';
      updateCreate();
      patchSidebar(store, { campaign: r.campaign });
      createMsg.show('ok', `Created “${r.campaign.name}” and bound it to tab ${sidebar?.sheet.name ?? 'this tab'}.`);
    }
    // Either way the tab's state and the list are read again: the new campaign, or the one that may exist.
    await Promise.all([app.loadState(), app.loadCampaigns()]);
  });
  const updateCreate = () => {
    const n = name.value.length;
    replace(counter, `${formatNumber(n)} / ${NAME_LIMIT}`);
    counter.classList.toggle('counter-full', n >= NAME_LIMIT);
    const s = store.get();
    create.block(
      !isConnected(s)
        ? 'Connect first.'
        : writeBlock(s)
          ? 'This key is read-only: it cannot create a campaign.'
          : !s.templateId
            ? 'Choose a template above first.'
            : !name.value.trim()
              ? 'Give the campaign a name.'
              : null,
    );
  };
  name.addEventListener('input', updateCreate);
  const nameField = labelled('Campaign name', name, counter);

  watch(store, (s) => ({ connected: isConnected(s), templateId: s.templateId, write: writeBlock(s) }), updateCreate);
  return el(
    'section',
    { class: 'stack', 'aria-label': 'Create a campaign' },
    el('h3', {}, 'Create a new one'),
    el('div', { class: 'stack', onkeydown: enterClicks(create.el) }, nameField),
    labelled('Goal (optional)', goal, 'What the videos are for; the service gets it with the campaign.'),
    inRow(create.el),
    create.reason,
    createMsg.el,
  );
}

/** Use an existing campaign: the list, read when the person goes to it. */
function pickForm(app: App): HTMLElement {
  const { store } = app;
  const pick = el('select', { name: 'campaignPick' });
  const pickMsg = message(store);
  const use = actionButton('Use this campaign', 'secondary', async () => {
    const campaignId = pick.value;
    if (!campaignId) return;
    const r = okOrShow(await call('selectCampaign', { campaignId }), pickMsg);
    if (!r) return;
    const sidebar = patchSidebar(store, { campaign: r.campaign });
    pickMsg.show('ok', `Bound “${r.campaign.name}” to tab ${sidebar?.sheet.name ?? 'this tab'}.`);
    await app.loadState();
  });
  const updateUse = () =>
    use.block(
      pick.value
        ? null
        : !isConnected(store.get())
          ? 'Connect first.'
          : store.get().campaigns?.length === 0
            ? 'None to use yet: create one above.'
            : 'Choose one from the list.',
    );
  pick.addEventListener('change', updateUse);
  // The list is read when the person goes to it, so it is never stale and never polled.
  pick.addEventListener('focus', () => {
    if (isConnected(store.get())) void app.loadCampaigns();
  });

  watch(
    store,
    (s) => ({ list: s.campaigns, error: s.campaignsError, bound: campaignOf(s), connected: isConnected(s) }),
    ({ list, error, bound: boundId, connected }) => {
      if (error) pickMsg.show('error', error);
      else if (list) pickMsg.clear();
      const keep = pick.value;
      replace(
        pick,
        el('option', { value: '' }, list ? (list.length ? 'Choose a campaign…' : 'No campaigns yet') : connected ? 'Loading…' : 'Connect first'),
        ...(list ?? []).map((cp) => el('option', { value: cp.id }, `${cp.name} · ${summaryWords(cp)}${cp.id === boundId ? ' (bound)' : ''}`)),
      );
      pick.value = list?.some((cp) => cp.id === keep) ? keep : '';
      updateUse();
    },
  );

  return el(
    'section',
    { class: 'stack', 'aria-label': 'Use an existing campaign' },
    el('h3', {}, 'Or use an existing one'),
    labelled('Campaign', pick),
    inRow(use.el),
    use.reason,
    pickMsg.el,
  );
}

export function campaignSection(app: App): HTMLElement {
  const { store } = app;
  const c = card('campaign', 'Campaign');
  // The header above names the tab and its campaign, or says it has none (sidebar/top.ts): the card does not repeat it.
  const change = el('details', 'sub', el('summary', {}, 'Create or switch campaign'), createForm(app), pickForm(app));
  // The forms open when they are the next step (connected, no campaign) and fold away otherwise; the card itself folds
  // once the tab has a campaign (its status names it): a card that is set up folds away.
  const fold = autoOpen(change);
  const folded = autoOpen(c.el);
  c.body.append(change);

  // Folding follows the saved settings, not the live key check: a refused call must not hide the form it came from.
  watch(
    store,
    (s) => ({ sheet: s.sidebar?.sheet.name ?? null, campaign: s.sidebar?.campaign ?? null, connected: s.sidebar?.settings.connected ?? false }),
    ({ sheet, campaign, connected }) => {
      if (sheet === null) return;
      c.status(campaign ? campaign.name : 'None yet', campaign ? 'done' : 'todo');
      fold(connected && !campaign);
      // With no campaign the forms are the card: no fold to open or close.
      change.classList.toggle('bare', connected && !campaign);
      folded(!campaign);
    },
  );

  return c.el;
}
