// The register keeps emails and profile links as digests (docs/rules.md#register): no cell of it is a
// second copy of a person's contact data, and a re-imported person is still recognised by their email.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { leadRow, startAddon, type Addon } from '../harness';
import { rowOf } from '../steps';

jest.setTimeout(120_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('the register’s identifiers', () => {
  it('should hold no email or profile link in clear, and still take back a person re-imported with their email in other capitals', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1), leadRow(2)]);
    a.createCampaign();
    a.selectRows(2, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
    const register = a.gas.spreadsheet.getSheetByName('Video register')!;
    const cells = JSON.stringify(register.getDataRange().getValues());
    expect(cells).not.toContain('@');
    expect(cells).toContain('Person1');
    const gone = rowOf(a, 3);
    sheet.deleteRows(3, 1);
    const again = leadRow(2);
    again[3] = String(again[3]).toUpperCase();
    sheet.typeValues([again], 3, 1);
    a.selectRows(3, 3);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, takenBack: 1 });
    expect(rowOf(a, 3)).toMatchObject({ 'Lead ID': gone['Lead ID'] });
  });
});
