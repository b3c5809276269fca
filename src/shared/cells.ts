// Cell text in and out: what a person sees in a cell becomes clean input; what we write stays literal text.

// "Loading..." is what a cell shows while its formula (IMPORTRANGE, a lookup) has not answered yet.
const ERROR_VALUES = /^(?:#(N\/A|REF!|VALUE!|DIV\/0!|NAME\?|NUM!|NULL!|ERROR!|SPILL!|CALC!)|Loading\.\.\.)$/;

/** True for the text of a spreadsheet error cell (#N/A, #REF! …), which must never reach a video. */
export function isErrorText(s: string): boolean {
  return ERROR_VALUES.test(s.trim());
}

/**
 * The input text of a displayed cell value: stray spaces trimmed and collapsed, non-breaking spaces
 * and line breaks made plain, error values treated as empty.
 */
export function cellText(display: unknown): string {
  if (display === null || display === undefined) return '';
  let s = String(display);
  // Most cells are clean already: one test instead of three rewrites (every cell of a big tab is read at every pass).
  if (/[\u00a0\u2007\u202f\r\n\t]| {2}|^\s|\s$/.test(s))
    s = s
      .replace(/[\u00a0\u2007\u202f\r\n\t]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim();
  // Every error value starts with "#" or "L".
  return /^[#L]/.test(s) && isErrorText(s) ? '' : s;
}

// Text Sheets would parse into something else: a formula (=, +, -, @), a number, percent, date or boolean.
const PARSED_BY_SHEETS = /^(?:[=+\-@'].*|[\d\s.,:/%$()eE+-]*\d[\d\s.,:/%$()eE+-]*|true|false)$/is;

/**
 * A value as literal text: a string Sheets would read as a formula, number, date or boolean gets the
 * leading apostrophe that forces text (Sheets hides it). Other values pass unchanged. We don't use the
 * plain-text number format instead, because in such a cell the apostrophe would show.
 */
export function literal(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  return PARSED_BY_SHEETS.test(v) ? `'${v}` : v;
}

/** A page address as a key: the API and the sheet may differ by spaces or a trailing slash. */
export function urlKey(u: string): string {
  return u.trim().replace(/\/+$/, '');
}
