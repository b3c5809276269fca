import { getJson, setJson, textValues } from '../../src/records/json-props';
import { memoryProps } from '../fakes';

describe('setJson', () => {
  it('should store a value that reads back equal', () => {
    const p = memoryProps();
    const value = { id: 'c1', name: 'Spring “launch”', parts: [{ size: 3, closed: false }], note: null };
    setJson(p, 'k', value);
    expect(getJson(p, 'k')).toEqual(value);
  });

  it('should delete the key for null and undefined', () => {
    const p = memoryProps({ a: '1', b: '2' });
    setJson(p, 'a', null);
    setJson(p, 'b', undefined);
    expect(p.m.size).toBe(0);
  });

  it('should keep falsy values that are not null', () => {
    const p = memoryProps();
    setJson(p, 'zero', 0);
    setJson(p, 'no', false);
    setJson(p, 'blank', '');
    expect([getJson(p, 'zero'), getJson(p, 'no'), getJson(p, 'blank')]).toEqual([0, false, '']);
  });
});

describe('getJson', () => {
  it('should read a missing or empty value as null', () => {
    expect(getJson(memoryProps(), 'k')).toBeNull();
    expect(getJson(memoryProps({ k: '' }), 'k')).toBeNull();
  });

  it('should read a hand-edited or cut-short value as null rather than throw', () => {
    const p = memoryProps({ cut: '{"id":"c1","na', edited: 'Spring campaign', trailing: '{"a":1},' });
    expect([getJson(p, 'cut'), getJson(p, 'edited'), getJson(p, 'trailing')]).toEqual([null, null, null]);
  });
});

describe('textValues', () => {
  it('should put and get plain text, as it is', () => {
    const props = memoryProps();
    const t = textValues(props);
    expect(t.get('pace.1')).toBeNull();
    t.put('pace.1', '[[1,2]]');
    expect([t.get('pace.1'), props.getProperty('pace.1')]).toEqual(['[[1,2]]', '[[1,2]]']);
  });
});
