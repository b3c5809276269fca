// Each part's charges as the money record keeps them (docs/rules.md#refunds).
import { chargesOf, saveCharges, type PartCharge } from '../../src/records/part-charges';
import { memoryProps } from '../fakes';

const charge = (t: string): PartCharge => ({ t, k: '••••1a2b', p: 10, lo: 30, hi: 30, a: 3, b: 3 });

describe('part charges', () => {
  it("should keep each part's charges apart, the newest twelve, and forget a part with none", () => {
    const svc = { doc: memoryProps() };
    const list = Array.from({ length: 15 }, (_, i) => charge(`2026-11-28T10:${String(i).padStart(2, '0')}:00.000Z`));
    saveCharges(svc, 'part-a', list);
    saveCharges(svc, 'part-b', [charge('2026-11-28T09:00:00.000Z')]);
    expect(chargesOf(svc, 'part-a')).toEqual(list.slice(-12));
    expect(chargesOf(svc, 'part-b')).toHaveLength(1);
    saveCharges(svc, 'part-a', []);
    expect(chargesOf(svc, 'part-a')).toEqual([]);
    expect(svc.doc.m.size).toBe(1);
  });

  it('should name a part by a short hash, so a long id keeps the key short', () => {
    const svc = { doc: memoryProps() };
    saveCharges(svc, 'x'.repeat(200), [charge('2026-11-28T09:00:00.000Z')]);
    expect([...svc.doc.m.keys()][0]!.length).toBeLessThan(40);
  });
});
