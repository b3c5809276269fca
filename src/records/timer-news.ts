// What an open sidebar learns of the timer's runs at its cheap poll, with no property read (docs/rules.md#auto-mode):
// when a run last sent rows, generated, or changed what it says in this document, kept in the document's CacheService.
// Best effort: an evicted entry only means the sidebar shows that run at the next thing it reads.
import type { Services } from '../core/services';
import { DOC_CACHE_KEYS } from './state-keys';

const KEY = DOC_CACHE_KEYS.timerActed;
/** CacheService keeps an entry at most six hours. */
const SECONDS = 6 * 3600;

const cacheOf = (svc: Pick<Services, 'docCache'>) => svc.docCache && svc.docCache();

export function noteTimerActed(svc: Pick<Services, 'docCache'>, at: string): void {
  try {
    const cache = cacheOf(svc);
    if (cache) cache.put(KEY, at, SECONDS);
  } catch {
    /* the sidebar catches up at its next read */
  }
}

/** ISO of the last run that acted, or null when none is known. */
export function timerActedAt(svc: Pick<Services, 'docCache'>): string | null {
  try {
    const cache = cacheOf(svc);
    // An ISO time, never empty.
    return (cache && cache.get(KEY)) || null;
  } catch {
    return null;
  }
}
