import { createPacer } from '../../src/api/pacer';
import type { HttpRequest } from '../../src/core/http';
import { FakeClock, json, ScriptedTransport } from './fakes';

/** Largest number of requests whose start times fall inside any window of `windowMs`. */
function busiestWindow(times: number[], windowMs: number): number {
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi++) {
    while (times[hi]! - times[lo]! >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

describe('createPacer', () => {
  it('should never let more than 100 requests start in any rolling 60 s, however they are spaced', () => {
    const clock = new FakeClock();
    const pacer = createPacer({ clock });
    const times: number[] = [];
    const transport = pacer.wrap(
      new ScriptedTransport(() => {
        times.push(clock.now());
        return json(200, {});
      }),
    );
    const req: HttpRequest = { method: 'GET', url: 'https://x/api/v1/templates', headers: {} };
    // Bursts and pauses of varying length, as a real run produces.
    for (let i = 0; i < 700; i++) {
      transport.request(req);
      clock.t += (i * 7919) % 13 === 0 ? 1700 : (i % 5) * 40;
    }
    expect(times).toHaveLength(700);
    expect(busiestWindow(times, 60_000)).toBe(100);
  });

  it("should not wait past the latest start it is given: the request is not sent, as the run's time is up", () => {
    const clock = new FakeClock();
    const pacer = createPacer({ clock, maxRequests: 2, windowMs: 60_000 });
    const sent: number[] = [];
    const transport = pacer.wrap(
      new ScriptedTransport(() => {
        sent.push(clock.now());
        return json(200, {});
      }),
      clock.now() + 30_000,
    );
    const req: HttpRequest = { method: 'GET', url: 'https://x/api/v1/templates', headers: {} };
    transport.request(req);
    transport.request(req);
    expect(() => transport.request(req)).toThrow(
      expect.objectContaining({ code: 'not_sent', message: expect.stringMatching(/^This run’s time was nearly up/) }),
    );
    expect(sent).toHaveLength(2);
    expect(clock.sleeps).toEqual([]);
  });

  it('should not sleep while under the ceiling', () => {
    const clock = new FakeClock();
    const pacer = createPacer({ clock, maxRequests: 3, windowMs: 1000 });
    pacer.take();
    pacer.take();
    pacer.take();
    expect(clock.sleeps).toEqual([]);
  });

  it('should sleep just until the oldest request leaves the window', () => {
    const clock = new FakeClock();
    const pacer = createPacer({ clock, maxRequests: 2, windowMs: 1000 });
    pacer.take();
    clock.t += 300;
    pacer.take();
    pacer.take();
    expect(clock.sleeps).toEqual([700]);
    pacer.take();
    expect(clock.sleeps).toEqual([700, 300]);
  });

  it('should count the requests of every execution of a key through the shared count', () => {
    const clock = new FakeClock();
    const cache = new Map<string, string>();
    const store = {
      get: (k: string) => cache.get(k) ?? null,
      put: (k: string, v: string) => {
        cache.set(k, v);
      },
    };
    const shared = { store, key: 'pace.1' };
    // Three executions one after another in the same second, each its own pacer.
    createPacer({ clock, maxRequests: 5, shared }).take(3);
    createPacer({ clock, maxRequests: 5, shared }).take(2);
    expect(clock.sleeps).toEqual([]);
    createPacer({ clock, maxRequests: 5, shared }).take();
    expect(clock.sleeps).toEqual([60_000]);
    expect(shared.key).not.toContain('secret');
  });

  it('should keep its own count when the shared cache forgets every entry, so one run never passes the ceiling', () => {
    const clock = new FakeClock();
    const store = { get: () => null, put: () => undefined };
    const pacer = createPacer({ clock, maxRequests: 110, shared: { store, key: 'pace.2' } });
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      pacer.take();
      times.push(clock.now());
      clock.t += 50;
    }
    expect(busiestWindow(times, 60_000)).toBe(110);
  });

  it('should pass requests and replies through unchanged', () => {
    const clock = new FakeClock();
    const inner = ScriptedTransport.queue(json(201, { a: 1 }, { 'x-y': 'z' }));
    const req: HttpRequest = { method: 'POST', url: 'https://x/y', headers: { A: 'b' }, body: '{}' };
    const res = createPacer({ clock }).wrap(inner).request(req);
    expect(inner.requests).toEqual([req]);
    expect(res).toEqual(json(201, { a: 1 }, { 'x-y': 'z' }));
  });
});
