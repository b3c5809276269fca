// Requests per key in a sliding 60-second window of the sim clock.

const WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly seen = new Map<string, number[]>();

  /**
   * Admits a request (and counts it) or returns the seconds to wait. Only admitted requests count, so a
   * client that backs off on 429 gets through once the window has moved on, as the spec's "Retry: Yes" implies.
   */
  admit(key: string, now: number, limit: number): { ok: true } | { ok: false; retryAfter: number } {
    const times = (this.seen.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
    this.seen.set(key, times);
    if (times.length >= limit) {
      const oldest = times[times.length - limit] ?? now;
      return { ok: false, retryAfter: Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)) };
    }
    times.push(now);
    return { ok: true };
  }

  clear(): void {
    this.seen.clear();
  }
}
