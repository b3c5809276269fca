import { consecutiveRuns } from '../../src/sheet/table';

describe('consecutiveRuns', () => {
  it('should split sorted rows where they stop being consecutive', () => {
    expect(consecutiveRuns([2, 3, 4, 7, 9, 10])).toEqual([[2, 3, 4], [7], [9, 10]]);
    expect(consecutiveRuns([])).toEqual([]);
  });
});
