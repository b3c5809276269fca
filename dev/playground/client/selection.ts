// The grid's selection as a person makes it: ranges of cells, whole rows or whole columns, each with
// an anchor (where the click started) and a focus (where shift-click or the drag ended).
import { columnLetters } from '../../standin/a1';
import type { SheetView } from '../protocol';

export type Kind = 'cells' | 'rows' | 'cols';
export interface Point {
  r: number;
  c: number;
}
export interface Range {
  kind: Kind;
  anchor: Point;
  focus: Point;
}
export type Rect = SheetView['selection'][number];

export class Selection {
  ranges: Range[] = [{ kind: 'cells', anchor: { r: 1, c: 1 }, focus: { r: 1, c: 1 } }];

  /** The cell the formula bar shows: where the current range started. */
  get active(): Point {
    return this.current.anchor;
  }

  private get current(): Range {
    return this.ranges[this.ranges.length - 1]!;
  }

  /** A click: a new range (ctrl/cmd adds one to the list), or shift extends the current one. */
  start(kind: Kind, at: Point, o: { extend?: boolean; add?: boolean } = {}): void {
    if (o.extend && this.current.kind === kind) {
      this.current.focus = { ...at };
      return;
    }
    const range: Range = { kind, anchor: { ...at }, focus: { ...at } };
    if (o.add) this.ranges.push(range);
    else this.ranges = [range];
  }

  /** A drag moves the current range's focus. */
  dragTo(at: Point): void {
    this.current.focus = { ...at };
  }

  /** Rectangles on a sheet of this size (whole rows and columns span it, as in Sheets). */
  rects(maxRows: number, maxCols: number): Rect[] {
    return this.ranges.map((g) => {
      const r1 = Math.min(g.anchor.r, g.focus.r);
      const r2 = Math.max(g.anchor.r, g.focus.r);
      const c1 = Math.min(g.anchor.c, g.focus.c);
      const c2 = Math.max(g.anchor.c, g.focus.c);
      if (g.kind === 'rows') return { row: r1, col: 1, numRows: r2 - r1 + 1, numCols: maxCols };
      if (g.kind === 'cols') return { row: 1, col: c1, numRows: maxRows, numCols: c2 - c1 + 1 };
      return { row: r1, col: c1, numRows: r2 - r1 + 1, numCols: c2 - c1 + 1 };
    });
  }

  /** The ranges in A1 notation, as the stand-in's select() takes them ("2:51" for whole rows). */
  a1s(): string[] {
    return this.ranges.map((g) => {
      const r1 = Math.min(g.anchor.r, g.focus.r);
      const r2 = Math.max(g.anchor.r, g.focus.r);
      const c1 = columnLetters(Math.min(g.anchor.c, g.focus.c));
      const c2 = columnLetters(Math.max(g.anchor.c, g.focus.c));
      if (g.kind === 'rows') return `${r1}:${r2}`;
      if (g.kind === 'cols') return `${c1}:${c2}`;
      return r1 === r2 && c1 === c2 ? `${c1}${r1}` : `${c1}${r1}:${c2}${r2}`;
    });
  }

  /** Takes the stand-in's selection (after a reload, a reset, or the add-on selecting something). */
  adopt(rects: Rect[], maxRows: number, maxCols: number): void {
    if (rects.length === 0) return;
    this.ranges = rects.map((x) => {
      const kind: Kind = x.col === 1 && x.numCols >= maxCols && x.numRows < maxRows ? 'rows' : x.row === 1 && x.numRows >= maxRows ? 'cols' : 'cells';
      return { kind, anchor: { r: x.row, c: x.col }, focus: { r: x.row + x.numRows - 1, c: x.col + x.numCols - 1 } };
    });
  }

  /** Same ranges as the stand-in holds? */
  matches(rects: Rect[], maxRows: number, maxCols: number): boolean {
    return JSON.stringify(this.rects(maxRows, maxCols)) === JSON.stringify(rects);
  }
}

export function contains(rects: Rect[], r: number, c: number): boolean {
  return rects.some((x) => r >= x.row && r < x.row + x.numRows && c >= x.col && c < x.col + x.numCols);
}
