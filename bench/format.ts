// Markdown helpers for the bench report: numbers, minutes, verdicts and tables.

export const fmt = (n: number): string => n.toLocaleString('en-US');
export const minutes = (ms: number): string => (ms / 60_000).toFixed(1);
export const seconds = (ms: number): string => (ms / 1000).toFixed(1);
export const pct = (n: number, of: number): string => `${((100 * n) / of).toFixed(1)}%`;
export const verdict = (ok: boolean): string => (ok ? 'PASS' : '**FAIL**');

export type Cell = string | number;

export function table(head: string[], rows: Cell[][]): string {
  const line = (r: Cell[]) => `| ${r.map((c) => (typeof c === 'number' ? fmt(c) : c)).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** "3" or "2–5": the spread of a figure over several runs. */
export function spread(xs: number[]): string {
  if (xs.length === 0) return '—';
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`;
}

/** A titled part of the report: blocks (tables, paragraphs) one blank line apart. */
export const section = (title: string, ...blocks: string[]): string => [`## ${title}`, ...blocks].join('\n\n');
export const subsection = (title: string, ...blocks: string[]): string => [`### ${title}`, ...blocks].join('\n\n');

/** One budget of the bench: what is measured, its limit, the figure, and whether it holds. */
export interface Target {
  what: string;
  budget: string;
  measured: string;
  pass: boolean;
}
