// The money section of bench/results.md, between its markers: written by bench/money.ts, kept by npm run bench.
export const MONEY_START = '<!-- money: npx tsx bench/money.ts -->';
export const MONEY_END = '<!-- /money -->';

/** The section as it stands in results.md ('' when absent), with a leading blank line. */
export function moneySection(results: string): string {
  const i = results.indexOf(MONEY_START);
  const j = results.indexOf(MONEY_END);
  return i >= 0 && j > i ? `\n\n${results.slice(i, j + MONEY_END.length)}` : '';
}

/** results.md with its money section replaced by (or appended as) `body`. */
export function withMoneySection(results: string, body: string): string {
  const section = `${MONEY_START}\n${body.trim()}\n${MONEY_END}`;
  const old = moneySection(results).trim();
  return old ? results.replace(old, section) : `${results.trimEnd()}\n\n${section}\n`;
}
