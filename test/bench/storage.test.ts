import { storedAt200Parts, storageTargets, VALUE_LIMIT } from '../../bench/storage';

describe('stored records at 200 parts with 36-character ids', () => {
  it('should keep every value under 9 KB and the document store under 500 KB, and read the parts back whole', () => {
    const r = storedAt200Parts();
    expect(r.partsRoundTrip).toBe(true);
    expect(r.document.largest.bytes).toBeLessThan(VALUE_LIMIT);
    expect(r.user.largest.bytes).toBeLessThan(VALUE_LIMIT);
    expect(storageTargets(r).every((t) => t.pass)).toBe(true);
  });
});
