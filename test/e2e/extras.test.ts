// What sales people expect beyond the basics (docs/rules.md#money-record), end to end on the built bundle: the
// spending record against the simulator's ledger, the problem rows selected, and failed videos sent
// to a follow-up campaign without a charge.
import { HEADERS, leadRow, renderAll, startAddon, type Addon } from './harness';

jest.setTimeout(180_000);

const UNKNOWN_CHARGE = 'unknown — see the service’s billing';

function record(a: Addon) {
  return a.rows(a.gas.spreadsheet.getSheetByName('Video credits')!);
}

describe('the spending record', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  it('should append one row per charge, equal to the ledger, and complete an unknown outcome from the campaign', async () => {
    a = await startAddon({ concurrency: 2 });
    a.connect();
    a.sheet(Array.from({ length: 12 }, (_, i) => leadRow(i)));
    const c = a.createCampaign('Spring push');
    a.selectRows(2, 7);
    a.call('addSelectedRows');
    expect(a.gas.spreadsheet.getSheetByName('Video credits')).toBeNull();

    const quote = a.call('getEstimate');
    expect(a.preview()).toMatchObject({ ok: true, made: 3 });
    // Made on the first charge, beside the person's tab, which stays active.
    expect(a.gas.spreadsheet.getActiveSheet().getName()).toBe('Leads');
    await renderAll(a, c.id);
    const gen = a.generate();
    expect(gen).toMatchObject({ ok: true, started: 3 });
    await renderAll(a, c.id);

    a.selectRows(8, 13);
    a.call('addSelectedRows');
    const before = a.call('getEstimate');
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
    expect(a.generate()).toMatchObject({ ok: false, error: { code: 'network' } });
    const stop = a.stop();
    expect(stop).toMatchObject({ ok: true });

    // Rows added after a generate went to a second part (docs/rules.md#parts): the record names the part charged.
    const { ledger, campaigns } = await a.state();
    const part2 = campaigns.find((x) => x.name === 'Spring push · part 2')!.id;
    const charges = ledger.filter((e) => [c.id, part2].includes(e.campaignId) && e.kind === 'charge');
    const refunds = ledger.filter((e) => e.campaignId === part2 && e.kind === 'refund' && /stopped/.test(e.reason));
    expect(charges.map((e) => e.campaignId)).toEqual([c.id, c.id, part2]);
    const rows = record(a);
    expect(rows.map((r) => r['Action'])).toEqual(['preview', 'generate', 'generate (outcome unknown)', 'stop']);
    expect(rows.map((r) => r['Part'])).toEqual([c.id, c.id, part2, part2]);
    for (const r of rows) expect(r).toMatchObject({ Campaign: 'Spring push', 'Campaign ID': c.id, Key: '••••1a2b' });
    expect(rows[0]).toMatchObject({ People: 3, 'Credits quoted': quote.high, 'Credits charged': charges[0]!.credits });
    expect(rows[1]).toMatchObject({ People: 3, 'Credits charged': charges[1]!.credits });
    // The unknown outcome: its charge happened (people left waiting), completed with the balance's move: the ledger's figure.
    expect(rows[2]).toMatchObject({ People: 6, 'Credits quoted': before.high, 'Credits charged': charges[2]!.credits });
    expect(String(rows[2]!['Note'])).toMatch(/6 of 6 people were started.*balance/);
    expect(charges[2]!.credits).toBeLessThanOrEqual(before.high);
    // A stop's refund is recorded (docs/rules.md#money-record), at the part's price per person (its unknown generate, settled above).
    expect(rows[3]).toMatchObject({
      People: stop.stopped,
      'Credits quoted': '',
      'Credits charged': stop.stopped ? -Math.round((charges[2]!.credits / 6) * stop.stopped) : 0,
    });
    expect(stop.stopped).toBe(refunds.length);
    for (const r of rows) expect(String(r['When'])).toMatch(/^\d{4}-\d\d-\d\dT/);

    const tab = a.gas.spreadsheet.getSheetByName('Video credits')!;
    expect(tab.getRange(1, 1).getFontWeight()).toBe('bold');
    // Today's total next to the balance: the known charges; the unknown one counted apart.
    const refund = stop.stopped ? -Math.round((charges[2]!.credits / 6) * stop.stopped) : 0;
    expect(a.call('getEstimate')).toMatchObject({ chargedToday: charges[0]!.credits + charges[1]!.credits + charges[2]!.credits + refund, unknownToday: 0 });
    expect(a.call('showCreditsRecord')).toEqual({ ok: true, sheetName: 'Video credits' });
    expect(a.gas.spreadsheet.getActiveSheet().getName()).toBe('Video credits');
  });

  it('should leave an unknown row open until the campaign is read, then complete it', async () => {
    a = await startAddon();
    a.connect();
    const c = a.pushedCampaign(4);
    // No answer to the generate, and none to the read right after it.
    await a.sim.control({ action: 'configure', config: { faults: { dropReplies: 2, dropMatch: '^(POST /campaigns/[^/]+/generate|GET /campaigns/[^/]+)$' } } });
    expect(a.generate()).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(record(a)[0]).toMatchObject({ Action: 'generate (outcome unknown)', 'Credits charged': UNKNOWN_CHARGE });
    expect(a.call('getProgress')).toMatchObject({ ok: true, campaignId: c.id });
    const charges = (await a.state()).ledger.filter((e) => e.kind === 'charge');
    expect(charges).toHaveLength(1);
    expect(record(a)[0]).toMatchObject({ 'Credits charged': charges[0]!.credits });
    expect(record(a)).toHaveLength(1);
  });

  it('should complete an unknown outcome as nothing charged only two minutes later, everyone still waiting and the balance unmoved', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(Array.from({ length: 3 }, (_, i) => leadRow(i)));
    a.createCampaign();
    a.selectRows(2, 4);
    a.call('addSelectedRows');
    const quote = a.call('getEstimate');
    // The service refuses (too few credits) but a gateway's 502 page is all that comes back: unknown, nothing charged.
    await a.sim.control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 1 });
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
    expect(a.call('startGenerate', { campaignId: a.boundCampaignId(), high: quote.high })).toMatchObject({ ok: false, error: { code: 'network' } });
    // A charge can commit seconds after the gateway gave up: the read right after proves nothing yet (docs/rules.md#unknown-outcomes).
    expect(record(a)[0]).toMatchObject({ Action: 'generate (outcome unknown)', People: 3, 'Credits charged': UNKNOWN_CHARGE });
    a.gas.clock.advance(2 * 60_000);
    expect(a.call('getEstimate')).toMatchObject({ ok: true, leads: 3, chargedToday: 0, unknownToday: 0 });
    expect(record(a)[0]).toMatchObject({ 'Credits charged': 0, Note: expect.stringMatching(/nothing was charged/) });
    expect((await a.state()).ledger).toEqual([]);
  });
});

describe('problem rows', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

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

describe('failed videos to a follow-up campaign', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

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
