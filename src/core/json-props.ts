// Typed JSON values in a properties store, tolerant of values that were hand-edited or cut short.
import type { Props } from './services';

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
