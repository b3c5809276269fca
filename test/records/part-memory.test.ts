import { forgetPart } from '../../src/records/part-memory';
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

  it('should forget what is kept of every part when no part is named, and nothing else', () => {
    const store = memoryProps({
      [DOC_KEYS.settledPart('p1')]: '{}',
      [DOC_KEYS.refreshMemo(7, 'p2')]: '{}',
      [DOC_KEYS.parts('p1')]: '{}',
      [DOC_KEYS.tab(7, 'campaign')]: 'p1',
    });
    forgetPart({ ...store, keys: () => [...store.m.keys()] });
    expect([...store.m.keys()].sort()).toEqual([DOC_KEYS.parts('p1'), DOC_KEYS.tab(7, 'campaign')].sort());
  });
});
