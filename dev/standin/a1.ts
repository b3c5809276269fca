// A1 notation: column letters, parsing "Sheet!A1:B2" (and A:A, 2:5, A2:A) into a rectangle, and back.

/** A block of cells, 1-based. */
export interface Rect {
  row: number;
  col: number;
  numRows: number;
  numCols: number;
}

export function columnLetters(col: number): string {
  let s = '';
  for (let x = col; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function toA1(rect: Rect): string {
  const first = `${columnLetters(rect.col)}${rect.row}`;
  if (rect.numRows === 1 && rect.numCols === 1) return first;
  return `${first}:${columnLetters(rect.col + rect.numCols - 1)}${rect.row + rect.numRows - 1}`;
}

interface Ref {
  col?: number;
  row?: number;
}

function parseRef(s: string): Ref | null {
  const m = /^\$?([A-Za-z]{0,3})\$?(\d*)$/.exec(s);
  if (!m || (!m[1] && !m[2])) return null;
  const ref: Ref = {};
  if (m[1]) ref.col = columnNumber(m[1]);
  if (m[2]) ref.row = Number(m[2]);
  return ref;
}

/** Splits "'My sheet'!A1:B2" into the sheet name (quotes undone) and the cell part. */
export function splitSheetName(a1: string): { sheetName?: string; cells: string } {
  const bang = a1.lastIndexOf('!');
  if (bang < 0) return { cells: a1 };
  let name = a1.slice(0, bang);
  if (name.startsWith("'") && name.endsWith("'") && name.length >= 2) name = name.slice(1, -1).replace(/''/g, "'");
  return { sheetName: name, cells: a1.slice(bang + 1) };
}

/**
 * The rectangle an A1 reference names on a sheet of the given size, or null when it is not A1
 * notation. Open ends (A:A, 2:5, A2:A) run to the sheet's edge, as in Sheets.
 */
export function parseA1(cells: string, maxRows: number, maxCols: number): Rect | null {
  const parts = cells.trim().split(':');
  if (parts.length > 2 || parts.some((p) => p === '')) return null;
  const a = parseRef(parts[0]!);
  const b = parts.length === 2 ? parseRef(parts[1]!) : a;
  if (!a || !b) return null;
  if (parts.length === 1 && (a.col === undefined || a.row === undefined)) return null;
  if ((a.col === undefined) !== (b.col === undefined) && a.row === undefined) return null;
  const r1 = a.row ?? 1;
  const c1 = a.col ?? 1;
  const r2 = b.row ?? maxRows;
  const c2 = b.col ?? maxCols;
  if (r1 < 1 || c1 < 1 || r2 < 1 || c2 < 1) return null;
  const row = Math.min(r1, r2);
  const col = Math.min(c1, c2);
  return { row, col, numRows: Math.max(r1, r2) - row + 1, numCols: Math.max(c1, c2) - col + 1 };
}
