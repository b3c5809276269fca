// Buttons that run one server call at a time, and inline messages for their outcome.
import { el, replace } from './dom';
import type { Failure } from '../src/server/contract';

export interface ActionButton {
  el: HTMLButtonElement;
  /** The reason the button is disabled, as visible text; place it near the button. */
  reason: HTMLElement;
  /** Disables the button for a reason outside its own call (null: enabled). */
  block(reason: string | null): void;
  readonly busy: boolean;
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
  const button = el('button', { type: 'button', class: `btn btn-${kind}` }, label);
  const sync = () => {
    button.disabled = busy || blocked;
    button.setAttribute('aria-busy', String(busy));
  };
  button.addEventListener('click', () => {
    if (busy || blocked) return;
    busy = true;
    sync();
    run()
      .catch((e: unknown) => { console.error(e); })
      .finally(() => {
        busy = false;
        sync();
        // Keep keyboard users where they were once the dialog or call is over.
        if (!button.disabled && (document.activeElement === document.body || document.activeElement === null)) button.focus();
      });
  });
  sync();
  return {
    el: button,
    reason: reasonEl,
    block(reason) {
      blocked = reason !== null;
      replace(reasonEl, reason ?? '');
      reasonEl.hidden = !reason;
      sync();
    },
    get busy() { return busy; },
  };
}

export type Tone = 'error' | 'ok' | 'info' | 'warn';

export interface Message {
  el: HTMLElement;
  show(tone: Tone, ...lines: string[]): void;
  clear(): void;
}

/** An inline message slot next to a control; errors are announced (role=alert). */
export function message(): Message {
  const box = el('div', { class: 'msg', hidden: true });
  return {
    el: box,
    show(tone, ...lines) {
      box.className = `msg msg-${tone}`;
      if (tone === 'error') box.setAttribute('role', 'alert');
      else box.setAttribute('role', 'status');
      replace(box, ...lines.map((l) => el('p', {}, l)));
      box.hidden = false;
    },
    clear() {
      box.hidden = true;
      box.removeAttribute('role');
      replace(box);
    },
  };
}

/** The reply's fields on success; on failure shows its sentence in `slot` and returns null. */
export function okOrShow<T extends { ok: boolean }>(reply: T, slot: Message): Extract<T, { ok: true }> | null {
  if (reply.ok) {
    slot.clear();
    return reply as Extract<T, { ok: true }>;
  }
  slot.show('error', (reply as unknown as Failure).error.message);
  return null;
}
