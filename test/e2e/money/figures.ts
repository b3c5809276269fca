// A record row's figure as the range it proves: a number is exact, "lo to hi" a range, unknown is 0 up to its quote.
export function rangeOf(charged: unknown, quoted: unknown = 0): [number, number] {
  if (typeof charged === 'number') return [charged, charged];
  const m = /^(-?\d+) to (-?\d+)$/.exec(String(charged));
  if (m) return [Number(m[1]), Number(m[2])];
  return [0, Number(quoted) || 0];
}

/** Sums of record rows' ranges by a key (part, key hint …): [low, high] each. */
export function rangesBy(rows: Record<string, unknown>[], by: (r: Record<string, unknown>) => string): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const r of rows) {
    const [lo, hi] = rangeOf(r['Credits charged'], r['Credits quoted']);
    const k = by(r);
    const [l, h] = out[k] ?? [0, 0];
    out[k] = [l + lo, h + hi];
  }
  return out;
}

/** Whether [lo, hi] holds n. */
export const holds = ([lo, hi]: [number, number], n: number): boolean => lo <= n && n <= hi;
