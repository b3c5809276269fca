import { ApiError } from '../../src/api/errors';
import { backoffMs, DEFAULT_RETRY_POLICY, parseRetryAfter, withRetry } from '../../src/api/retry';
import { FakeClock } from './fakes';

function failing(codes: string[], result = 'done'): { fn: () => string; calls: () => number } {
  let n = 0;
  return {
    fn: () => {
      const code = codes[n++];
      if (code === undefined) return result;
      if (code === 'throw') throw new Error('boom');
      throw new ApiError(code, 500, code);
    },
    calls: () => n,
  };
}

describe('withRetry', () => {
  it('should return the first success without sleeping', () => {
    const clock = new FakeClock();
    const f = failing([]);
    expect(withRetry(f.fn, { clock })).toBe('done');
    expect(f.calls()).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it.each(['campaign_busy', 'rate_limited', 'internal'])('should retry %s with doubling waits', (code) => {
    const clock = new FakeClock();
    const f = failing([code, code, code]);
    expect(withRetry(f.fn, { clock })).toBe('done');
    expect(f.calls()).toBe(4);
    expect(clock.sleeps).toEqual([1000, 2000, 4000]);
  });

  it.each(['not_found', 'bad_input', 'cap_reached', 'network', 'bad_reply', 'api_off'])('should not retry %s', (code) => {
    const clock = new FakeClock();
    const f = failing([code]);
    expect(() => withRetry(f.fn, { clock })).toThrow(code);
    expect(f.calls()).toBe(1);
  });

  it('should not retry an error that is not an ApiError', () => {
    const f = failing(['throw']);
    expect(() => withRetry(f.fn, { clock: new FakeClock() })).toThrow('boom');
    expect(f.calls()).toBe(1);
  });

  it('should throw the last error after the last attempt', () => {
    const clock = new FakeClock();
    const f = failing(['internal', 'internal', 'rate_limited']);
    expect(() => withRetry(f.fn, { clock, policy: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 1000 } })).toThrow('rate_limited');
    expect(f.calls()).toBe(3);
    expect(clock.sleeps).toEqual([10, 20]);
  });

  it('should never let a wait end after the deadline', () => {
    const clock = new FakeClock();
    const f = failing(Array<string>(10).fill('internal'));
    const deadline = clock.now() + 10_000;
    expect(() => withRetry(f.fn, { clock, deadline })).toThrow('internal');
    expect(clock.sleeps).toEqual([1000, 2000, 4000]);
    expect(clock.now()).toBeLessThanOrEqual(deadline);
  });

  it('should use the Retry-After wait instead of the backoff', () => {
    const clock = new FakeClock();
    const f = failing(['rate_limited', 'rate_limited']);
    withRetry(f.fn, { clock, retryAfterMs: () => 3000 });
    expect(clock.sleeps).toEqual([3000, 3000]);
  });
});

describe('backoffMs', () => {
  it('should grow and then hold at the cap', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n, DEFAULT_RETRY_POLICY));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('parseRetryAfter', () => {
  it('should read delta-seconds', () => {
    expect(parseRetryAfter('5', 0)).toBe(5000);
    expect(parseRetryAfter(' 1.5 ', 0)).toBe(1500);
  });

  it('should read an HTTP date relative to now', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', now)).toBe(30_000);
  });

  it('should answer undefined when absent or unreadable', () => {
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});
