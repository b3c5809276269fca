// Delta debugging (docs/rules.md#explorer): a failing history cut down to the few actions that still break it. On
// histories of hundreds of actions it finishes in minutes where fast-check's shrinking of arrays takes hours.

/** The shortest sub-sequence `minimize` finds on which `fails` still answers true (it must be true on `items`). */
export async function minimize<T>(items: readonly T[], fails: (xs: T[]) => Promise<boolean>, progress?: (xs: T[]) => void): Promise<T[]> {
  let cur = [...items];
  let n = 2;
  while (cur.length >= 2) {
    const chunk = Math.ceil(cur.length / n);
    let reduced = false;
    for (let i = 0; i < cur.length; i += chunk) {
      const cand = [...cur.slice(0, i), ...cur.slice(i + chunk)];
      if (await fails(cand)) {
        cur = cand;
        n = Math.max(n - 1, 2);
        reduced = true;
        progress?.(cur);
        break;
      }
    }
    if (!reduced) {
      if (chunk === 1) break;
      n = Math.min(n * 2, cur.length);
    }
  }
  return cur;
}
