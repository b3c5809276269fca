// The column tools above the grid: sort the sheet by the selected column (A→Z, Z→A), move that column
// left or right, and delete the selected rows, as a person does in Sheets while the add-on is busy with the rows.
import { el, replace } from '../../../sidebar/dom';
import { columnLetters } from '../../standin/a1';
import type { SheetView } from '../protocol';

export interface ColumnActions {
  sort(sheetId: number, col: number, ascending: boolean): Promise<void>;
  move(sheetId: number, col: number, by: -1 | 1): Promise<void>;
  /** Deletes the rows the selection spans. */
  deleteRows(sheetId: number): Promise<void>;
  error(message: string): void;
}

export interface ColumnTools {
  render(v: SheetView): void;
}

/** `activeColumn` reads the grid's active cell, so the tools follow a click before the next poll. */
export function createColumnTools(root: HTMLElement, activeColumn: () => number, actions: ColumnActions): ColumnTools {
  const name = el('strong', { 'data-testid': 'active-column' });
  const button = (label: string, title: string, act: (sheetId: number, col: number) => Promise<void>) => {
    const b = el('button', { type: 'button', title }, label);
    b.addEventListener('click', () => {
      if (!view) return;
      act(view.id, activeColumn()).catch((e: unknown) => actions.error(e instanceof Error ? e.message : String(e)));
    });
    return b;
  };
  const buttons = [
    button('Sort A→Z', 'Sort the rows under the header by this column, ascending', (id, c) => actions.sort(id, c, true)),
    button('Sort Z→A', 'Sort the rows under the header by this column, descending', (id, c) => actions.sort(id, c, false)),
    button('◀ Move left', 'Move this column one place left', (id, c) => actions.move(id, c, -1)),
    button('Move right ▶', 'Move this column one place right', (id, c) => actions.move(id, c, 1)),
  ];
  const rows = el('span', { class: 'muted' }, 'Rows');
  const remove = button('Delete rows', 'Delete the selected rows, as Edit › Delete rows does', (id) => actions.deleteRows(id));
  replace(root, el('span', { class: 'muted' }, 'Column'), name, ...buttons, rows, remove);
  let view: SheetView | null = null;

  return {
    render(v) {
      view = v;
      const col = activeColumn();
      const header = v.display[0]?.[col - 1] ?? '';
      replace(name, header ? `${columnLetters(col)} · ${header}` : columnLetters(col));
      const last = lastDataColumn(v);
      const [asc, desc, left, right] = buttons as [HTMLButtonElement, HTMLButtonElement, HTMLButtonElement, HTMLButtonElement];
      asc.disabled = desc.disabled = col > last;
      left.disabled = col <= 1 || col > last;
      right.disabled = col >= last;
      remove.disabled = v.selection.length === 0;
    },
  };
}

/** The last column holding any text: sorting by or moving a column past it would show nothing. */
function lastDataColumn(v: SheetView): number {
  return v.display.reduce((last, line) => {
    for (let c = line.length; c > last; c--) if (line[c - 1] !== '') return c;
    return last;
  }, 0);
}
