import { dropAutoRecords, freshAuto, readAuto, readRun, sameOrder, saveSeenReadings, seenReadings, writeAuto, writeRun } from '../../src/records/auto-records';
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

describe('auto mode order', () => {
  const order = { user: 'u1', keyHint: '••••1a2b', campaignId: 'c1', since: '2026-11-28T09:00:00.000Z' };
  const run = { since: order.since, creditsPerDay: 300, spent: 12, day: '2026-11-28' };

  it("should read the order as the switch wrote it, and the runs' record only while it belongs to that order", () => {
    const props = memoryProps();
    expect(readAuto(props, 3)).toBeNull();
    writeAuto(props, 3, order);
    writeRun(props, 3, run);
    expect(readAuto(props, 3)).toEqual(order);
    expect(readRun(props, 3, order)).toEqual(run);
    // Switched off and on again: the old runs' record says nothing of the new order.
    expect(readRun(props, 3, { ...order, since: '2026-11-28T10:00:00.000Z' })).toBeNull();
  });

  it('should read the order as stored now, not as first read: a switch-off by another execution is seen', () => {
    const props = memoryProps();
    writeAuto(props, 3, order);
    const first = readAuto(props, 3)!;
    dropAutoRecords(props, 3);
    expect(sameOrder(freshAuto(props, 3), first)).toBe(false);
    writeAuto(props, 3, { ...order, since: '2026-11-28T11:00:00.000Z' });
    expect(sameOrder(freshAuto(props, 3), first)).toBe(false);
    writeAuto(props, 3, order);
    expect(sameOrder(freshAuto(props, 3), first)).toBe(true);
  });
});
