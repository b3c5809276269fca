// Tiny DOM builder: elements from tag, attributes and children; text always via textContent.

export type Child = Node | string | number | null | undefined | false;
type Handler = (ev: Event) => void;
export type Attrs = Record<string, string | number | boolean | Handler | null | undefined>;

/** Makes an element; `on*` function attributes become listeners, `false`/null attributes are left out; a string is the class alone. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs | string = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(typeof attrs === 'string' ? { class: attrs } : attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') node.addEventListener(name.slice(2).toLowerCase(), value);
    else if (name === 'value' || name === 'checked' || name === 'disabled') (node as unknown as Record<string, unknown>)[name] = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, ...children);
  return node;
}

/** A button of the page's look (`btn-primary`, `btn-secondary`…) that never submits. */
export const button = (kind: string, label: Child, attrs: Attrs = {}): HTMLButtonElement =>
  el('button', { type: 'button', class: `btn btn-${kind}`, ...attrs }, label);

/** Lines as paragraphs in `box`, hidden while there are none. */
export function showLines(box: HTMLElement, lines: readonly string[]): void {
  replace(box, ...lines.map((l) => el('p', {}, l)));
  box.hidden = lines.length === 0;
}

/** A text in `box`, hidden while there is none. */
export function showText(box: HTMLElement, text: string | null | undefined): void {
  replace(box, text ?? '');
  box.hidden = !text;
}

/** A block shown only when it has something to say. */
export const hiddenStack = (...children: Child[]): HTMLDivElement => el('div', { class: 'stack', hidden: true }, ...children);

/** Controls side by side: the buttons under a card's fields. */
/** The element that has the keyboard's focus, or null. */
export const focused = (): Element | null => document.activeElement;

export const inRow = (...children: Child[]): HTMLDivElement => el('div', 'row', ...children);

/** Appends children; strings become text nodes, so data is never parsed as HTML. */
export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
}

/** Replaces all children of `parent`. */
export function replace(parent: Node, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, ...children);
}

let counter = 0;
/** A page-unique id for label/aria wiring. */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}
