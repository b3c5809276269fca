// Auto mode card (docs/rules.md#auto-mode): whose it is, today's spending against the limit, the next
// run, why people wait; the owner's switch, behind a confirmation that says what will happen.
import type { App } from './app';
import { actionButton, message, okOrShow } from './action';
import { call } from './bridge';
import { card, openWithCampaign } from './card';
import { confirmDialog } from './dialog';
import { el, inRow, replace } from './dom';
import { keyHintOf } from './key';
import { count, credits, people } from './format';
import { campaignOf, watch } from './state';
import type { AutoModeInfo, AutoModeReply } from '../src/server/contract';
import { clock } from './truth';
import { theirKey } from '../src/shared/their-key';
import { generateFits, previewFits } from '../src/shared/limit-rule';

/** "Auto mode: on · 120 of 500 credits today · next run about 10:35", and whose it is when not yours. */
export function autoLine(a: AutoModeInfo, mine: string | null = null): string {
  if (!a.on) return 'Auto mode: off';
  const next = a.nextRunAt ? ` · next run about ${clock(a.nextRunAt)}` : '';
  const whose = a.owner?.you ? '' : ` · another person’s ${theirKey(a.owner?.keyHint, mine)}`;
  return `Auto mode: on · ${a.spentToday} of ${credits(a.creditsPerDay ?? 0)} today${next}${whose}${a.waiting ? `. ${a.waiting}` : ''}`;
}

/** Everyone the first run charges besides the unsent rows: people already waiting in the campaign, and what it may take. */
function waitingToo(q: AutoModeReply): string {
  if (!q.waiting) return '';
  const gone = q.orphans ? ` (${q.orphans} of them named by no row any more)` : '';
  const most = q.credits === null ? '' : `; the first run may take up to ${credits(q.credits)}`;
  return `, with ${people(q.waiting)} already waiting in the campaign${gone}${most}`;
}

/** Today's limit as the first run meets it (docs/rules.md#auto-mode): what does not fit waits, charged nothing. */
function limitToday(q: AutoModeReply): string {
  const left = Math.max(0, (q.creditsPerDay ?? 0) - q.spentToday);
  return previewFits(q) && generateFits(q, q.credits ?? 0) ? '' : ` Today's limit leaves ${credits(left)}: what does not fit waits for tomorrow (UTC).`;
}

export function autoSection(app: App): HTMLElement {
  const { store } = app;
  const c = card('auto', 'Auto mode');
  // Off, it folds to its status: one click opens the switch.
  openWithCampaign(c, store, (s) => Boolean(s.sidebar?.autoMode?.on));
  const line = el('p', {});
  const msg = message(store);
  const set = async (on: boolean, check?: boolean) => {
    const id = campaignOf(store.get()) ?? '';
    return okOrShow(await call('setAutoMode', { campaignId: id, on, ...(check ? { check } : {}) }), msg);
  };
  const toggle = actionButton('Switch on', 'secondary', async () => {
    const s = store.get().sidebar;
    if (s?.autoMode?.on) {
      if (await set(false)) await app.loadState();
      return;
    }
    const q = await set(true, true);
    if (
      !q ||
      !(await confirmDialog({
        title: 'Switch auto mode on?',
        text: `${s?.campaign?.name}: new rows get videos every 5 minutes or so (hourly once published), up to ${credits(q.creditsPerDay ?? 0)} a day. ${count(q.unsent, 'row')} unsent go on the next run${waitingToo(q)}.${limitToday(q)}`,
        confirmLabel: 'Switch on',
      }))
    )
      return;
    if (await set(true)) await app.loadState();
  });
  watch(
    store,
    // The viewer's key hint too: saving another key changes whose key the owner's is said to be.
    (s) => ({ a: s.sidebar?.autoMode ?? null, mine: keyHintOf(s) }),
    ({ a, mine }) => {
      c.status(a?.on ? 'On' : 'Off', a?.on ? 'done' : 'todo');
      replace(line, a ? autoLine(a, mine) : '');
      replace(toggle.el, a?.on ? 'Switch off' : 'Switch on');
      toggle.block(a?.on && !a.owner?.you ? `Only the person who switched it on ${theirKey(a.owner?.keyHint, mine)} can switch it.` : null);
    },
  );
  replace(c.body, line, inRow(toggle.el), toggle.reason, msg.el);
  return c.el;
}
