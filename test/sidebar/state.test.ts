// The store and its slice watcher.
import { createStore, initialState, same, watch } from '../../sidebar/state';

describe('store', () => {
  it('should merge patches and tell listeners the next and previous state', () => {
    const store = createStore();
    const seen: [string | null, string | null][] = [];
    store.subscribe((next, prev) => seen.push([next.templateId, prev.templateId]));
    store.set({ templateId: 'a' });
    store.set({ templateId: 'b' });
    expect(store.get()).toEqual({ ...initialState, templateId: 'b' });
    expect(seen).toEqual([
      ['a', null],
      ['b', 'a'],
    ]);
  });
});

describe('watch', () => {
  it('should render at once and then only when the picked slice changes', () => {
    const store = createStore();
    const rendered: unknown[] = [];
    watch(
      store,
      (s) => ({ id: s.templateId }),
      (slice) => rendered.push(slice),
    );
    store.set({ templateId: 'a' });
    store.set({ templateId: 'a', campaignsError: 'x' });
    store.set({ templateId: 'b' });
    expect(rendered).toEqual([{ id: null }, { id: 'a' }, { id: 'b' }]);
  });
});

describe('same', () => {
  it('should compare plain data by value', () => {
    expect(same({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(same({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});
