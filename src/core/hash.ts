// Hashes of strings: FNV-1a for stored keys, prints and readings; a digest for addresses.

/** FNV-1a's starting value. */
export const FNV_START = 0x811c9dc5;

/** FNV-1a (32 bits) of `s`, going on from `h`: the one loop every hash of the add-on is made by. */
export function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** A short, stable stand-in for a long string in stored keys (hex): reveals nothing and saves room. */
export function shortHash(s: string): string {
  return fnv(FNV_START, s).toString(16);
}

/**
 * A digest an email or a profile link is kept and compared as (docs/rules.md#register): two 53-bit
 * mixes, so 100,000 people never share one by chance, and no cell of the register holds the address.
 */
export function digest(s: string): string {
  let d = digests.get(s);
  if (d === undefined) {
    // Bounded: a run compares each row's address twice (the push, then the refresh); a huge tab just digests again.
    if (digests.size >= 50_000) digests.clear();
    digests.set(s, (d = digestOf(s)));
  }
  return d;
}

const digests = new Map<string, string>();

function digestOf(s: string): string {
  const mix = (seed: number) => {
    let a = 0xdeadbeef ^ seed;
    let b = 0x41c6ce57 ^ seed;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 2654435761);
      b = Math.imul(b ^ c, 1597334677);
    }
    a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
    b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
    return base36(4294967296 * (2097151 & b) + (a >>> 0));
  };
  return `#${mix(0)}.${mix(1)}`;
}

/** 36^5: each half of a 53-bit number split by it is a small integer, which toString(36) writes fast. */
const LOW = 60_466_176;

/**
 * `n.toString(36)` for a whole number below 2^53, the same text several times faster: the refresh digests every row's
 * address at each run, and a small integer is written by a fast path a large one does not take.
 */
export function base36(n: number): string {
  const low = n % LOW;
  const high = (n - low) / LOW;
  return high > 0 ? high.toString(36) + low.toString(36).padStart(5, '0') : low.toString(36);
}
