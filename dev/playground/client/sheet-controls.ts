// The controls around the grid: the tab bar (switches the active sheet, adds one) and a one-condition filter
// (hides the rows whose column does not contain some text, as a Sheets filter would).
import { el, replace } from '../../../sidebar/dom';
import { columnLetters } from '../../standin/a1';
import type { PlaygroundState, SheetView } from '../protocol';

export interface SheetActions {
  activate(sheetId: number): Promise<void>;
  addTab(): Promise<void>;
  filter(sheetId: number, col: number, text: string): Promise<void>;
  clearFilter(sheetId: number): Promise<void>;
  error(message: string): void;
}

export function createTabs(root: HTMLElement, actions: SheetActions): { render(s: PlaygroundState): void } {
  let drawn = '';
  return {
    render(s) {
      const next = JSON.stringify([s.tabs, s.sheet.id]);
      if (next === drawn) return;
      drawn = next;
      replace(
        root,
        ...s.tabs.map((t) =>
          el(
            'button',
            {
              type: 'button',
              class: `tab${t.id === s.sheet.id ? ' tab-active' : ''}`,
              'aria-pressed': String(t.id === s.sheet.id),
              onclick: () => {
                actions.activate(t.id).catch((e: unknown) => actions.error(e instanceof Error ? e.message : String(e)));
              },
            },
            t.name,
          ),
        ),
        el(
          'button',
          {
            type: 'button',
            class: 'tab tab-add',
            title: 'Add a tab',
            'aria-label': 'Add a tab',
            onclick: () => {
              actions.addTab().catch((e: unknown) => actions.error(e instanceof Error ? e.message : String(e)));
            },
          },
          '+',
        ),
      );
    },
  };
}

export function createFilter(root: HTMLElement, actions: SheetActions): { render(v: SheetView): void } {
  const column = el('select', { 'aria-label': 'Filter column' });
  const text = el('input', { type: 'search', placeholder: 'contains…', 'aria-label': 'Filter text' });
  const apply = el('button', { type: 'button' }, 'Filter');
  const clear = el('button', { type: 'button' }, 'Clear');
  const status = el('span', { class: 'muted' });
  replace(root, el('span', { class: 'muted' }, 'Show rows where'), column, text, apply, clear, status);
  let view: SheetView | null = null;
  let columnsDrawn = '';
  const run = (p: Promise<void>) => p.catch((e: unknown) => actions.error(e instanceof Error ? e.message : String(e)));

  apply.addEventListener('click', () => {
    if (view) void run(actions.filter(view.id, Number(column.value), text.value));
  });
  text.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && view) void run(actions.filter(view.id, Number(column.value), text.value));
  });
  clear.addEventListener('click', () => {
    if (view) {
      text.value = '';
      void run(actions.clearFilter(view.id));
    }
  });

  return {
    render(v) {
      const switched = view?.id !== v.id;
      view = v;
      const header = v.display[0] ?? [];
      const names = Array.from({ length: v.cols }, (_, i) => header[i] || `Column ${columnLetters(i + 1)}`);
      const next = JSON.stringify([v.id, names]);
      if (next !== columnsDrawn) {
        const keep = column.value;
        columnsDrawn = next;
        replace(column, ...names.map((n, i) => el('option', { value: String(i + 1) }, n)));
        if (keep) column.value = keep;
      }
      if (switched && v.filter) {
        column.value = String(v.filter.col);
        text.value = v.filter.text;
      }
      clear.disabled = !v.filter;
      replace(status, v.filter ? `${v.hidden.length} ${v.hidden.length === 1 ? 'row' : 'rows'} hidden` : '');
    },
  };
}
