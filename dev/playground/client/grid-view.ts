// The spreadsheet grid: draws the stand-in's active sheet and turns clicks, shift-clicks, drags,
// typing and the formula bar into the playground's select and edit actions.
import { el, replace } from '../../../sidebar/dom';
import { columnLetters } from '../../standin/a1';
import type { SheetView } from '../protocol';
import { contains, Selection, type Kind, type Point } from './selection';

const ROW_HEAD_WIDTH = 46;
const ROW_HEIGHT = 24;
const DEFAULT_WIDTH = 100;
/** Column widths by header, so the sample list and the add-on's output columns read well. */
const WIDTHS: Record<string, number> = {
  'First name': 90,
  'Last name': 90,
  Company: 140,
  Email: 230,
  Website: 200,
  Hook: 240,
  'CTA URL': 190,
  'Lead ID': 90,
  'Campaign ID': 110,
  'Page URL': 190,
  'Video URL': 210,
  'Video Status': 110,
  'Video Note': 280,
};
/** Output columns whose values are addresses a person opens. */
const LINK_HEADERS = new Set(['Page URL', 'Video URL']);

export interface GridActions {
  select(sheetId: number, ranges: string[]): Promise<void>;
  edit(sheetId: number, row: number, col: number, value: string): Promise<void>;
  /** Text pasted at the active cell (rows by line, cells by tab). */
  paste(sheetId: number, row: number, col: number, text: string): Promise<void>;
  error(message: string): void;
}

export interface GridParts {
  /** The scrolling box the table goes in. */
  wrap: HTMLElement;
  /** Shows the active cell's A1 name. */
  ref: HTMLElement;
  formula: HTMLInputElement;
}

export interface GridView {
  /** Draws a polled snapshot; `polledAt` is when that poll started (performance.now()). */
  render(view: SheetView, polledAt: number): void;
  /** The column of the active cell (1-based), which the column tools act on. */
  activeColumn(): number;
}

const key = (r: number, c: number) => `${r},${c}`;

export function createGrid(parts: GridParts, actions: GridActions): GridView {
  const table = el('table', { class: 'grid' });
  const editor = el('input', { class: 'cell-editor', hidden: true, spellcheck: 'false', 'aria-label': 'Cell value' });
  parts.wrap.append(table, editor);
  const sel = new Selection();
  const cells = new Map<string, HTMLElement>();
  let view: SheetView | null = null;
  let drawn = '';
  let dragging = false;
  let pendingSelects = 0;
  let selectAckAt = 0;
  let editing: (Point & { original: string }) | null = null;

  const editValue = (p: Point) => view?.edit[key(p.r, p.c)] ?? view?.display[p.r - 1]?.[p.c - 1] ?? '';
  const hidden = () => new Set(view?.hidden ?? []);

  function sendSelection(): void {
    if (!view) return;
    pendingSelects++;
    actions
      .select(view.id, sel.a1s())
      .catch((e: unknown) => actions.error(e instanceof Error ? e.message : String(e)))
      .finally(() => {
        pendingSelects--;
        selectAckAt = performance.now();
      });
  }

  function draw(v: SheetView): void {
    cells.clear();
    const header = v.display[0] ?? [];
    const width = (c: number) => WIDTHS[header[c - 1] ?? ''] ?? DEFAULT_WIDTH;
    const frozenLeft = (c: number) => ROW_HEAD_WIDTH + Array.from({ length: c - 1 }, (_, i) => width(i + 1)).reduce((a, b) => a + b, 0);
    const colgroup = el(
      'colgroup',
      {},
      el('col', { style: `width:${ROW_HEAD_WIDTH}px` }),
      ...Array.from({ length: v.cols }, (_, i) => el('col', { style: `width:${width(i + 1)}px` })),
    );
    const headRow = el(
      'tr',
      {},
      el('th', { class: 'corner' }),
      ...Array.from({ length: v.cols }, (_, i) => {
        const c = i + 1;
        const th = el(
          'th',
          { class: `colhead${c <= v.frozenCols ? ' frozen-col' : ''}`, 'data-c': c, style: c <= v.frozenCols ? `left:${frozenLeft(c)}px` : null },
          columnLetters(c),
        );
        cells.set(`h,${c}`, th);
        return th;
      }),
    );
    const gone = new Set(v.hidden);
    const body = el('tbody');
    for (let r = 1; r <= v.rows; r++) {
      if (gone.has(r)) continue;
      const frozenRow = r <= v.frozenRows;
      const top = frozenRow ? `top:${r * ROW_HEIGHT}px;` : '';
      const rowHead = el(
        'th',
        { class: `rowhead${gone.has(r - 1) ? ' after-hidden' : ''}${frozenRow ? ' frozen-row' : ''}`, 'data-r': r, style: top || null },
        String(r),
      );
      cells.set(`${r},h`, rowHead);
      const tr = el('tr', {}, rowHead);
      for (let c = 1; c <= v.cols; c++) {
        const text = v.display[r - 1]?.[c - 1] ?? '';
        const frozenCol = c <= v.frozenCols;
        const style = `${top}${frozenCol ? `left:${frozenLeft(c)}px;` : ''}${v.backgrounds[key(r, c)] ? `background:${v.backgrounds[key(r, c)]};` : ''}`;
        const classes = ['cell', frozenRow && 'frozen-row', frozenCol && 'frozen-col', v.bold.includes(key(r, c)) && 'bold'].filter(Boolean).join(' ');
        const isLink = r > 1 && LINK_HEADERS.has(header[c - 1] ?? '') && /^https?:\/\//i.test(text);
        const td = el(
          'td',
          { class: classes, 'data-r': r, 'data-c': c, style: style || null, title: text.length > 12 ? text : null },
          isLink ? el('a', { href: text, target: '_blank', rel: 'noopener' }, text) : text,
        );
        cells.set(key(r, c), td);
        tr.append(td);
      }
      body.append(tr);
    }
    replace(table, colgroup, el('thead', {}, headRow), body);
    // A fixed-layout table keeps its columns' widths only when its own width is their sum.
    table.style.width = `${frozenLeft(v.cols + 1)}px`;
  }

  function paint(): void {
    if (!view) return;
    const rects = sel.rects(view.maxRows, view.maxCols);
    const active = sel.active;
    for (const [k, node] of cells) {
      const [a, b] = k.split(',');
      if (a === 'h')
        node.classList.toggle(
          'sel-head',
          rects.some((x) => Number(b) >= x.col && Number(b) < x.col + x.numCols),
        );
      else if (b === 'h')
        node.classList.toggle(
          'sel-head',
          rects.some((x) => Number(a) >= x.row && Number(a) < x.row + x.numRows),
        );
      else {
        const r = Number(a);
        const c = Number(b);
        node.classList.toggle('sel', contains(rects, r, c));
        node.classList.toggle('active', r === active.r && c === active.c);
      }
    }
    replace(parts.ref, `${columnLetters(active.c)}${active.r}`);
    if (document.activeElement !== parts.formula) parts.formula.value = editValue(active);
  }

  /** The cell, row header or column header under an event, as a selection kind and point. */
  function target(ev: Event, kind?: Kind): { kind: Kind; at: Point } | null {
    const node = (ev.target as Element | null)?.closest<HTMLElement>('td.cell, th.rowhead, th.colhead');
    if (!node) return null;
    const r = Number(node.dataset.r ?? 1);
    const c = Number(node.dataset.c ?? 1);
    const own: Kind = node.matches('th.rowhead') ? 'rows' : node.matches('th.colhead') ? 'cols' : 'cells';
    // While dragging rows or columns, the cells under the pointer count for their row or column.
    const k = kind ?? own;
    if (k === 'cells' && own !== 'cells') return null;
    return { kind: k, at: { r: k === 'cols' ? 1 : r, c: k === 'rows' ? 1 : c } };
  }

  table.addEventListener('mousedown', (ev) => {
    if (ev.button !== 0 || !view) return;
    const hit = target(ev);
    if (!hit) return;
    if (editing) commitEdit();
    // Links open on click; elsewhere a drag must not select page text.
    if (!(ev.target as Element).closest('a')) ev.preventDefault();
    sel.start(hit.kind, hit.at, { extend: ev.shiftKey, add: ev.ctrlKey || ev.metaKey });
    dragging = true;
    paint();
    parts.wrap.focus({ preventScroll: true });
  });
  table.addEventListener('mouseover', (ev) => {
    if (!dragging) return;
    const kind = sel.ranges[sel.ranges.length - 1]!.kind;
    const hit = target(ev, kind);
    if (!hit) return;
    sel.dragTo(hit.at);
    paint();
  });
  document.addEventListener('mouseup', () => {
    if (!dragging) return;
    dragging = false;
    sendSelection();
  });
  table.addEventListener('dblclick', (ev) => {
    const hit = target(ev);
    if (hit?.kind === 'cells') startEdit(hit.at, editValue(hit.at));
  });

  /** Moves (or with shift, extends) the selection by one visible cell. */
  function move(dr: number, dc: number, extend: boolean): void {
    if (!view) return;
    const gone = hidden();
    const from = extend ? sel.ranges[sel.ranges.length - 1]!.focus : sel.active;
    let r = from.r;
    do r += dr;
    while (dr !== 0 && gone.has(r) && r > 1 && r < view.rows);
    const next = { r: Math.min(Math.max(r, 1), view.rows), c: Math.min(Math.max(from.c + dc, 1), view.cols) };
    if (extend) sel.dragTo(next);
    else sel.start('cells', next);
    paint();
    cells.get(key(next.r, next.c))?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    sendSelection();
  }

  const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  parts.wrap.addEventListener('keydown', (ev) => {
    if (editing || ev.target !== parts.wrap) return;
    const arrow = ARROWS[ev.key];
    if (arrow) {
      ev.preventDefault();
      move(arrow[0], arrow[1], ev.shiftKey);
      return;
    }
    if (ev.key === 'Enter' || ev.key === 'F2') {
      ev.preventDefault();
      startEdit(sel.active, editValue(sel.active));
      return;
    }
    if (ev.key === 'Delete' || ev.key === 'Backspace') {
      ev.preventDefault();
      write(sel.active, '');
      return;
    }
    if (ev.key.length === 1 && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      ev.preventDefault();
      startEdit(sel.active, ev.key);
    }
  });

  // Rows copied from another sheet or a CRM export land from the active cell on.
  parts.wrap.addEventListener('paste', (ev) => {
    const text = ev.clipboardData?.getData('text/plain') ?? '';
    if (editing || !view || !text) return;
    ev.preventDefault();
    drawn = '';
    actions.paste(view.id, sel.active.r, sel.active.c, text).catch((e: unknown) => actions.error(e instanceof Error ? e.message : String(e)));
  });

  function startEdit(at: Point, text: string): void {
    const td = cells.get(key(at.r, at.c));
    if (!td) return;
    const box = td.getBoundingClientRect();
    const wrapBox = parts.wrap.getBoundingClientRect();
    editor.style.left = `${box.left - wrapBox.left + parts.wrap.scrollLeft}px`;
    editor.style.top = `${box.top - wrapBox.top + parts.wrap.scrollTop}px`;
    editor.style.width = `${Math.max(box.width, 160)}px`;
    editor.style.height = `${box.height}px`;
    editing = { ...at, original: editValue(at) };
    editor.value = text;
    editor.hidden = false;
    editor.focus();
    editor.setSelectionRange(text.length, text.length);
  }

  /** Ends in-cell editing; writes the value if it changed. */
  function commitEdit(): void {
    if (!editing) return;
    const { r, c, original } = editing;
    editing = null;
    editor.hidden = true;
    if (editor.value !== original) write({ r, c }, editor.value);
  }

  function write(at: Point, value: string): void {
    if (!view) return;
    const td = cells.get(key(at.r, at.c));
    if (td) replace(td, value);
    // Shown at once; the next poll redraws with what the sheet made of it.
    drawn = '';
    actions.edit(view.id, at.r, at.c, value).catch((e: unknown) => actions.error(e instanceof Error ? e.message : String(e)));
  }

  editor.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') {
      ev.preventDefault();
      editing = null;
      editor.hidden = true;
      parts.wrap.focus({ preventScroll: true });
    } else if (ev.key === 'Enter' || ev.key === 'Tab') {
      ev.preventDefault();
      commitEdit();
      parts.wrap.focus({ preventScroll: true });
      move(ev.key === 'Enter' ? 1 : 0, ev.key === 'Tab' ? 1 : 0, false);
    }
  });
  editor.addEventListener('blur', () => commitEdit());

  parts.formula.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') {
      ev.preventDefault();
      write(sel.active, parts.formula.value);
      parts.wrap.focus({ preventScroll: true });
    } else if (ev.key === 'Escape') {
      parts.formula.value = editValue(sel.active);
      parts.wrap.focus({ preventScroll: true });
    }
  });

  return {
    render(v, polledAt) {
      const switched = view?.id !== v.id;
      view = v;
      // The stand-in's selection wins unless the page changed it since this poll began.
      const settled = !dragging && pendingSelects === 0 && polledAt > selectAckAt;
      if ((switched || settled) && !sel.matches(v.selection, v.maxRows, v.maxCols)) sel.adopt(v.selection, v.maxRows, v.maxCols);
      const { selection: _s, ...shape } = v;
      const next = JSON.stringify(shape);
      if (next !== drawn) {
        drawn = next;
        draw(v);
      }
      paint();
    },
    activeColumn: () => sel.active.c,
  };
}
