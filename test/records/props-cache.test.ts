import { readOnce } from '../../src/records/props-cache';

function countingStore(initial: Record<string, string>) {
  const m = new Map(Object.entries(initial));
  const calls: string[] = [];
  const store = {
    calls,
    getProperties() {
      calls.push('getProperties');
      return Object.fromEntries(m);
    },
    getProperty(k: string) {
      calls.push('getProperty');
      return m.get(k) ?? null;
    },
    setProperty(k: string, v: string) {
      calls.push('setProperty');
      m.set(k, v);
      return store as never;
    },
    deleteProperty(k: string) {
      calls.push('deleteProperty');
      m.delete(k);
      return store as never;
    },
  };
  return store;
}

describe('readOnce', () => {
  it('should read the store once however many keys are read', () => {
    const s = countingStore({ a: '1', b: '2' });
    const p = readOnce(s);
    expect([p.getProperty('a'), p.getProperty('b'), p.getProperty('c'), p.getProperty('a')]).toEqual(['1', '2', null, '1']);
    expect(s.calls).toEqual(['getProperties']);
  });

  it('should write through and read its own writes and deletes', () => {
    const s = countingStore({ a: '1' });
    const p = readOnce(s);
    p.getProperty('a');
    p.setProperty('b', '2');
    p.deleteProperty('a');
    expect([p.getProperty('a'), p.getProperty('b')]).toEqual([null, '2']);
    expect(s.calls).toEqual(['getProperties', 'setProperty', 'deleteProperty']);
  });
});
