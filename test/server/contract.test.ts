// The reply contract: plain JSON only, held by the compiler (npm test typechecks this file).
import type { Reply } from '../../src/server/contract';
import { handle } from '../../src/server/handle';

describe('Reply', () => {
  it('should carry a plain JSON reply beside ok', () => {
    const r: Reply<{ at: string; n: number[] }> = handle(() => ({ at: '2026-01-01T00:00:00Z', n: [1] }));
    expect(r).toEqual({ ok: true, at: '2026-01-01T00:00:00Z', n: [1] });
  });

  it('should not compile a reply holding a Date, a function or a Map', () => {
    // @ts-expect-error a Date cannot cross google.script.run: use an ISO string
    const withDate: Reply<{ at: Date }> = handle(() => ({ at: new Date(0) }));
    // @ts-expect-error nor can a function
    const withFn = handle(() => ({ run: () => 1 }));
    // @ts-expect-error nor a Map
    const withMap = handle(() => ({ m: new Map<string, number>() }));
    expect([withDate.ok, withFn.ok, withMap.ok]).toEqual([true, true, true]);
  });
});
