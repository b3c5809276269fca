// Buttons that run one server call at a time, and inline messages for their outcome.
import { button as makeButton, el, focused, replace, showText } from './dom';
import type { Failure } from '../src/server/contract';
import { campaignOf, same, type AppState, type Store } from './state';

export interface ActionButton {
  el: HTMLButtonElement;
  /** The reason the button is disabled, as visible text; place it near the button. */
  reason: HTMLElement;
  /** Disables the button for a reason outside its own call (null: enabled). */
  block(reason: string | null): void;
}

export type ButtonKind = 'primary' | 'secondary';

/**
 * A button whose handler runs once at a time: it is disabled from the click until the handler
 * settles, so a double click sends one call.
 */
export function actionButton(label: string, kind: ButtonKind, run: () => Promise<void>): ActionButton {
  let busy = false;
  let blocked = false;
  const reasonEl = el('p', { class: 'reason', hidden: true });
  const button = makeButton(kind, label);
  const sync = () => {
    button.disabled = busy || blocked;
    button.setAttribute('aria-busy', String(busy));
  };
  button.addEventListener('click', () => {
    if (busy || blocked) return;
    busy = true;
    sync();
    run()
      .catch(console.error)
      .finally(() => {
        busy = false;
        sync();
        // Keep keyboard users where they were once the dialog or call is over.
        const now = focused();
        if (!button.disabled && (now === document.body || now === null)) button.focus();
      });
  });
  sync();
  return {
    el: button,
    reason: reasonEl,
    block(reason) {
      blocked = reason !== null;
      showText(reasonEl, reason);
      sync();
    },
  };
}

/** Blocks each button with its reason, showing a reason only once when several buttons share it. */
export function blockAll(...pairs: [ActionButton, string | null][]): void {
  const said = new Set<string>();
  for (const [button, reason] of pairs) {
    button.block(reason);
    if (reason !== null && said.has(reason)) button.reason.hidden = true;
    if (reason !== null) said.add(reason);
  }
}

export type Tone = 'error' | 'ok' | 'info' | 'warn';

/** What a message belongs to; it goes as soon as this changes (docs/rules.md#sidebar-truth). */
export type Scope = (s: AppState) => unknown;

/** The tab and its campaign: every message belongs to both. */
export const tabScope: Scope = (s) => [s.active?.sheetId ?? s.sidebar?.sheet.id ?? null, campaignOf(s)];

/** The campaign's state as last read: for messages that describe it ("3 still rendering"). */
export const progressScope: Scope = (s) => s.progress && [s.progress.status, s.progress.counts];

export interface Message {
  el: HTMLElement;
  /** Shows lines until the tab or campaign changes. */
  show(tone: Tone, ...lines: string[]): void;
  /** Shows lines until the tab, the campaign or `scope` changes. */
  showWhile(scope: Scope, tone: Tone, ...lines: string[]): void;
  clear(): void;
}

/** An inline message slot next to a control; errors are announced (role=alert). */
export function message(store: Store): Message {
  const box = el('div', { class: 'msg', hidden: true });
  let owner: { scope: Scope; value: unknown } | null = null;
  const clear = () => {
    owner = null;
    box.hidden = true;
    box.removeAttribute('role');
    replace(box);
  };
  const showWhile = (scope: Scope, tone: Tone, ...lines: string[]) => {
    const both: Scope = (s) => [tabScope(s), scope(s)];
    owner = { scope: both, value: both(store.get()) };
    box.className = `msg msg-${tone}`;
    box.setAttribute('role', tone === 'error' ? 'alert' : 'status');
    replace(box, ...lines.map((l) => el('p', {}, l)));
    box.hidden = false;
  };
  store.subscribe((s) => {
    if (owner && !same(owner.scope(s), owner.value)) clear();
  });
  return {
    el: box,
    show: (tone, ...lines) => showWhile(() => null, tone, ...lines),
    showWhile,
    clear,
  };
}

/** The reply's fields on success; on failure shows its sentence in `slot` and returns null. */
export function okOrShow<T extends { ok: boolean }>(reply: T, slot: Message): Extract<T, { ok: true }> | null {
  if (reply.ok) {
    slot.clear();
    return reply as Extract<T, { ok: true }>;
  }
  showFailure(slot, reply as unknown as Failure);
  return null;
}

/** A failure's sentence; a refused key or the API switched off goes once any call works again (docs/rules.md#sidebar-truth). */
export function showFailure(slot: Message, { error: { code, message: text } }: Failure): void {
  if (code === 'api_off' || code === 'unauthorized') slot.showWhile((s) => Boolean(s.keyProblem), 'error', text);
  else slot.show('error', text);
}
