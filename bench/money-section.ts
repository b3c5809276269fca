// Sections of bench/results.md between markers, measured apart and kept by npm run bench: the money section
// (written by bench/money.ts) and the explorer's long runs (written by hand from `npm run explore`).
export const MONEY_START = '<!-- money: npx tsx bench/money.ts -->';
export const MONEY_END = '<!-- /money -->';
const EXPLORER_START = '<!-- explorer: npm run explore, by hand -->';
const EXPLORER_END = '<!-- /explorer -->';

function marked(results: string, start: string, end: string): string {
  const i = results.indexOf(start);
  const j = results.indexOf(end);
  return i >= 0 && j > i ? `\n\n${results.slice(i, j + end.length)}` : '';
}

/** The section as it stands in results.md ('' when absent), with a leading blank line. */
export function moneySection(results: string): string {
  return marked(results, MONEY_START, MONEY_END);
}

/** The sections npm run bench does not measure, as results.md holds them, each with a leading blank line. */
export function keptSections(results: string): string {
  return marked(results, EXPLORER_START, EXPLORER_END) + moneySection(results);
}

/** results.md with its money section replaced by (or appended as) `body`. */
export function withMoneySection(results: string, body: string): string {
  const section = `${MONEY_START}\n${body.trim()}\n${MONEY_END}`;
  const old = moneySection(results).trim();
  return old ? results.replace(old, section) : `${results.trimEnd()}\n\n${section}\n`;
}
