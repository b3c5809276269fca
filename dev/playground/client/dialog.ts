// A dialog the add-on opens (Check setup's report), shown as Sheets shows one: over the page, its HTML at the size the
// add-on asked for, until the person closes it.
import { el, replace } from '../../../sidebar/dom';
import type { PlaygroundState } from '../protocol';

export function createDialog(host: HTMLElement): { render(s: PlaygroundState): void } {
  const title = el('strong', { class: 'dialog-title' });
  const frame = el('iframe', { class: 'dialog-frame', sandbox: '', title: 'Dialog' });
  const close = el('button', { type: 'button', 'aria-label': 'Close dialog' }, '×');
  const box = el('div', { class: 'dialog', role: 'dialog', 'aria-modal': 'true' }, el('div', { class: 'dialog-head' }, title, close), frame);
  const backdrop = el('div', { class: 'dialog-backdrop', hidden: true }, box);
  host.append(backdrop);
  close.addEventListener('click', () => (backdrop.hidden = true));
  // Dialogs opened before the page loaded are not replayed.
  let seen: number | null = null;
  return {
    render(s) {
      const d = s.dialog;
      const seq = d?.seq ?? 0;
      if (d && seen !== null && seq > seen) {
        replace(title, d.title);
        box.setAttribute('aria-label', d.title);
        frame.srcdoc = d.html;
        box.style.width = `${d.width}px`;
        frame.style.height = `${d.height}px`;
        backdrop.hidden = false;
      }
      seen = seq;
    },
  };
}
