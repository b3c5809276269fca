// Where a key's requests are counted across executions (docs/rules.md#parts).
import { paceRecord } from '../../src/records/pace';
import { memoryProps } from '../fakes';

describe('paceRecord', () => {
  it('should name the count by a hash of the key, never the key, one per key', () => {
    const props = memoryProps();
    const a = paceRecord(props, 'sk_live_secret_A');
    const b = paceRecord(props, 'sk_live_secret_B');
    expect(a.key).not.toContain('secret');
    expect(a.key).not.toBe(b.key);
    expect(paceRecord(props, 'sk_live_secret_A').key).toBe(a.key);
    a.durable.put(a.key, '3');
    expect(props.getProperty(a.key)).toBe('3');
  });
});
