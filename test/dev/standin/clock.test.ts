// The virtual clock: Date inside the script, Utilities.sleep, and one time shared with a linked simulator.
import { VirtualClock } from '../../../dev/standin/clock';
import { run, standin, startChildServer, T0 } from './fixture';

describe('VirtualClock', () => {
  it('should only move forward when catching up', () => {
    const c = new VirtualClock(1000);
    c.catchUp(500);
    expect(c.now()).toBe(1000);
    c.catchUp(1500);
    c.advance(10);
    expect(c.now()).toBe(1510);
    expect(() => c.advance(-1)).toThrow(/cannot advance/);
  });

  it('should be what Date reads inside the script, at load and per call', () => {
    const s = standin();
    expect(run(s, `return [Date.now(), new Date().getTime(), typeof Date(), loadedAt, new Date(5).getTime(), new Date(2020, 0, 1) instanceof Date];`)).toEqual([
      T0,
      T0,
      'string',
      T0,
      5,
      true,
    ]);
    s.clock.advance(60_000);
    expect(run(s, `return Date.now();`)).toBe(T0 + 60_000);
  });

  it('should advance on Utilities.sleep and count the sleeps', () => {
    const s = standin();
    expect(run(s, `var t = Date.now(); Utilities.sleep(1500); Utilities.sleep(500); return Date.now() - t;`)).toBe(2000);
    expect([s.counters.sleeps, s.counters.sleptMs]).toEqual([2, 2000]);
  });

  it('should tell a linked simulator about every advance, without counting it as a fetch', async () => {
    const server = await startChildServer(T0 + 250);
    const s = standin({ simOrigin: server.origin });
    try {
      run(s, `Utilities.sleep(1000);`);
      s.clock.advance(4000);
      expect(s.clock.now()).toBe(T0 + 250 + 5000);
      expect(s.counters.fetches).toBe(0);
      const state = JSON.parse(
        run<string>(
          s,
          `return UrlFetchApp.fetch('${server.origin}/__sim/control', { method: 'post', payload: JSON.stringify({ action: 'state' }) }).getContentText();`,
        ),
      );
      expect(state).toEqual({ now: T0 + 250 + 5000, advances: [1000, 4000] });
    } finally {
      await s.close();
      await server.close();
    }
  });
});
