// A short, stable stand-in for a long string in stored keys (FNV-1a, 32 bits, hex): reveals nothing and saves room.
export function shortHash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}
