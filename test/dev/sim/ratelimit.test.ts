// The sliding window: per key, admitted requests only, with the wait until a slot frees.
import { RateLimiter } from '../../../dev/sim/ratelimit';

describe('RateLimiter', () => {
  it('should admit up to the limit in 60 s, per key, and say how long to wait', () => {
    const rl = new RateLimiter();
    expect(rl.admit('k', 0, 2)).toEqual({ ok: true });
    expect(rl.admit('k', 10_000, 2)).toEqual({ ok: true });
    expect(rl.admit('k', 20_000, 2)).toEqual({ ok: false, retryAfter: 40 });
    expect(rl.admit('other', 20_000, 2)).toEqual({ ok: true });
    expect(rl.admit('k', 60_000, 2)).toEqual({ ok: true });
    expect(rl.admit('k', 60_001, 2)).toEqual({ ok: false, retryAfter: 10 });
  });
});
