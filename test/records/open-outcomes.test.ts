// The money outcomes left open: the newest twenty of each kind, written only when some settled, and their parts.
import { OPEN_CHARGES, OPEN_STOPS, partsWithOpenOutcome, type OpenCharge, type OpenStop } from '../../src/records/open-outcomes';
import { DOC_KEYS } from '../../src/records/state-keys';
import { memoryProps } from '../fakes';

const charge = (part: string, at = '2026-11-28T10:00:00Z'): OpenCharge => ({ at, part, waiting: 3, high: 9, action: 'generate', key: 'k' });
const stop = (part: string): OpenStop => ({ at: '2026-11-28T10:00:00Z', part, waitingBefore: 2, cancelledBefore: 0, key: 'k' });

describe('open outcomes', () => {
  it('should keep the newest twenty charges and let an older one go', () => {
    const store = memoryProps();
    for (let i = 0; i < 22; i++) OPEN_CHARGES.add(store, charge(`p${i}`));
    expect(OPEN_CHARGES.of(store).map((o) => o.part)).toEqual(Array.from({ length: 20 }, (_, i) => `p${i + 2}`));
  });

  it('should write what is left only when some settled, and drop the record when none is left', () => {
    const store = memoryProps();
    OPEN_STOPS.add(store, stop('p1'));
    OPEN_STOPS.add(store, stop('p2'));
    const open = OPEN_STOPS.of(store);
    const writes: string[] = [];
    const watched = { ...store, setProperty: (k: string, v: string) => (writes.push(k), store.setProperty(k, v)) } as never;
    OPEN_STOPS.keep(watched, open, open);
    expect(writes).toEqual([]);
    OPEN_STOPS.keep(watched, open, open.slice(1));
    expect(OPEN_STOPS.of(store).map((o) => o.part)).toEqual(['p2']);
    OPEN_STOPS.keep(store, OPEN_STOPS.of(store), []);
    expect(store.m.has(DOC_KEYS.openStops)).toBe(false);
  });

  it('should name the parts of both kinds', () => {
    const store = memoryProps();
    OPEN_CHARGES.add(store, charge('p1'));
    OPEN_STOPS.add(store, stop('p2'));
    expect(partsWithOpenOutcome(store)).toEqual(new Set(['p1', 'p2']));
  });
});
