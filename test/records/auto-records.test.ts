import { dropAutoRecords, saveSeenReadings, seenReadings } from '../../src/records/auto-records';
import { DOC_KEYS } from '../../src/records/state-keys';
import { memoryProps } from '../fakes';

describe('auto mode records', () => {
  it("should keep a tab's readings, and forget them when none are left", () => {
    const props = memoryProps();
    expect(seenReadings(props, 3)).toBe('');
    saveSeenReadings(props, 3, 'a1,b2');
    expect(seenReadings(props, 3)).toBe('a1,b2');
    saveSeenReadings(props, 3, '');
    expect(props.m.has(DOC_KEYS.autoSeen(3))).toBe(false);
  });

  it("should drop the order, its runs' record and the readings of one tab together, and nothing of another tab", () => {
    const other = { [DOC_KEYS.autoMode(4)]: '{}', [DOC_KEYS.autoSeen(4)]: 'x' };
    const props = memoryProps({ ...other, [DOC_KEYS.autoMode(3)]: '{}', [DOC_KEYS.autoRun(3)]: '{}', [DOC_KEYS.autoSeen(3)]: 'a1' });
    dropAutoRecords(props, 3);
    expect(Object.fromEntries(props.m)).toEqual(other);
  });
});
