// The short hash and the digest kept instead of an email: stable values, since registers already hold them.
import fc from 'fast-check';
import { base36, digest, shortHash } from '../../src/core/hash';

describe('hash', () => {
  it('should keep the digests and short hashes registers and stored keys already hold', () => {
    // Values a register written by an earlier build holds: a change of either function would orphan them.
    expect(digest('p11@example.com')).toBe('#1hsgis8sxbt.97tnog4trh');
    expect(digest('p2@example.com')).toBe('#3zv5oxlsxj.1tea46mrrnj');
    expect(shortHash('')).toBe('811c9dc5');
    expect(shortHash('cmp_801bf6dd3e347660fd30abada9b533eb')).toBe('26a3c962');
  });

  it("should write a whole number below 2^53 in base 36 exactly as JavaScript's toString(36) does", () => {
    for (const n of [0, 1, 35, 36, 2 ** 52, 2 ** 53 - 36, 2 ** 53 - 1]) expect(base36(n)).toBe(n.toString(36));
    fc.assert(fc.property(fc.maxSafeNat(), (n) => base36(n) === n.toString(36)));
  });

  it('should give the same digest from its memory and after the memory was emptied past its bound', () => {
    const first = digest('p11@example.com');
    expect(digest('p11@example.com')).toBe(first);
    for (let i = 0; i <= 50_000; i++) digest(`filler${i}@example.com`);
    expect(digest('p11@example.com')).toBe('#1hsgis8sxbt.97tnog4trh');
  });
});
