// Typed JSON values in a properties store, tolerant of values that were hand-edited or cut short.
import type { Props } from '../core/services';

export function getJson<T>(props: Props, key: string): T | null {
  const raw = props.getProperty(key);
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function setJson(props: Props, key: string, value: unknown): void {
  if (value === null || value === undefined) props.deleteProperty(key);
  else props.setProperty(key, JSON.stringify(value));
}

/** A store's plain text values as a get/put pair (where a value is kept when a cache may forget it). */
export function textValues(props: Props): { get(key: string): string | null; put(key: string, value: string): void } {
  return { get: (k) => props.getProperty(k), put: (k, v) => void props.setProperty(k, v) };
}

/** The store's keys that pass `test` (one read with the rest of the store); a store that cannot list its keys has none. */
export function keysWhere(props: Props, test: (key: string) => boolean): string[] {
  return ((props.keys && props.keys()) || []).filter(test);
}

/** Characters of a value of setJsonLarge: ASCII only, so well under a property's 9 KB (docs/rules.md#budgets). */
const PIECE = 8000;
const LARGE = /^~(\d+)~/;

/** A JSON value that may outgrow one property: kept in pieces, `<key>` (marked "~n~") then `<key>.1` … `<key>.n-1`. */
export function setJsonLarge(props: Props, key: string, value: unknown): void {
  const had = Number((LARGE.exec(props.getProperty(key) || '') || [])[1] || 1);
  // Every character above ASCII written as \uXXXX: a piece's bytes are its characters.
  const text =
    value === null || value === undefined
      ? null
      : JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const n = text === null ? 0 : Math.ceil(text.length / PIECE);
  for (let k = 1; k < n; k++) props.setProperty(`${key}.${k}`, text!.slice(k * PIECE, (k + 1) * PIECE));
  if (text === null) props.deleteProperty(key);
  else props.setProperty(key, n > 1 ? `~${n}~${text.slice(0, PIECE)}` : text);
  for (let k = Math.max(n, 1); k < had; k++) props.deleteProperty(`${key}.${k}`);
}

export function getJsonLarge<T>(props: Props, key: string): T | null {
  const head = props.getProperty(key);
  const m = LARGE.exec(head || '');
  if (!m) return getJson<T>(props, key);
  let text = head!.slice(m[0].length);
  for (let k = 1; k < Number(m[1]); k++) text += props.getProperty(`${key}.${k}`) || '';
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
