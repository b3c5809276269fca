// Seeded randomness: repeatable per seed, in range, shuffles keep every item.
import { createRng } from '../../../dev/sim/rng';

describe('createRng', () => {
  it('should repeat the same sequence for the same seed and differ for another', () => {
    const a = createRng(5);
    const b = createRng(5);
    const c = createRng(6);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('should shuffle into a permutation without touching the input', () => {
    const input = Array.from({ length: 20 }, (_, i) => i);
    const out = createRng(1).shuffle(input);
    expect(out).not.toEqual(input);
    expect([...out].sort((x, y) => x - y)).toEqual(input);
  });
});
