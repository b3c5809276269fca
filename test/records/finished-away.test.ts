import { finishedAwayMarked, markFinishedAway } from '../../src/records/finished-away';
import { memoryProps } from '../fakes';

describe('markFinishedAway', () => {
  it('should mark one spreadsheet at a time and clear the mark', () => {
    const props = memoryProps();
    markFinishedAway(props, 'ss1', '2026-11-27T10:00:00.000Z');
    expect([finishedAwayMarked(props, 'ss1'), finishedAwayMarked(props, 'ss2')]).toEqual([true, false]);
    markFinishedAway(props, 'ss1', null);
    expect(finishedAwayMarked(props, 'ss1')).toBe(false);
  });
});
