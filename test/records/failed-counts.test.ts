// The failures the money record has seen per campaign (docs/rules.md#refunds).
import { failedCounts, saveFailedCounts } from '../../src/records/failed-counts';
import { memoryProps } from '../fakes';

describe('failed counts', () => {
  it("should keep a campaign's base and booked counts apart, and nothing once neither holds a part", () => {
    const props = memoryProps();
    expect(failedCounts(props, 'c1', 'booked')).toEqual({});
    saveFailedCounts(props, 'c1', 'base', { h1: 2 });
    saveFailedCounts(props, 'c1', 'booked', { h1: 3, h2: 1 });
    saveFailedCounts(props, 'c2', 'booked', { h9: 4 });
    expect(failedCounts(props, 'c1', 'base')).toEqual({ h1: 2 });
    expect(failedCounts(props, 'c1', 'booked')).toEqual({ h1: 3, h2: 1 });
    saveFailedCounts(props, 'c1', 'base', {});
    saveFailedCounts(props, 'c1', 'booked', {});
    expect(props.m.size).toBe(1);
    expect(failedCounts(props, 'c2', 'booked')).toEqual({ h9: 4 });
  });
});
