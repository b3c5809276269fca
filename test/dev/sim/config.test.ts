// Config merging and checks.
import { DEFAULT_CONFIG, mergeConfig } from '../../../dev/sim/config';

describe('mergeConfig', () => {
  it('should merge key by key, faults too, ignoring undefined', () => {
    const c = mergeConfig(mergeConfig(DEFAULT_CONFIG, { stageMs: 5, faults: { stall: true } }), { speed: undefined, faults: { apiOff: true } });
    expect(c).toMatchObject({ stageMs: 5, speed: 1, faults: { stall: true, apiOff: true, latencyMs: 0 } });
    expect(DEFAULT_CONFIG.faults.stall).toBe(false);
  });

  it('should reject values out of range', () => {
    expect(() => mergeConfig(DEFAULT_CONFIG, { concurrency: 0 })).toThrow(/concurrency/);
    expect(() => mergeConfig(DEFAULT_CONFIG, { faults: { rate429Rate: -1 } })).toThrow(/rate429Rate/);
    expect(() => mergeConfig(DEFAULT_CONFIG, { faults: { dropMatch: '(' } })).toThrow();
  });
});
