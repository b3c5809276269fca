// Check setup's round trip through a properties store (docs/rules.md#settings): its own key, written, read back and
// removed at once, so nothing of it stays.
import type { Props } from '../core/services';
import { USER_KEYS } from './state-keys';

/** Whether the value read back the same; a store that refuses throws as Google does. */
export function roundTripHolds(props: Props, value: string): boolean {
  props.setProperty(USER_KEYS.probe, value);
  const back = props.getProperty(USER_KEYS.probe);
  props.deleteProperty(USER_KEYS.probe);
  return back === value;
}

/** The same round trip through the person's cache, under the same key (kept a minute at most). */
export function cacheKeeps(cache: Pick<GoogleAppsScript.Cache.Cache, 'get' | 'put'>, value: string): boolean {
  cache.put(USER_KEYS.probe, value, 60);
  return cache.get(USER_KEYS.probe) === value;
}
