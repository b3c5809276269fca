// Display values: the text a person sees in a cell, from its value and number format, as Sheets renders it.
import { CellError, type Cell, type StoredValue, PLAIN_TEXT } from './cell';
import { fromWallClock, wallClock } from './time-zone';

const DAY_MS = 86_400_000;
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The automatic format: up to 10 significant digits without trailing zeros; scientific beyond 1e15. */
export function generalNumber(n: number): string {
  if (n === 0) return '0';
  const abs = Math.abs(n);
  if (abs >= 1e15 || abs < 1e-9) {
    const [mantissa, exp] = n.toExponential(5).split('e');
    const m = mantissa!.replace(/\.?0+$/, '');
    const e = Number(exp);
    return `${m}E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (Number.isInteger(n)) return String(n);
  const digits = Math.max(0, 9 - Math.floor(Math.log10(abs)));
  return n.toFixed(Math.min(digits, 20)).replace(/\.?0+$/, '');
}

/** Splits a format into literal text and placeholder tokens, undoing quotes and escapes. */
function tokens(section: string): { text: string; literal: boolean }[] {
  const out: { text: string; literal: boolean }[] = [];
  for (let i = 0; i < section.length; i++) {
    const ch = section[i]!;
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      const stop = end < 0 ? section.length : end;
      out.push({ text: section.slice(i + 1, stop), literal: true });
      i = stop;
    } else if (ch === '\\' && i + 1 < section.length) {
      out.push({ text: section[++i]!, literal: true });
    } else if (ch === '_' && i + 1 < section.length) {
      out.push({ text: ' ', literal: true });
      i++;
    } else if (ch === '*' && i + 1 < section.length) {
      i++;
    } else if (ch === '[') {
      const end = section.indexOf(']', i);
      i = end < 0 ? section.length : end;
    } else {
      out.push({ text: ch, literal: false });
    }
  }
  return out;
}

function unquoted(format: string): string {
  return tokens(format)
    .filter((t) => !t.literal)
    .map((t) => t.text)
    .join('');
}

export function isDateFormat(format: string): boolean {
  const bare = unquoted(format).toLowerCase();
  return bare !== 'general' && /[ydhs]|m|am\/pm|a\/p/.test(bare);
}

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Numeric patterns: 0 and # placeholders, thousands commas, decimals, %, literal text around them. */
export function formatNumber(n: number, format: string): string {
  const sections = format.split(';');
  let section = sections[0]!;
  let value = n;
  let sign = n < 0 ? '-' : '';
  if (n < 0 && sections[1] !== undefined) {
    section = sections[1];
    value = -n;
    sign = '';
  } else if (n === 0 && sections[2] !== undefined) {
    section = sections[2];
  }
  if (/^\s*general\s*$/i.test(section) || section === PLAIN_TEXT) return generalNumber(n);
  const toks = tokens(section);
  const isPlace = (t: { text: string; literal: boolean }) => !t.literal && /[0#?,.]/.test(t.text);
  const start = toks.findIndex(isPlace);
  if (start < 0) return toks.map((t) => t.text).join('');
  let end = start;
  while (end < toks.length && isPlace(toks[end]!)) end++;
  const body = toks
    .slice(start, end)
    .map((t) => t.text)
    .join('');
  if (toks.some((t) => !t.literal && /[eE]/.test(t.text))) throw new Error(`stand-in: scientific number format ${format} is not implemented`);
  const percent = toks.some((t) => !t.literal && t.text === '%');
  let abs = Math.abs(value) * (percent ? 100 : 1);
  const trailingCommas = /,+$/.exec(body)?.[0].length ?? 0;
  abs /= 1000 ** trailingCommas;
  const [intPat = '', decPat = ''] = body.slice(0, body.length - trailingCommas).split('.');
  const minDec = (decPat.match(/0/g) ?? []).length;
  const maxDec = (decPat.match(/[0#?]/g) ?? []).length;
  const minInt = (intPat.match(/0/g) ?? []).length;
  let [int = '', dec = ''] = abs.toFixed(maxDec).split('.');
  while (dec.length > minDec && dec.endsWith('0')) dec = dec.slice(0, -1);
  int = int.replace(/^0+/, '').padStart(minInt, '0');
  if (intPat.includes(',')) int = group(int);
  const number = dec ? `${int}.${dec}` : int;
  if (Number(`${int.replace(/,/g, '') || '0'}.${dec || '0'}`) === 0) sign = '';
  const before = toks
    .slice(0, start)
    .map((t) => t.text)
    .join('');
  const after = toks
    .slice(end)
    .map((t) => t.text)
    .join('');
  return `${sign}${before}${number}${after}`;
}

/** Sheets date patterns: y, m (month, or minutes next to h or s), d, h, s, am/pm, .000. */
export function formatDatePattern(ms: number, format: string, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  const toks = tokens(format);
  const raw = toks.map((t) => (t.literal ? '\u0000' : t.text)).join('');
  const re = /(am\/pm|a\/p|y+|m+|d+|h+|s+|\.0+)/gi;
  const parts: { kind: string; text: string }[] = [];
  let last = 0;
  let lit = 0;
  const literals = toks.filter((t) => t.literal).map((t) => t.text);
  const pushLiteral = (s: string) => {
    for (const ch of s) parts.push({ kind: 'lit', text: ch === '\u0000' ? (literals[lit++] ?? '') : ch });
  };
  for (const m of raw.matchAll(re)) {
    pushLiteral(raw.slice(last, m.index));
    parts.push({ kind: m[0].toLowerCase().replace(/^\.0+$/, '.0'), text: m[0] });
    last = m.index! + m[0].length;
  }
  pushLiteral(raw.slice(last));
  const twelve = parts.some((p) => p.kind === 'am/pm' || p.kind === 'a/p');
  const fields = parts.filter((p) => p.kind !== 'lit');
  return parts
    .map((p) => {
      const k = p.kind;
      if (k === 'lit') return p.text;
      const i = fields.indexOf(p);
      if (k.startsWith('y')) return k.length <= 2 ? String(w.year % 100).padStart(2, '0') : String(w.year);
      if (k.startsWith('m')) {
        const prev = fields[i - 1]?.kind ?? '';
        const next = fields[i + 1]?.kind ?? '';
        if (k.length <= 2 && (prev.startsWith('h') || next.startsWith('s'))) return k.length === 2 ? String(w.minute).padStart(2, '0') : String(w.minute);
        if (k.length === 1) return String(w.month);
        if (k.length === 2) return String(w.month).padStart(2, '0');
        const name = MONTHS[w.month - 1]!;
        return k.length === 3 ? name.slice(0, 3) : k.length === 5 ? name[0]! : name;
      }
      if (k.startsWith('d')) {
        if (k.length === 1) return String(w.day);
        if (k.length === 2) return String(w.day).padStart(2, '0');
        const name = DAYS[w.weekday]!;
        return k.length === 3 ? name.slice(0, 3) : name;
      }
      if (k.startsWith('h')) {
        const h = twelve ? ((w.hour + 11) % 12) + 1 : w.hour;
        return k.length >= 2 ? String(h).padStart(2, '0') : String(h);
      }
      if (k.startsWith('s')) return k.length >= 2 ? String(w.second).padStart(2, '0') : String(w.second);
      if (k === '.0')
        return `.${String(w.millisecond)
          .padStart(3, '0')
          .slice(0, p.text.length - 1)}`;
      if (k === 'am/pm') return w.hour < 12 ? 'AM' : 'PM';
      if (k === 'a/p') return w.hour < 12 ? 'A' : 'P';
      return p.text;
    })
    .join('');
}

/** Days since 30 Dec 1899 in the zone: how Sheets stores a date as a number. */
export function dateToSerial(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond) - SERIAL_EPOCH) / DAY_MS;
}

export function serialToDate(serial: number, timeZone: string): number {
  const t = new Date(SERIAL_EPOCH + Math.round(serial * DAY_MS));
  return fromWallClock(timeZone, t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds());
}

function defaultDate(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  const midnight = w.hour === 0 && w.minute === 0 && w.second === 0;
  return formatDatePattern(ms, midnight ? 'M/d/yyyy' : 'M/d/yyyy H:mm:ss', timeZone);
}

/** The text a person sees for a value under a number format (undefined: automatic). */
export function displayValue(v: StoredValue, format: string | undefined, timeZone: string): string {
  if (v instanceof CellError) return v.code;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v;
  const fmt = format === undefined || format === PLAIN_TEXT ? undefined : format;
  if (typeof v === 'number') {
    if (fmt === undefined) return generalNumber(v);
    return isDateFormat(fmt) ? formatDatePattern(serialToDate(v, timeZone), fmt, timeZone) : formatNumber(v, fmt);
  }
  if (fmt === undefined) return defaultDate(v.getTime(), timeZone);
  return isDateFormat(fmt) ? formatDatePattern(v.getTime(), fmt, timeZone) : formatNumber(dateToSerial(v.getTime(), timeZone), fmt);
}

export function cellDisplay(cell: Cell | undefined, timeZone: string): string {
  return cell ? displayValue(cell.v, cell.fmt, timeZone) : '';
}
