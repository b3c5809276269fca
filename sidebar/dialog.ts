// In-page confirmation dialog (window.confirm may be blocked in the sandboxed iframe).
import { button, el, focused, uid } from './dom';

export interface ConfirmOptions {
  title: string;
  /** One paragraph per string. */
  text: string | string[];
  confirmLabel: string;
  /** Aborting closes the dialog as a cancel (what it asked about is no longer on screen). */
  signal?: AbortSignal;
}

/** Asks the person; resolves true only on the confirm button. Escape, Cancel and the signal resolve false. */
export function confirmDialog(opts: ConfirmOptions): Promise<boolean> {
  const now = focused();
  const opener = now instanceof HTMLElement ? now : null;
  const titleId = uid('dlg-title');
  const textId = uid('dlg-text');
  const cancel = button('secondary', 'Cancel');
  const ok = button('primary', opts.confirmLabel);
  const dialog = el(
    'dialog',
    { class: 'dialog', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': titleId, 'aria-describedby': textId },
    el('h2', { id: titleId }, opts.title),
    el('div', { id: textId, class: 'stack' }, ...(Array.isArray(opts.text) ? opts.text : [opts.text]).map((t) => el('p', {}, t))),
    el('div', 'row row-end', cancel, ok),
  );
  document.body.appendChild(dialog);

  return new Promise<boolean>((resolve) => {
    let settled = false;
    const finish = (answer: boolean) => {
      if (settled) return;
      settled = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      if (opener && opener.isConnected) opener.focus();
      resolve(answer);
    };
    dialog.addEventListener('keydown', (ev) => {
      if (ev.key === 'Escape') {
        ev.preventDefault();
        finish(false);
      } else if (ev.key === 'Tab') {
        // Keep Tab inside the dialog: it holds text and its two buttons only, so Tab goes from one to the other.
        const [from, to] = ev.shiftKey ? [cancel, ok] : [ok, cancel];
        if (focused() === from) {
          ev.preventDefault();
          to.focus();
        }
      }
    });
    dialog.addEventListener('cancel', (ev) => {
      ev.preventDefault();
      finish(false);
    });
    cancel.addEventListener('click', () => finish(false));
    ok.addEventListener('click', () => finish(true));
    if (opts.signal?.aborted) {
      finish(false);
      return;
    }
    opts.signal?.addEventListener('abort', () => finish(false));
    dialog.showModal();
    // Cancel first: the safe choice is where focus lands.
    cancel.focus();
  });
}
