// Labelled form controls, and the rule for updating one without clobbering the person's typing.
import { el, focused, uid, type Child } from './dom';

/** A label above a control, with optional help text tied by aria-describedby. */
export function labelled(label: string, control: HTMLElement, help?: Child): HTMLElement {
  const id = control.id || uid('f');
  control.id = id;
  const helpEl = help ? el('div', { class: 'help', id: `${id}-help` }, help) : null;
  if (helpEl) control.setAttribute('aria-describedby', helpEl.id);
  return el('div', 'field', el('label', { for: id }, label), control, helpEl);
}

/**
 * Sets a control's value from the server unless the person is editing it: it has focus, or
 * its value was changed since the server value was last put there.
 */
export function syncValue(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const shown = control.dataset.serverValue;
  const edited = shown !== undefined && control.value !== shown;
  if (focused() === control || edited) return;
  control.value = value;
  control.dataset.serverValue = control.value;
}

/** Marks the control's current value as the saved one (after a successful save). */
export function markSaved(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): void {
  control.dataset.serverValue = control.value;
}

/** Keydown handler: Enter in a text input clicks `button`, as a form's default button would. */
export function enterClicks(button: HTMLButtonElement): (ev: Event) => void {
  return (ev) => {
    const k = ev as KeyboardEvent;
    if (k.key !== 'Enter' || !(k.target instanceof HTMLInputElement)) return;
    k.preventDefault();
    button.click();
  };
}
