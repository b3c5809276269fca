// The person's daily spending limit in credits (docs/rules.md#spending-limit): one user property, absent for none.
import type { Props } from '../core/services';
import { USER_KEYS } from './state-keys';

/** The limit per UTC day, or null for none (an unreadable value is none, never a limit of 0). */
export function dailyLimit(props: Props): number | null {
  const v = Number(props.getProperty(USER_KEYS.limit) || '');
  return props.getProperty(USER_KEYS.limit) && Number.isFinite(v) && v >= 0 ? v : null;
}

/** Keeps a checked limit, or removes it (null). */
export function saveLimit(props: Props, credits: number | null): void {
  if (credits === null) props.deleteProperty(USER_KEYS.limit);
  else props.setProperty(USER_KEYS.limit, String(credits));
}
