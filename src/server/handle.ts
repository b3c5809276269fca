// The one wrapper every server function goes through: a plain JSON reply, never a throw.
import type { JsonOnly, Reply } from './contract';
import { toFailure } from './failure';

export function handle<T extends object>(fn: () => T & JsonOnly<T>): Reply<T> {
  try {
    return { ok: true, ...fn() } as Reply<T>;
  } catch (e) {
    return toFailure(e);
  }
}
