// The timer's own memory (docs/rules.md#timer): per trigger, and the last run that went wrong outside any tab.
import { joinParts, lostRun, noteLostRun, readTimer, RUNS_KEPT, timerRecord, writeTimer } from '../../src/records/timer-record';
import { USER_KEYS } from '../../src/records/state-keys';
import { memoryProps } from '../fakes';

describe('timer record', () => {
  it("should keep each trigger's record under its own key and forget it when the trigger goes", () => {
    const props = memoryProps();
    writeTimer(props, '11', timerRecord('ss1', 5, ['p1', 'p2']));
    writeTimer(props, '12', timerRecord('ss2', 60, []));
    expect(readTimer(props, '11')).toEqual({ spreadsheetId: 'ss1', minutes: 5, parts: 'p1,p2' });
    expect(readTimer(props, '12')).toEqual({ spreadsheetId: 'ss2', minutes: 60, parts: '' });
    writeTimer(props, '11', null);
    expect(readTimer(props, '11')).toBeNull();
    expect(props.m.has(USER_KEYS.trigger('11'))).toBe(false);
    expect(readTimer(props, '12')).not.toBeNull();
  });

  it('should keep only the last runs, enough to see the interval Google keeps, and say auto mode only when on', () => {
    const runs = Array.from({ length: RUNS_KEPT + 3 }, (_, i) => i * 300_000);
    const rec = timerRecord('ss', 5, [], runs, true);
    expect(rec.runs).toEqual(runs.slice(-RUNS_KEPT));
    expect(rec.auto).toBe(true);
    expect(timerRecord('ss', 5, [])).not.toHaveProperty('runs');
    expect(timerRecord('ss', 5, [])).not.toHaveProperty('auto');
  });

  it('should list the parts a timer waits for once each, in the order first named', () => {
    expect(joinParts('a,b', ['b', 'c', 'a'])).toBe('a,b,c');
    expect(joinParts(undefined, [])).toBe('');
    expect(joinParts('', ['x'])).toBe('x');
  });

  it('should keep the newest 200 parts of 36-character ids, whole, when a campaign has more', () => {
    const ids = Array.from({ length: 260 }, (_, i) => `cmp_${String(i).padStart(32, '0')}`);
    expect(joinParts(undefined, ids.slice(0, 200))).toBe(ids.slice(0, 200).join(','));
    expect(joinParts(ids.slice(0, 150).join(','), ids.slice(150)).split(',')).toEqual(ids.slice(60));
    expect(
      joinParts(
        undefined,
        ids.map((id) => `${id}x`),
      ).split(','),
    ).toEqual(ids.slice(66).map((id) => `${id}x`));
  });

  it('should keep the last run that went wrong outside any tab, and read a hand-broken value as none', () => {
    const props = memoryProps();
    expect(lostRun(props)).toBeNull();
    noteLostRun(props, '2026-11-28T10:00:00.000Z', 'No document.');
    expect(lostRun(props)).toEqual({ at: '2026-11-28T10:00:00.000Z', error: 'No document.' });
    props.setProperty(USER_KEYS.lostTimerRun, '{cut');
    expect(lostRun(props)).toBeNull();
  });
});
