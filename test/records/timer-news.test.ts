// What an open sidebar's cheap poll learns of the timer's runs, through the document's cache.
import { noteTimerActed, timerActedAt } from '../../src/records/timer-news';

function memoryCache() {
  const m = new Map<string, string>();
  return { get: (k: string) => m.get(k) ?? null, put: (k: string, v: string) => void m.set(k, v) };
}

describe('timer news', () => {
  it('should give back the time of the last run that acted, for everyone who opens the document', () => {
    const cache = memoryCache();
    const svc = { docCache: () => cache };
    expect(timerActedAt(svc)).toBeNull();
    noteTimerActed(svc, '2026-11-24T10:30:00.000Z');
    noteTimerActed(svc, '2026-11-24T10:35:00.000Z');
    expect(timerActedAt(svc)).toBe('2026-11-24T10:35:00.000Z');
  });

  it('should say nothing is known, and never throw, without a document cache or when the cache fails', () => {
    const failing = {
      docCache: () => ({
        get: (): string => {
          throw new Error('Service error: CacheService');
        },
        put: (): void => {
          throw new Error('Service error: CacheService');
        },
      }),
    };
    expect(() => noteTimerActed(failing, 'x')).not.toThrow();
    expect(timerActedAt(failing)).toBeNull();
    expect(timerActedAt({ docCache: () => null })).toBeNull();
    expect(timerActedAt({})).toBeNull();
  });
});
