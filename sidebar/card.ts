// A section card: a collapsible <details> whose summary carries the heading and a status line.
import { el, replace, uid } from './dom';
import { watch, type AppState, type Store } from './state';

export interface Card {
  el: HTMLDetailsElement;
  body: HTMLElement;
  /** The short status beside the heading, e.g. "Connected". */
  status(text: string, tone?: 'done' | 'todo' | 'warn'): void;
}

export function card(id: string, title: string): Card {
  const headingId = uid('h');
  const statusEl = el('span', 'card-status');
  const body = el('div', 'card-body');
  const details = el(
    'details',
    { class: 'card', id, open: true, 'aria-labelledby': headingId },
    el('summary', {}, el('h2', { id: headingId }, title), statusEl),
    body,
  );
  return {
    el: details,
    body,
    status(text, tone = 'todo') {
      statusEl.className = `card-status card-status-${tone}`;
      replace(statusEl, text);
    },
  };
}

/** Opens or collapses a card (or any fold) only when the wanted state flips, so the person's own toggling is kept. */
export function autoOpen(fold: HTMLDetailsElement): (open: boolean) => void {
  let last: boolean | null = null;
  return (open) => {
    if (open === last) return;
    last = open;
    fold.open = open;
  };
}

/** A section that acts on the tab's campaign: open while the tab has one and `also` says it needs the person, folded otherwise. */
export function openWithCampaign(c: Card, store: Store, also: (s: AppState) => boolean = () => true): void {
  const toggle = autoOpen(c.el);
  watch(
    store,
    (s) => (s.sidebar ? Boolean(s.sidebar.campaign) && also(s) : null),
    (open) => {
      if (open !== null) toggle(open);
    },
  );
}
