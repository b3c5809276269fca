import { forgetPart, keepSeen, keepSettled, seenOf, settledOf } from '../../src/records/part-memory';
import { DOC_KEYS } from '../../src/records/state-keys';
import { memoryProps } from '../fakes';

describe('forgetPart', () => {
  it("should forget the part's settled counts and every tab's last refresh of it, and nothing of another part", () => {
    const kept = {
      [DOC_KEYS.settledPart('p2')]: '{}',
      [DOC_KEYS.refreshMemo(7, 'p2')]: '{}',
      [DOC_KEYS.refreshMemo(7, 'p12')]: '{}',
      [DOC_KEYS.parts('p1')]: '{}',
    };
    const store = memoryProps({
      ...kept,
      [DOC_KEYS.settledPart('p1')]: '{}',
      [DOC_KEYS.refreshMemo(7, 'p1')]: '{}',
      [DOC_KEYS.refreshMemo(123, 'p1')]: '{}',
    });
    forgetPart({ ...store, keys: () => [...store.m.keys()] }, 'p1');
    expect(Object.fromEntries(store.m)).toEqual(kept);
  });

  it("should forget every tab's last refresh of every part when no part is named, and nothing else: settled counts are the service's", () => {
    const store = memoryProps({
      [DOC_KEYS.settledPart('p1')]: '{}',
      [DOC_KEYS.refreshMemo(7, 'p2')]: '{}',
      [DOC_KEYS.parts('p1')]: '{}',
      [DOC_KEYS.tab(7, 'campaign')]: 'p1',
    });
    forgetPart({ ...store, keys: () => [...store.m.keys()] });
    expect([...store.m.keys()].sort()).toEqual([DOC_KEYS.settledPart('p1'), DOC_KEYS.parts('p1'), DOC_KEYS.tab(7, 'campaign')].sort());
  });
});

describe('what is kept of a part', () => {
  const counts = { total: 3, pending: 0, rendering: 0, complete: 2, failed: 1, cancelled: 0, skipped: 0 };

  it("should keep a tab's last refresh of a part apart from another tab's, until forgotten or let go", () => {
    const store = memoryProps({});
    const props = { ...store, keys: () => [...store.m.keys()] };
    keepSeen(props, 7, 'p1', { status: 'rendering', counts, summary: 's' });
    keepSeen(props, 8, 'p1', { status: 'complete', counts });
    expect(seenOf(props, 7, 'p1')).toEqual({ status: 'rendering', counts, summary: 's' });
    keepSeen(props, 8, 'p1', null);
    expect(seenOf(props, 8, 'p1')).toBeNull();
    forgetPart(props, 'p1');
    expect(seenOf(props, 7, 'p1')).toBeNull();
  });

  it("should keep a settled part's counts with no stage, until the part is forgotten", () => {
    const store = memoryProps({});
    const props = { ...store, keys: () => [...store.m.keys()] };
    keepSettled(props, { id: 'p1', name: 'Leads', status: 'completed', counts, stages: { lipsync: 0 } });
    expect(settledOf(props, 'p1')).toEqual({ id: 'p1', name: 'Leads', status: 'completed', counts, stages: {} });
    forgetPart(props, 'p1');
    expect(settledOf(props, 'p1')).toBeNull();
  });

  it('should write a settled part’s counts only when they say something new (a poll reads them each time)', () => {
    const store = memoryProps({});
    let writes = 0;
    const props = { ...store, setProperty: (k: string, v: string) => (writes++, store.setProperty(k, v)), keys: () => [...store.m.keys()] };
    const d = { id: 'p1', name: 'Leads', status: 'stopped', counts, stages: {} };
    keepSettled(props, d);
    keepSettled(props, { ...d });
    expect(writes).toBe(1);
    keepSettled(props, { ...d, counts: { ...counts, cancelled: 1 } });
    expect(writes).toBe(2);
  });
});
