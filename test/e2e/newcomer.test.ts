// What a newcomer meets, end to end on the built bundle: a tab of their own with columns named their
// way, campaigns of several parts listed as one, problem rows named, and cancelled people sent again.
import { renderAll, startAddon, type Addon } from './harness';

jest.setTimeout(180_000);

const OWN = ['First name', 'Company', 'Email', 'Personal note', 'Calendar', 'Favourite colour'];
const own = (i: number, over: { note?: string; colour?: string } = {}) => [
  `Person${i}`,
  `Company ${i}`,
  `p${i}@example.com`,
  over.note ?? `Loved your post ${i}.`,
  'https://cal.example.com/me',
  over.colour ?? '',
];

describe('a tab with its own headers', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  it('should recognise "Personal note" and "Calendar", name the unused column and count empty lines before Add', async () => {
    a = await startAddon();
    a.connect();
    a.sheet([own(1, { colour: 'teal' }), own(2, { note: '' }), own(3, { note: '' }), own(4)], OWN);
    a.createCampaign();
    const st = a.call('getSidebarState');
    expect(st.mapping).toMatchObject({ hook: 'Personal note', ctaUrl: 'Calendar' });
    expect(st.gaps).toEqual({ unusedColumns: ['Favourite colour'], unsent: { rows: 4, empty: { hook: 2 } }, waiting: { rows: 0, empty: {} } });
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

describe('problem rows', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

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

describe('campaigns of several parts', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  it('should list a campaign of two parts once, under its own name, with the parts counted together', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(
      Array.from({ length: 5 }, (_, i) => own(i)),
      OWN,
    );
    const c = a.createCampaign('Q4 outreach');
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    expect(a.generate()).toMatchObject({ ok: true });
    await renderAll(a, c.id);
    a.selectRows(5, 6);
    a.call('addSelectedRows');
    const names = (await a.state()).campaigns.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['Q4 outreach', 'Q4 outreach · part 2']));
    const list = a.call('listCampaigns', { limit: 50 }).campaigns;
    expect(list.map((x: any) => x.name)).toEqual(['Q4 outreach']);
    expect(list[0]).toMatchObject({ id: c.id, leadCount: 5, waiting: 2, complete: 3, parts: 2 });
    // Picking a part by its id (an old bookmark, another tab's Campaign ID) binds its whole campaign.
    const part2 = (await a.state()).campaigns.find((x) => x.name === 'Q4 outreach · part 2')!.id;
    a.sheet([own(9)], OWN, 'Other');
    expect(a.call('selectCampaign', { campaignId: part2 })).toMatchObject({ ok: true, campaign: { id: c.id, name: 'Q4 outreach' } });
  });
});

describe('cancelled people', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  it('should send the rows a Stop cancelled to a new part of the same campaign, charging nothing', async () => {
    a = await startAddon({ concurrency: 2 });
    a.connect();
    a.sheet(
      Array.from({ length: 6 }, (_, i) => own(i)),
      OWN,
    );
    const c = a.createCampaign('Q4 outreach');
    a.selectRows(2, 7);
    a.call('addSelectedRows');
    expect(a.generate()).toMatchObject({ ok: true });
    expect(a.stop()).toMatchObject({ ok: true });
    await renderAll(a, c.id);
    a.call('refreshNow');
    const cancelled = a.rows().filter((r) => r['Video Status'] === 'cancelled').length;
    expect(cancelled).toBeGreaterThan(0);
    const charges = (await a.state()).ledger.length;
    const r = a.call('resendFailedRows', { cancelled: true });
    expect(r).toMatchObject({ ok: true, campaign: { id: c.id }, failedRows: cancelled, result: { added: cancelled } });
    // Still bound to the same campaign; the rows are in a new part, waiting; nothing charged.
    expect(a.boundCampaignId()).toBe(c.id);
    const rows = a.rows().filter((r) => r['Video Status'] === 'pending');
    expect(rows).toHaveLength(cancelled);
    const parts = (await a.state()).campaigns.filter((x) => x.name === 'Q4 outreach · part 2');
    expect(parts).toHaveLength(1);
    for (const row of rows) expect(row['Campaign ID']).toBe(parts[0]!.id);
    expect((await a.state()).ledger).toHaveLength(charges);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: cancelled });
  });
});
