// The estimate (docs/rules.md#spending): what it counts, and the people no row names any more.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { leadRow, startAddon, type Addon } from '../harness';
import { typeInputs, copyRow } from '../steps';

jest.setTimeout(300_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('the estimate and who a row is', () => {
  it('should count apart the waiting people no row names any more, a deleted row and a copy typed over', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
    a.createCampaign();
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    copyRow(sheet, 2, 5);
    typeInputs(sheet, 5, leadRow(9, { first: 'Nadia', company: 'Newco', email: 'nadia@newco.example' }));
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 3, orphans: 0 });
    sheet.deleteRows(3, 1);
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1 });
    // Person2's row was deleted: Person1, Person3 and Nadia have rows; Person2 waits with none.
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 4, orphans: 1 });
  });
});

describe('the estimate and the register', () => {
  it('should count apart a waiting person whose row was typed over as someone else, before any refresh', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet([leadRow(1), leadRow(2)]);
    a.createCampaign();
    a.selectRows(2, 3);
    a.call('addSelectedRows');
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2, orphans: 0 });
    sheet.typeValues([leadRow(9, { first: 'Nadia', company: 'Newco', email: 'nadia@newco.example' })], 2, 1);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2, orphans: 1 });
    // A renamed header is no evidence: nobody more is counted apart.
    sheet.typeValues([['Employer']], 1, 3);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2, orphans: 1 });
  });
});
