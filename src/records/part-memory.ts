// What the add-on remembers of a part between runs, and the one way to forget it (docs/architecture.md#records).
import type { Props } from '../core/services';
import { keysWhere } from './json-props';
import { DOC_KEYS } from './state-keys';

/**
 * Forgets a part's settled counts and every tab's last refresh of it: its people or its renders are about to change
 * (a send, a generate, a preview, a stop, a row that took its person back), so the next reading asks the service.
 * Without a part, every part's (a repaired register: who the rows are may have changed).
 */
export function forgetPart(props: Props, partId?: string): void {
  const ours = partId ? (k: string) => k.startsWith('refresh.') && k.endsWith(`.${partId}`) : (k: string) => /^(refresh|settled)\./.test(k);
  if (partId) props.deleteProperty(DOC_KEYS.settledPart(partId));
  for (const k of keysWhere(props, ours)) props.deleteProperty(k);
}
