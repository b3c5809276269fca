// The follow-up (docs/rules.md#follow-up): failed and cancelled people sent again to a part of the same campaign that
// does not hold them: the newest when it can take them, else a new one.
// @not-under published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { HEADERS, leadRow, renderAll, startAddon, type Addon } from '../harness';
import { own, OWN, mainLeads, failedAndWaiting } from '../steps';

jest.setTimeout(300_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('failed videos to a follow-up campaign', () => {
  it('should move only the failed rows to a new part of the same campaign on the same recording, charging nothing', async () => {
    a = await startAddon();
    a.connect();
    const outputs = ['Lead ID', 'Campaign ID', 'Page URL', 'Video URL', 'Video Status', 'Video Note'];
    a.sheet(
      Array.from({ length: 5 }, (_, i) => leadRow(i)),
      HEADERS,
    );
    const c = a.createCampaign('Summer');
    a.selectRows(2, 6);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p1@example.com', 'p3@example.com'] } } });
    a.generate();
    await renderAll(a, c.id);
    a.call('refreshNow');
    const before = a.rows();
    expect(before.map((r) => r['Video Status'])).toEqual(['complete', 'failed', 'complete', 'failed', 'complete']);
    const ledger = (await a.state()).ledger.length;
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: [] } } });

    const r = a.call('resendFailedRows', { name: 'Summer – follow-up' });
    expect(r).toMatchObject({
      ok: true,
      campaign: { id: c.id, name: 'Summer' },
      part: { name: 'Summer · part 2' },
      failedRows: 2,
      result: { added: 2, invalid: 0 },
    });
    const st = await a.state();
    expect(st.ledger).toHaveLength(ledger);
    const fresh = st.campaigns.find((x) => x.id === r.part.id)!;
    expect(fresh.templateId).toBe(st.campaigns.find((x) => x.id === c.id)!.templateId);
    expect(fresh.leads.map((l) => l.email).sort()).toEqual(['p1@example.com', 'p3@example.com']);
    // The old leads stay failed in the old campaign.
    expect(st.campaigns.find((x) => x.id === c.id)!.leads.filter((l) => l.status === 'failed')).toHaveLength(2);

    const after = a.rows();
    for (const i of [0, 2, 4]) expect(after[i]).toEqual(before[i]);
    const byEmail = new Map(fresh.leads.map((l) => [l.email, l]));
    for (const i of [1, 3]) {
      const lead = byEmail.get(String(after[i]!['Email']))!;
      expect(after[i]).toMatchObject({ 'Lead ID': lead.id, 'Campaign ID': fresh.id, 'Page URL': '', 'Video URL': '', 'Video Status': 'pending' });
      expect(after[i]!['Video Note']).toBe(`Sent again to “Summer · part 2” (was lead ${before[i]!['Lead ID']}).`);
    }
    expect(Object.keys(after[0]!)).toEqual([...HEADERS, ...outputs]);
    // The tab stays on its campaign, whose new part waits; generating it is the person's own click.
    expect(a.boundCampaignId()).toBe(c.id);
    // The tab's five people, each once: the two sent again wait in the new part, none is failed any more.
    expect(a.call('getProgress')).toMatchObject({ ok: true, counts: { total: 5, complete: 3, failed: 0, pending: 2 } });
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2 });
    expect(a.generate()).toMatchObject({ ok: true, started: 2 });
  });

  it('should make one new part and add each person once when the create and the add are answered by 502 pages', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(Array.from({ length: 3 }, (_, i) => leadRow(i)));
    const c = a.createCampaign('Autumn');
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p0@example.com', 'p2@example.com'] } } });
    a.generate();
    await renderAll(a, c.id);
    a.call('refreshNow');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: [], html502Replies: 2, dropMatch: '^POST /campaigns(/[^/]+/leads)?$' } } });
    await a.sim.control({ action: 'clearRequests' });
    const r = a.call('resendFailedRows', { name: 'Autumn – follow-up' });
    expect(r).toMatchObject({ ok: true, failedRows: 2 });
    const st = await a.state();
    const made = st.campaigns.filter((x) => x.name === 'Autumn · part 2');
    expect(made).toHaveLength(1);
    expect(made[0]!.leads.map((l) => l.email).sort()).toEqual(['p0@example.com', 'p2@example.com']);
    // One create, never repeated; the add answered by a 502 re-sent once (these people are matched, not added twice).
    const posts = (await a.requests()).filter((q) => q.method === 'POST');
    expect(posts.map((q) => [q.path.replace(/\/campaigns\/[^/]+/, '/campaigns/<id>'), (q as { replyFault?: string }).replyFault ?? null])).toEqual([
      ['/campaigns', 'html502'],
      ['/campaigns/<id>/leads', 'html502'],
      ['/campaigns/<id>/leads', null],
    ]);
    expect(a.column('Video Status')).toEqual(['pending', 'complete', 'pending']);
    expect(a.column('Campaign ID')).toEqual([made[0]!.id, c.id, made[0]!.id]);
  });

  it('should ask for the recording when the campaign was picked from the list, and touch nothing', async () => {
    a = await startAddon();
    a.connect();
    a.sheet([leadRow(0)]);
    const made = a.createCampaign();
    a.gas.properties.document.deleteProperty(`campaign.${made.id}`);
    a.call('selectCampaign', { campaignId: made.id });
    a.selectRows(2, 2);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p0@example.com'] } } });
    a.generate();
    await renderAll(a, made.id);
    a.call('refreshNow');
    const rows = a.rows();
    const r = a.call('resendFailedRows', { name: 'Again' });
    expect(r).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(r.error.message).toMatch(/Choose it under Template/);
    expect(a.rows()).toEqual(rows);
    expect((await a.state()).campaigns.filter((x) => x.workspaceId === 'ws_main')).toHaveLength(1);
    expect(a.call('resendFailedRows', { name: 'Again', templateId: 'tpl_ready' })).toMatchObject({ ok: true, failedRows: 1 });
  });
});

describe('cancelled people', () => {
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
    // The tab's six people, each once: the cancelled are now the new part's waiting people.
    expect(a.call('getProgress')).toMatchObject({ ok: true, counts: { total: 6, cancelled: 0, pending: cancelled } });
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: cancelled });
  });
});

describe('the follow-up is a part of the same campaign', () => {
  it('should find the failed rows by the register when the Campaign ID header was renamed', async () => {
    await failedAndWaiting((x) => (a = x));
    const sheet = a.gas.spreadsheet.getActiveSheet();
    const col = (sheet.getRange(1, 1, 1, sheet.getLastColumn()).getValues()[0] as string[]).indexOf('Campaign ID') + 1;
    sheet.getRange(1, col).setValue('Campaign ID (old)');
    expect(a.call('resendFailedRows', {})).toMatchObject({ ok: true, failedRows: 1, result: { added: 1 } });
  });

  it('should send failed people to the newest part when it holds none of them and has room, not to a new part each time', async () => {
    const c = await failedAndWaiting((x) => (a = x));
    const parts = async () => (await a.state()).campaigns.filter((x) => x.name.startsWith('Summer')).map((x) => x.name);
    expect(await parts()).toEqual(['Summer', 'Summer · part 2']);
    const charges = (await a.state()).ledger.length;
    const r = a.call('resendFailedRows', {});
    expect(r).toMatchObject({ ok: true, campaign: { id: c.id }, part: { name: 'Summer · part 2' }, failedRows: 1, result: { added: 1 } });
    expect(await parts()).toEqual(['Summer', 'Summer · part 2']);
    const rows = a.rows();
    expect(rows[1]).toMatchObject({
      'Campaign ID': r.part.id,
      'Video Status': 'pending',
      'Video Note': expect.stringMatching(/^Sent again to “Summer · part 2”/),
    });
    expect((await a.state()).ledger).toHaveLength(charges);
    // One Generate now charges the newcomer and the person sent again, in that one part.
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2 });
  });

  it('should add nobody when the people of a follow-up are imported again', async () => {
    await failedAndWaiting((x) => (a = x));
    expect(a.call('resendFailedRows', {})).toMatchObject({ ok: true });
    const sheet = a.gas.spreadsheet.getActiveSheet();
    const before = (await mainLeads(a)).length;
    sheet.deleteRows(2, 4);
    sheet.typeValues([leadRow(1), leadRow(2), leadRow(3), leadRow(4)], 2, 1);
    a.selectRows(2, 5);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, takenBack: 4 });
    expect(await mainLeads(a)).toHaveLength(before);
    expect(a.column('Video Status')).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 2, orphans: 0 });
  });

  it('should send the rows a Stop cancelled to a new part of the campaign when asked, and only then', async () => {
    a = await startAddon({ concurrency: 2 });
    a.connect();
    a.sheet(Array.from({ length: 6 }, (_, i) => leadRow(i)));
    const c = a.createCampaign('Winter');
    a.selectRows(2, 7);
    a.call('addSelectedRows');
    expect(a.generate()).toMatchObject({ ok: true });
    expect(a.stop()).toMatchObject({ ok: true });
    a.runTimerUntilDone();
    a.call('refreshNow');
    const cancelled = a.rows().filter((r) => r['Video Status'] === 'cancelled').length;
    expect(cancelled).toBeGreaterThan(0);
    expect(a.call('resendFailedRows', {})).toMatchObject({ ok: false, error: { code: 'no_selection' } });
    const r = a.call('resendFailedRows', { cancelled: true });
    expect(r).toMatchObject({ ok: true, campaign: { id: c.id }, failedRows: cancelled, result: { added: cancelled } });
    expect(a.rows().filter((x) => x['Campaign ID'] === r.part.id && x['Video Status'] === 'pending')).toHaveLength(cancelled);
    expect(a.boundCampaignId()).toBe(c.id);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: cancelled });
  });
});

describe('failed videos sent again while the register is broken', () => {
  it('should touch nothing — no part made, no row cleared — and ask for the repair', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(Array.from({ length: 3 }, (_, i) => leadRow(i)));
    const c = a.createCampaign('Summer');
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p1@example.com'] } } });
    a.generate();
    await renderAll(a, c.id);
    a.call('refreshNow');
    const before = a.rows();
    a.gas.spreadsheet.deleteSheet(a.gas.spreadsheet.getSheetByName('Video register')!);
    const campaigns = (await a.state()).campaigns.length;
    expect(a.call('resendFailedRows', {})).toMatchObject({ ok: false, error: { code: 'register_broken' } });
    expect((await a.state()).campaigns).toHaveLength(campaigns);
    expect(a.rows()).toEqual(before);
    // Repaired, the failed person goes again, and the campaign counts them waiting.
    expect(a.call('repairRegister')).toMatchObject({ ok: true, recovered: 3 });
    expect(a.call('resendFailedRows', {})).toMatchObject({ ok: true, failedRows: 1, result: { added: 1 } });
    expect(a.call('getProgress')).toMatchObject({ ok: true, counts: { total: 3, complete: 2, pending: 1 } });
  });
});
