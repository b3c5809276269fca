// Problem rows (docs/rules.md#problem-rows): marked with why, named in the sidebar, selected, and sent once fixed.
// @not-under published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { leadRow, renderAll, startAddon, type Addon } from '../harness';
import { own, OWN } from '../steps';

jest.setTimeout(180_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('problem rows selected', () => {
  it('should select exactly the invalid and failed rows, as one range list, among complete and pending ones', async () => {
    a = await startAddon();
    a.connect();
    const data = Array.from({ length: 9 }, (_, i) => leadRow(i));
    data[1] = leadRow(1, { first: '' });
    data[6] = leadRow(6, { first: '' });
    a.sheet(data);
    const c = a.createCampaign();
    a.selectRows(2, 6);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 4, invalid: 1 });
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p3@example.com', 'p4@example.com'] } } });
    a.generate();
    await renderAll(a, c.id);
    a.call('refreshNow');
    a.selectRows(7, 10);
    a.call('addSelectedRows');
    // Rows 2..10: complete, invalid, complete, failed, failed, pending, invalid, pending, pending.
    expect(a.column('Video Status')).toEqual(['complete', 'invalid', 'complete', 'failed', 'failed', 'pending', 'invalid', 'pending', 'pending']);
    const named = [3, 5, 6, 8].map((row) => expect.objectContaining({ row }));
    expect(a.call('getSidebarState').problems).toEqual({ rows: 4, byStatus: { invalid: 2, failed: 2 }, named });

    a.gas.spreadsheet.select(a.gas.spreadsheet.getActiveSheet(), ['A1']);
    expect(a.call('selectProblemRows')).toEqual({ ok: true, rows: 4, byStatus: { invalid: 2, failed: 2 }, named });
    const ranges = a.gas.spreadsheet
      .getActiveRangeList()
      .getRanges()
      .map((r) => [r.getRow(), r.getNumRows()]);
    expect(ranges).toEqual([
      [3, 1],
      [5, 2],
      [8, 1],
    ]);
  });

  it('should re-send a fixed invalid row with Add selected rows and leave the failed rows alone', async () => {
    a = await startAddon();
    a.connect();
    const data = [leadRow(0), leadRow(1, { first: '' }), leadRow(2)];
    const sheet = a.sheet(data);
    const c = a.createCampaign();
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p2@example.com'] } } });
    a.generate();
    await renderAll(a, c.id);
    a.call('refreshNow');
    expect(a.call('selectProblemRows')).toMatchObject({ rows: 2, byStatus: { invalid: 1, failed: 1 } });
    sheet.getRange(3, 1).setValue('Grace');
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1, alreadySent: 1 });
    expect(a.column('Video Status')).toEqual(['complete', 'pending', 'failed']);
    expect(a.call('getSidebarState').problems).toEqual({ rows: 1, byStatus: { failed: 1 }, named: [{ row: 4, status: 'failed', note: expect.any(String) }] });
  });
});

describe('a blank row in the selection', () => {
  it('should count it as empty, never as sent or invalid, and leave it blank', async () => {
    a = await startAddon();
    a.connect();
    const blank = leadRow(1).map(() => '');
    a.sheet([leadRow(0), blank, leadRow(2)]);
    a.createCampaign();
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2, empty: 1, invalid: 0, alreadySent: 0 });
    expect(a.column('Video Status')).toEqual(['pending', '', 'pending']);
  });
});

describe('first names a video would say oddly', () => {
  it('should name them before Add, among the rows not sent yet only, and still send them as written', async () => {
    a = await startAddon();
    a.connect();
    // The same name at two companies is named once.
    a.sheet(['jon smith', 'Zoë 🚀', 'Zoë', 'Mary Ann', 'jon smith'].map((first, i) => leadRow(i, { first })));
    a.createCampaign();
    expect(a.call('getSidebarState').gaps.unsent.odd).toBe(
      '2 first names would be said as written, so check before Add: “jon smith” (lower case), “Zoë 🚀” (not only letters).',
    );
    a.selectRows(2, 6);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 5 });
    // Sent, they are the service's as written: nothing is left to correct before Add.
    const leads = (await a.state()).campaigns.find((x) => x.name === 'Q3 outreach')!.leads;
    expect(leads.map((l) => l.firstName).sort()).toEqual(['Mary Ann', 'Zoë', 'Zoë 🚀', 'jon smith', 'jon smith']);
    expect(a.call('getSidebarState').gaps.unsent).toEqual({ rows: 0, empty: {} });
  });

  it('should not name a fallback the person chose for empty first names, however it is written', async () => {
    a = await startAddon();
    a.connect();
    a.sheet([leadRow(0, { first: '' }), leadRow(1, { first: 'Ana' })]);
    a.createCampaign();
    expect(a.call('saveColumnMapping', { mapping: {}, fallbacks: { firstName: 'there' } })).toMatchObject({ ok: true });
    expect(a.call('getSidebarState').gaps.unsent).toEqual({ rows: 2, empty: {} });
  });
});

describe('a tab with its own headers', () => {
  it('should recognise "Personal note" and "Calendar", name the unused column and count empty lines before Add', async () => {
    a = await startAddon();
    a.connect();
    a.sheet([own(1, { colour: 'teal' }), own(2, { note: '' }), own(3, { note: '' }), own(4)], OWN);
    a.createCampaign();
    const st = a.call('getSidebarState');
    expect(st.mapping).toMatchObject({ hook: 'Personal note', ctaUrl: 'Calendar' });
    // Named at the top of the state, where the server functions' contract names it; gaps count the empty cells.
    expect(st.unusedColumns).toEqual(['Favourite colour']);
    expect(st.gaps).toEqual({
      // The fixture's first names hold digits ("Person1"), which a video would say as written.
      unsent: { rows: 4, empty: { hook: 2 }, odd: expect.stringContaining('“Person1” (not only letters)') },
      waiting: { rows: 0, empty: {} },
    });
    a.selectRows(2, 5);
    const r = a.call('addSelectedRows');
    expect(r).toMatchObject({ ok: true, added: 4, unusedColumns: ['Favourite colour'] });
    // What each person got is what the service holds: the note and the calendar link went.
    const leads = (await a.state()).campaigns.find((x) => x.name === 'Q3 outreach')!.leads;
    const first = leads.find((l: any) => l.firstName === 'Person1') as any;
    expect(first.person).toMatchObject({ hook: 'Loved your post 1.', ctaUrl: 'https://cal.example.com/me' });
    const rows = a.rows();
    // A row sent with its personal note empty says so; the others do not.
    expect(rows.map((r) => r['Video Note'])).toEqual([
      '',
      'Sent without Hook (“Personal note” is empty).',
      'Sent without Hook (“Personal note” is empty).',
      '',
    ]);
    // Waiting for Generate: the Generate confirmation's figures.
    expect(a.call('getSidebarState').gaps).toMatchObject({ unsent: { rows: 0 }, waiting: { rows: 4, empty: { hook: 2 } } });
  });
});

describe('problem rows named', () => {
  it('should name the first problem rows with their reasons and count them all', async () => {
    a = await startAddon();
    a.connect();
    const bad = (i: number) => ['', `Company ${i}`, `p${i}@example.com`, 'x', 'https://cal.example.com/me', ''];
    a.sheet([own(1), bad(2), bad(3), own(4), ...Array.from({ length: 5 }, (_, i) => bad(5 + i))], OWN);
    a.createCampaign();
    a.selectRows(2, 10);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2, invalid: 7 });
    const p = a.call('getSidebarState').problems;
    expect(p.rows).toBe(7);
    expect(p.named.map((x: any) => x.row)).toEqual([3, 4, 6, 7, 8]);
    expect(p.named[0]).toMatchObject({ status: 'invalid', note: expect.stringContaining('First name is empty') });
    expect(a.call('selectProblemRows')).toMatchObject({ ok: true, rows: 7, named: expect.arrayContaining([expect.objectContaining({ row: 3 })]) });
  });
});
