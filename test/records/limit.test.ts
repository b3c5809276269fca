import { dailyLimit, saveLimit } from '../../src/records/limit';
import { USER_KEYS } from '../../src/records/state-keys';
import { memoryProps } from '../fakes';

describe('dailyLimit', () => {
  it('should read a saved limit back, 0 included, and none once removed', () => {
    const props = memoryProps();
    saveLimit(props, 0);
    expect(dailyLimit(props)).toBe(0);
    saveLimit(props, 250);
    expect(dailyLimit(props)).toBe(250);
    saveLimit(props, null);
    expect(dailyLimit(props)).toBeNull();
    expect(props.m.has(USER_KEYS.limit)).toBe(false);
  });

  it('should read a value edited into something else as no limit, never as a limit of 0', () => {
    for (const v of ['', 'abc', '-5']) expect(dailyLimit(memoryProps({ [USER_KEYS.limit]: v }))).toBeNull();
  });
});
