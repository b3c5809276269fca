// Connection section: base URL and API key, "Save and test", the key shown only as its hint.
import type { App } from './app';
import { actionButton, message, okOrShow, type Message } from './action';
import { call } from './bridge';
import { autoOpen, card } from './card';
import { el, inRow, replace, showLines } from './dom';
import { enterClicks, labelled, markSaved, syncValue } from './field';
import { isConnected, keyProblemOf } from './key';
import { watch } from './state';
import { connectionTruth } from './truth';

/** Says what is missing, with the cursor in its field. */
const missing = (msg: Message, text: string, input: HTMLInputElement) => {
  msg.show('error', text);
  input.focus();
};

export function connectionSection(app: App): HTMLElement {
  const { store } = app;
  const c = card('connection', 'Connection');
  const toggle = autoOpen(c.el);
  const baseUrl = el('input', { type: 'url', name: 'baseUrl', autocomplete: 'off', spellcheck: 'false', placeholder: 'https://…/api/v1' });
  const apiKey = el('input', { type: 'password', name: 'apiKey', autocomplete: 'off', spellcheck: 'false' });
  const keyHint = el('span', 'key-hint');
  const msg = message(store);
  // A refused key is said here whichever call met it, and goes when a call works again.
  const keyMsg = el('div', { class: 'msg msg-error', role: 'alert', hidden: true });

  const save = actionButton('Save and test', 'primary', async () => {
    const url = baseUrl.value.trim();
    const key = apiKey.value.trim();
    const hasKey = Boolean(store.get().sidebar?.settings.keyHint);
    if (!url) return missing(msg, 'Enter the API address, ending in /api/v1.', baseUrl);
    if (!key && !hasKey) return missing(msg, 'Paste your API key.', apiKey);
    msg.show('info', 'Checking the key…');
    const reply = await call('saveSettings', key ? { baseUrl: url, apiKey: key } : { baseUrl: url });
    const r = okOrShow(reply, msg);
    const was = store.get().sidebar?.settings;
    // A refused save changes nothing: the badge beside it is about the key still in use, so the message says which.
    if (!r && !reply.ok && was?.keyHint && was.connected)
      msg.show('error', reply.error.message, `Nothing was saved: the add-on still uses the key ${was.keyHint} at ${was.baseUrl}.`);
    if (!r) return;
    apiKey.value = '';
    markSaved(baseUrl);
    const sidebar = store.get().sidebar;
    // A saved key is checked afresh: an older refusal no longer describes it.
    if (sidebar) store.set({ sidebar: { ...sidebar, settings: r.settings }, keyProblem: null });
    // The line goes as soon as a later reply refuses the key (the badge says it then).
    msg.showWhile(
      keyProblemOf,
      'ok',
      !r.settings.connected ? 'Saved.' : r.settings.canWrite === false ? 'Saved. The key is read-only: it can only look.' : 'Connected. The key works.',
    );
    // Becoming connected loads the lists (main.ts); a new key on a live connection reloads them here.
    if (sidebar?.settings.connected && r.settings.connected) await Promise.all([app.loadTemplates(), app.loadCampaigns()]);
  });

  const form = el(
    'form',
    { class: 'stack', novalidate: true, onsubmit: (ev: Event) => ev.preventDefault(), onkeydown: enterClicks(save.el) },
    labelled('API address', baseUrl, 'e.g. https://api.example.com/api/v1'),
    labelled('API key', apiKey, keyHint),
    inRow(save.el),
    keyMsg,
    msg.el,
  );
  c.body.appendChild(form);

  watch(
    store,
    (s) => ({ settings: s.sidebar?.settings ?? null, connected: isConnected(s), truth: connectionTruth(s) }),
    ({ settings, connected, truth }) => {
      if (!settings) return;
      syncValue(baseUrl, settings.baseUrl ?? '');
      replace(keyHint, settings.keyHint ? `Key saved: ${settings.keyHint}. Leave empty to keep it.` : 'No key saved yet.');
      apiKey.placeholder = settings.keyHint ? 'Paste a new key to replace it' : 'Paste your API key';
      showLines(keyMsg, truth.lines);
      keyMsg.className = `msg msg-${truth.tone === 'warn' && truth.badge === 'Read-only key' ? 'warn' : 'error'}`;
      c.status(truth.badge, truth.tone);
      toggle(!connected || truth.tone === 'warn');
    },
  );
  return c.el;
}
