import { cacheKeeps, roundTripHolds } from '../../src/records/probe';
import { memoryProps } from '../fakes';

describe('roundTripHolds', () => {
  it('should read the value back and leave nothing behind', () => {
    const props = memoryProps({ other: '1' });
    expect(roundTripHolds(props, 'v-123')).toBe(true);
    expect(Object.fromEntries(props.m)).toEqual({ other: '1' });
  });

  it('should say so when the store gives back something else, and let a refusal through', () => {
    const lying = { ...memoryProps(), getProperty: () => 'stale' };
    expect(roundTripHolds(lying, 'v-123')).toBe(false);
    const refusing = {
      ...memoryProps(),
      setProperty: () => {
        throw new Error('Exception: Service invoked too many times for one day: properties.');
      },
    };
    expect(() => roundTripHolds(refusing, 'v')).toThrow(/too many times/);
  });
});

describe('cacheKeeps', () => {
  it('should say whether the cache gave the value back', () => {
    const m = new Map<string, string>();
    const keeps = { put: (k: string, v: string) => void m.set(k, v), get: (k: string) => m.get(k) ?? null };
    expect(cacheKeeps(keeps, 'v-1')).toBe(true);
    const forgets = { put: () => undefined, get: () => null };
    expect(cacheKeeps(forgets, 'v-1')).toBe(false);
  });
});
