// The register's fingerprint: stable values, since documents already keep prints made by earlier builds.
import fc from 'fast-check';
import { cellHash, printOf, withRow } from '../../src/register/fingerprint';

/** The hash as first written: FNV-1a over the row's number, a NUL and the Lead ID. */
function reference(row: number, leadId: string): number {
  const s = `${row}\u0000${leadId}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

describe('fingerprint', () => {
  it('should keep the hashes and prints that documents already hold', () => {
    expect(cellHash(2, 'lead_abc123')).toBe(821311722);
    expect(cellHash(100001, 'cmp_801bf6dd3e347660fd30abada9b533eb')).toBe(2637367794);
    expect(cellHash(7, '')).toBe(3219528770);
    expect(printOf(['a', '', 'lead_x'])).toEqual({ rows: 3, sum: 1699410204 });
  });

  it('should hash every row number and Lead ID as FNV-1a of the row, a NUL and the id', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 10_000_000 }), fc.string(), (row, id) => cellHash(row, id) === reference(row, id)));
  });

  it('should give after a changed row the print a fresh read of the register gives', () => {
    const ids = ['lead_1', 'lead_2', 'lead_3'];
    const after = withRow(printOf(ids), 3, 'lead_2', 'lead_9');
    expect(after).toEqual(printOf(['lead_1', 'lead_9', 'lead_3']));
    expect(withRow(after, 5, null, 'lead_4')).toEqual(printOf(['lead_1', 'lead_9', 'lead_3', 'lead_4']));
  });
});
