// Edits that are no evidence (docs/rules.md#register): a row keeps its person whatever happens to the columns.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { leadRow, renderAll, startAddon, type Addon } from '../harness';
import { chargedCredits, mainLeads, Sheet } from '../steps';

jest.setTimeout(300_000);

/** Every row carries its own lead's id, status complete and that lead's page. */
async function everyLinkArrived(a: Addon, ids: unknown[]): Promise<void> {
  const byId = new Map((await mainLeads(a)).map((l) => [l.id, l]));
  expect(a.column('Lead ID')).toEqual(ids);
  for (const r of a.rows()) expect([r['Video Status'], r['Page URL']]).toEqual(['complete', byId.get(String(r['Lead ID']))!.url]);
}

/** Three people sent and generated; the edit is made while they render. */
async function editMidRender(a: Addon, edit: (sheet: Sheet) => void, rows = [leadRow(1), leadRow(2), leadRow(3)], setup = () => {}): Promise<void> {
  a.connect();
  const sheet = a.sheet(rows);
  const c = a.createCampaign();
  setup();
  a.selectRows(2, rows.length + 1);
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: rows.length });
  const ids = a.column('Lead ID');
  expect(a.generate()).toMatchObject({ ok: true });
  const spent = await chargedCredits(a);
  edit(sheet);
  await renderAll(a, c.id);
  a.runTimerUntilDone();
  expect(a.call('refreshNow')).toMatchObject({ ok: true });
  await everyLinkArrived(a, ids);
  expect(a.rows().every((r) => !String(r['Video Note']).includes('Lead ID'))).toBe(true);
  expect(await mainLeads(a)).toHaveLength(rows.length);
  expect(await chargedCredits(a)).toBe(spent);
}

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('a row keeps its person through edits that are no evidence', () => {
  it('should keep every row and bring every link when the Company header is renamed mid-render', async () => {
    a = await startAddon();
    await editMidRender(a, (sheet) => {
      sheet.typeValues([['Employer']], 1, 3);
    });
  });

  it('should keep every row and bring every link when the Company column is deleted mid-render', async () => {
    a = await startAddon();
    await editMidRender(a, (sheet) => {
      sheet.deleteColumn(3);
    });
  });

  it('should keep every row and bring every link when a name cell shows an error value mid-render', async () => {
    a = await startAddon();
    await editMidRender(a, (sheet) => {
      sheet.typeValues([['#N/A']], 2, 3);
      sheet.typeValues([['#REF!']], 3, 1);
    });
  });

  it('should keep every row and bring every link when the company column mapping changes mid-render', async () => {
    a = await startAddon();
    await editMidRender(a, () => {
      expect(a.call('saveColumnMapping', { mapping: { company: 'Website', firstName: 'Last name' } })).toMatchObject({ ok: true });
    });
  });

  it('should keep every row and bring every link when the company fallback changes mid-render', async () => {
    a = await startAddon();
    const fallback = (company: string) => () => {
      expect(a.call('saveColumnMapping', { mapping: {}, fallbacks: { company } })).toMatchObject({ ok: true });
    };
    await editMidRender(a, fallback('your company'), [leadRow(1, { company: '' }), leadRow(2, { company: '' }), leadRow(3)], fallback('your team'));
  });
});
