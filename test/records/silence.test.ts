// A silent service (docs/rules.md#budgets): since when, and the timer's back-off of 5, 10, 20, 40, then 60 minutes.
import type { ApiClient } from '../../src/api/client';
import { backingOff, noteSilence, silentSince } from '../../src/records/silence';
import { memoryProps } from '../fakes';

const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);
const MIN = 60_000;
const run = (link: { answered: boolean; silentSince: number | null }) => ({ link: () => link }) as unknown as ApiClient;

describe('silence', () => {
  it('should wait 5, 10, 20, 40 and then 60 minutes after each run that got no answer', () => {
    const props = memoryProps();
    let now = T0;
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      noteSilence(props, run({ answered: false, silentSince: now }), now + MIN);
      const tried = now + MIN;
      let t = tried;
      while (backingOff(props, t)) t += MIN;
      waits.push((t - tried) / MIN);
      now = t;
    }
    expect(waits).toEqual([5, 10, 20, 40, 60, 60]);
    expect(silentSince(props)).toBe(new Date(T0).toISOString());
  });

  it('should forget the silence at the first answer, so the next run catches up at once', () => {
    const props = memoryProps();
    noteSilence(props, run({ answered: false, silentSince: T0 }), T0 + MIN);
    expect(backingOff(props, T0 + 2 * MIN)).toBe(true);
    noteSilence(props, run({ answered: true, silentSince: null }), T0 + 3 * MIN);
    expect(backingOff(props, T0 + 3 * MIN)).toBe(false);
    expect(silentSince(props)).toBeNull();
  });

  it('should change nothing for a run that sent nothing', () => {
    const props = memoryProps();
    noteSilence(props, run({ answered: false, silentSince: null }), T0);
    expect(props.dump()).toEqual({});
  });
});
