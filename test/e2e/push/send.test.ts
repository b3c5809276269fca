// Sending rows (Add selected rows) end to end: the built bundle in the stand-in against the simulator.
// @not-under published-hourly, timeout-360 (readings of jest.config.cjs this file is not run under)
import { SIM_KEYS, SIM_WORKSPACES } from '../../../dev/sim/types';
import { leadRow, startAddon, type Addon, HEADERS, columnLetter, renderAll, READING } from '../harness';
import { chargedCredits, leadsOf, unprotect, rowOf, pushed } from '../steps';

jest.setTimeout(300_000);

const invalidRows: Record<number, string[]> = {
  3: leadRow(3, { hook: 'x'.repeat(231) }),
  17: leadRow(17, { first: '' }),
  40: leadRow(40, { cta: 'not a link' }),
  66: leadRow(66, { company: 'C'.repeat(121) }),
  90: leadRow(90, { hook: 'y'.repeat(201) }),
  111: leadRow(111, { first: '' }),
  130: leadRow(130, { cta: 'ftp//nope' }),
  150: leadRow(150, { company: 'D'.repeat(130) }),
  170: leadRow(170, { hook: 'z'.repeat(300) }),
  185: leadRow(185, { first: '   ' }),
};

function rows(n: number, invalid: Record<number, string[]> = {}): string[][] {
  return Array.from({ length: n }, (_, i) => invalid[i] ?? leadRow(i));
}

/**
 * A tab of 1,011 leads bound to a new campaign, its first row sent (which adds the output columns and
 * colour rules), then the Range calls of a push of rows 3 to 12.
 */
function tenRowsRangeCalls(a: Addon): number {
  a.connect();
  a.sheet(rows(1011));
  a.createCampaign();
  a.selectRows(2, 2);
  a.call('addSelectedRows');
  a.selectRows(3, 12);
  a.gas.counters.reset();
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 10 });
  return a.gas.counters.rangeCalls;
}

/** Every row with a Lead ID holds the simulator's lead (of these campaigns) with that row's first name and company. */
async function expectIdsOnOwnRows(a: Addon, campaignIds: string | string[]) {
  const st = await a.state();
  const ids = new Set([campaignIds].flat());
  const leads = new Map(
    st.campaigns
      .filter((c) => ids.has(c.id))
      .flatMap((c) => c.leads)
      .map((l) => [l.id, l]),
  );
  // One comparison for the whole tab, naming only the rows that differ: an expect a row costs more than the push.
  const sent = a.rows().filter((r) => r['Lead ID']);
  const wrong = sent
    .map((r) => {
      const lead = leads.get(String(r['Lead ID']));
      const row = { lead: r['Lead ID'], name: [r['First name'], r['Company']], campaign: r['Campaign ID'] };
      return { row, service: lead ? { lead: lead.id, name: [lead.firstName, lead.company], campaign: lead.campaignId } : null };
    })
    .filter(({ row, service }) => JSON.stringify(row) !== JSON.stringify(service));
  expect(wrong).toEqual([]);
  return sent.length;
}

const LEADS_POST = '^POST /campaigns/[^/]+/leads$';

const OUTPUTS = ['Lead ID', 'Campaign ID', 'Page URL', 'Video URL', 'Video Status', 'Video Note'];

/** A tab whose output columns exist, with `header`'s column protected for everyone but the owner. */
function protectedTab(a: Addon, header: string, n = 3) {
  const sheet = a.sheet(
    Array.from({ length: n }, (_, i) => [...leadRow(i), '', '', '', '', '', '']),
    [...HEADERS, ...OUTPUTS],
  );
  const col = columnLetter([...HEADERS, ...OUTPUTS].indexOf(header) + 1);
  a.gas.spreadsheet.protectRange(sheet, `${col}1:${col}`, ['owner@example.com']);
  return sheet;
}

async function leadsInService(a: Addon): Promise<number> {
  return (await a.state()).campaigns.filter((c) => c.workspaceId === 'ws_main').reduce((n, c) => n + c.leads.length, 0);
}

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('sending rows', () => {
  it('should send the valid rows, mark the invalid ones with their reason, and put each id on its own row', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(rows(200, invalidRows));
    const campaign = a.createCampaign();
    a.selectRows(1, 201);
    const r = a.call('addSelectedRows');
    expect(r).toMatchObject({ ok: true, added: 190, invalid: 10, alreadySent: 0, remaining: 0, total: 190 });

    const st = await a.state();
    const leads = st.campaigns.find((c) => c.id === campaign.id)!.leads;
    expect(leads).toHaveLength(190);
    expect(await expectIdsOnOwnRows(a, campaign.id)).toBe(190);

    const sheetRows = a.rows();
    for (const i of Object.keys(invalidRows).map(Number)) {
      const row = sheetRows[i]!;
      expect(row['Video Status']).toBe('invalid');
      expect(row['Lead ID']).toBe('');
      expect(leads.some((l) => l.email === row['Email'])).toBe(false);
    }
    expect(sheetRows[3]!['Video Note']).toMatch(/Hook.*231.*200/);
    expect(sheetRows[17]!['Video Note']).toMatch(/First name/);
    expect(sheetRows[40]!['Video Note']).toMatch(/Button link/);
    expect(sheetRows[66]!['Video Note']).toMatch(/Company.*121.*120/);
    // The reply names every row not sent, with the field at fault and the sentence its note holds.
    expect(r.problems).toHaveLength(10);
    for (const p of r.problems) expect(sheetRows[p.row - 2]!['Video Note']).toBe(p.reason);
    expect(r.problems.map((p: { row: number; field: string }) => [p.row - 2, p.field])).toEqual(
      expect.arrayContaining([
        [3, 'hook'],
        [17, 'firstName'],
        [40, 'ctaUrl'],
        [66, 'company'],
      ]),
    );
    expect(sheetRows[5]!['Video Status']).toBe('pending');
    // The link comes once the video is ready: a page before that is a holding screen.
    expect(sheetRows[5]!['Page URL']).toBe('');
  });

  it('should put every id on its own row when the reply lists people in another order', async () => {
    a = await startAddon({ faults: { shufflePeople: true } });
    a.connect();
    a.sheet(rows(60));
    const campaign = a.createCampaign();
    a.selectRows(2, 61);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 60 });
    expect(await expectIdsOnOwnRows(a, campaign.id)).toBe(60);
  });

  it('should re-send only recognisable people after a lost reply, and leave an unmatchable row for the person', async () => {
    a = await startAddon();
    a.connect();
    const data = rows(20);
    data[4] = ['Solo', '', '', '', '', 'Just a first name', ''];
    a.sheet(data);
    const campaign = a.createCampaign();
    await a.sim.control({ action: 'configure', config: { faults: { dropReplies: 1, dropMatch: '^POST /campaigns/[^/]+/leads$' } } });
    a.selectRows(2, 21);
    const first = a.call('addSelectedRows');
    expect(first).toMatchObject({ ok: true, added: 0, skipped: 19, unmatchable: 1 });
    const posts = (await a.requests()).filter((q) => q.method === 'POST' && q.path.endsWith('/leads'));
    expect(posts).toHaveLength(2);
    const leads = (await a.state()).campaigns.find((c) => c.id === campaign.id)!.leads;
    expect(leads).toHaveLength(20);
    expect(leads.filter((l) => l.firstName === 'Solo')).toHaveLength(1);
    const solo = a.rows()[4]!;
    expect(solo['Lead ID']).toBe('');
    expect(solo['Video Status']).toBe('sending');
    expect(String(solo['Video Note'])).toMatch(/could add the person twice/);
    expect(await expectIdsOnOwnRows(a, campaign.id)).toBe(19);

    // Pressing again never re-sends the unmatchable row on its own.
    const second = a.call('addSelectedRows');
    expect(second).toMatchObject({ ok: true, alreadySent: 19, unmatchable: 1 });
    expect((await a.state()).campaigns.find((c) => c.id === campaign.id)!.leads).toHaveLength(20);
  });

  it('should stop in time when calls are slow, and finish on the next press without duplicates', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(rows(2500));
    const campaign = a.createCampaign();
    a.selectRows(2, 2501);
    // Calls of 60 s each: a part of 500 and a new part cannot all fit in one run's budget.
    await a.sim.control({ action: 'configure', config: { faults: { latencyMs: 60_000 } } });
    const t0 = a.gas.clock.now();
    const first = a.call('addSelectedRows');
    const elapsed = a.gas.clock.now() - t0;
    expect(first).toMatchObject({ ok: true });
    expect(first.remaining).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(6 * 60_000);

    let next = a.call('addSelectedRows');
    for (let i = 0; i < 10 && next.ok && next.remaining > 0; i++) next = a.call('addSelectedRows');
    expect(next).toMatchObject({ ok: true, remaining: 0 });
    const st = await a.state();
    const parts = st.campaigns.filter((c) => c.id === campaign.id || c.name.startsWith('Q3 outreach · part '));
    expect(parts).toHaveLength(5);
    const leads = parts.flatMap((c) => c.leads);
    expect(leads).toHaveLength(2500);
    expect(new Set(leads.map((l) => l.email)).size).toBe(2500);
    for (const c of parts) expect(c.leads.length).toBeLessThanOrEqual(500);
    expect(
      await expectIdsOnOwnRows(
        a,
        parts.map((c) => c.id),
      ),
    ).toBe(2500);
  });

  it('should write nothing on the wrong row after rows are sorted and output columns moved', async () => {
    a = await startAddon();
    a.connect();
    const sheet = a.sheet(rows(40));
    const campaign = a.createCampaign();
    a.selectRows(2, 21);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 20 });
    // The person sorts by company descending and drags Lead ID and Video Status to the front.
    sheet.sortBy(2, false);
    const headers = sheet.getDataRange().getValues()[0] as string[];
    sheet.moveColumn(headers.indexOf('Lead ID'), 0);
    sheet.moveColumn((sheet.getDataRange().getValues()[0] as string[]).indexOf('Video Status'), 1);
    a.selectRows(2, 41);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 20, alreadySent: 20 });
    expect(await expectIdsOnOwnRows(a, campaign.id)).toBe(40);
  });

  it('should find the campaign a lost create made, without posting it twice', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(rows(2));
    await a.sim.control({ action: 'configure', config: { faults: { dropReplies: 1, dropMatch: '^POST /campaigns$' } } });
    await a.sim.control({ action: 'clearRequests' });
    const campaign = a.createCampaign('Lost reply');
    const st = await a.state();
    expect(st.campaigns.filter((c) => c.name === 'Lost reply').map((c) => c.id)).toEqual([campaign.id]);
    const log = await a.requests();
    expect(log.filter((q) => q.method === 'POST' && q.path === '/campaigns')).toHaveLength(1);
    expect(log.some((q) => q.method === 'GET' && q.path === '/campaigns')).toBe(true);
    expect(a.call('getSidebarState').campaign).toMatchObject({ id: campaign.id });
  });

  it('should refuse to write with a read-only key, in a sentence, without throwing', async () => {
    a = await startAddon();
    a.connect(SIM_KEYS.readOnly);
    a.sheet(rows(3));
    const r = a.call('createCampaign', { templateId: 'tpl_ready', name: 'x' });
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(r.error.message).toMatch(/read-only/);
  });

  it('should report the API switched off as such', async () => {
    a = await startAddon({ faults: { apiOff: true } });
    const r = a.call('saveSettings', { baseUrl: a.sim.baseUrl, apiKey: SIM_KEYS.write });
    expect(r).toMatchObject({ ok: false, error: { code: 'api_off' } });
    expect(r.error.message).toMatch(/switched off/);
  });

  it('should keep the key out of document properties, cells, logs and the sidebar state', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(rows(5));
    a.createCampaign();
    a.selectRows(2, 6);
    a.call('addSelectedRows');
    const state = a.call('getSidebarState');
    expect(state.ok).toBe(true);
    expect(state.settings.keyHint).toBe(`••••${SIM_KEYS.write.slice(-4)}`);
    const everywhere = JSON.stringify([
      state,
      a.gas.properties.document.getProperties(),
      a.gas.logs,
      a.gas.spreadsheet.getSheets().map((s: any) => s.getDataRange().getValues()),
    ]);
    expect(everywhere).not.toContain(SIM_KEYS.write);
    expect(JSON.stringify(a.gas.properties.user().getProperties())).toContain(SIM_KEYS.write);
  });

  it('should make the same number of Range calls for a call of 10 rows as for one of 500', async () => {
    a = await startAddon();
    const small = tenRowsRangeCalls(a);
    // 489 fill the first part; then a part of its own for the next 500.
    a.selectRows(13, 501);
    a.call('addSelectedRows');
    a.selectRows(502, 1001);
    a.gas.counters.reset();
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 500 });
    const large = a.gas.counters.rangeCalls;
    console.log(`Range calls: 10 rows → ${small}, 500 rows → ${large}`);
    expect(large).toBe(small);
  });

  it('should make no more Range calls for 1,000 rows over three parts than for 10 rows in one', async () => {
    a = await startAddon();
    const small = tenRowsRangeCalls(a);
    // 489 fill the first part, 500 make the second, 11 start a third: one 1,000-row batch.
    a.selectRows(13, 1012);
    a.gas.counters.reset();
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1000 });
    expect(a.gas.counters.rangeCalls).toBeLessThanOrEqual(small);
    expect(new Set(a.column('Campaign ID')).size).toBe(3);
    await expectIdsOnOwnRows(a, [...new Set(a.column('Campaign ID').map(String))]);
  });
});

describe('sending rows at the edges', () => {
  describe('ids only on their rows', () => {
    it("should put each Sam's id on Sam's own row when eight share a first name and the reply is shuffled", async () => {
      a = await startAddon({ faults: { shufflePeople: true } });
      a.connect();
      a.sheet(Array.from({ length: 8 }, (_, i) => leadRow(i, { first: 'Sam', company: '', email: `sam${i}@example.com` })));
      const c = a.createCampaign();
      a.selectRows(2, 9);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 8 });
      const byId = new Map((await leadsOf(a, c.id)).map((l) => [l.id, l]));
      const rows = a.rows();
      expect(rows.every((r) => r['Lead ID'])).toBe(true);
      for (const r of rows) expect(byId.get(String(r['Lead ID']))!.email).toBe(r['Email']);
      expect(new Set(rows.map((r) => r['Lead ID'])).size).toBe(8);
    });

    it('should mark same-name rows it cannot tell apart instead of guessing', async () => {
      a = await startAddon({ faults: { shufflePeople: true } });
      a.connect();
      a.sheet([0, 1, 2].map((i) => leadRow(i, { first: 'Kim', company: '', email: '', hook: `Hook ${i}` })));
      const c = a.createCampaign();
      a.selectRows(2, 4);
      a.call('addSelectedRows');
      expect(await leadsOf(a, c.id)).toHaveLength(3);
      for (const r of a.rows()) {
        expect(r['Lead ID']).toBe('');
        expect(String(r['Video Note'])).toMatch(/does not say which/);
      }
    });
  });

  describe('nobody added twice after a lost or unreadable answer', () => {
    it.each([
      ['a gateway 502 page', { html502Replies: 1 }],
      ['an unreadable 200', { garbledReplies: 1 }],
    ])('should re-send only recognisable people after %s, and keep the others sending', async (_label, fault) => {
      a = await startAddon();
      a.connect();
      const data = Array.from({ length: 6 }, (_, i) => leadRow(i));
      data[2] = ['Ada', '', '', '', '', 'Only a first name', ''];
      data[4] = ['Bo', '', '', '', '', 'Only a first name too', ''];
      a.sheet(data);
      const c = a.createCampaign();
      await a.sim.control({ action: 'configure', config: { faults: { ...fault, dropMatch: LEADS_POST } } });
      a.selectRows(2, 7);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, unmatchable: 2 });
      const again = a.call('addSelectedRows');
      expect(again).toMatchObject({ ok: true, unmatchable: 2 });
      const leads = await leadsOf(a, c.id);
      expect(leads).toHaveLength(6);
      expect(leads.filter((l) => l.firstName === 'Ada')).toHaveLength(1);
      const rows = a.rows();
      for (const i of [2, 4]) {
        expect(rows[i]!['Video Status']).toBe('sending');
        expect(rows[i]!['Lead ID']).toBe('');
      }
      expect(rows.filter((r) => r['Lead ID'])).toHaveLength(4);
    });
  });
});

describe('sending into protected cells', () => {
  it('should say so when the Lead ID column is protected, and send nobody twice once it is not', async () => {
    a = await startAddon();
    a.connect();
    protectedTab(a, 'Lead ID');
    a.createCampaign();
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({
      ok: false,
      error: { code: 'protected', message: expect.stringMatching(/protected .*Lead ID.*Nothing is lost/) },
    });
    unprotect(a);
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true });
    expect(a.column('Lead ID').every((id) => String(id).length > 0)).toBe(true);
    expect(await leadsInService(a)).toBe(3);
  });

  it('should write through a warning-only protection', async () => {
    a = await startAddon({}, { readings: { protectedCells: 'warn-only' } });
    a.connect();
    protectedTab(a, 'Lead ID');
    a.createCampaign();
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
  });
});

describe('a cut-off send never forgets its part', () => {
  /** Rows 2-3 sent and generated with row 4's send answered by gateway pages, so it stays sending in part 1. */
  async function cutOffWhileRendering(): Promise<{ id: string }> {
    a.connect();
    a.sheet([leadRow(1), leadRow(2), leadRow(3)]);
    const c = a.createCampaign();
    a.selectRows(2, 3);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 4, dropMatch: '^POST /campaigns/[^/]+/leads$' } } });
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'network' } });
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 0 } } });
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'sending', 'Campaign ID': c.id });
    expect(a.generate()).toMatchObject({ ok: true });
    return c;
  }

  async function finishesInItsPart(c: { id: string }, spent: number): Promise<void> {
    await renderAll(a, c.id);
    // A timer that writes rows finished the cut-off row in its part (docs/rules.md#cut-off); else the press does, matched there.
    const timerWrites = !['no-document', 'test-deployment-throws', 'test-deployment-silent'].includes(READING);
    expect(Boolean(rowOf(a, 4)['Lead ID'])).toBe(timerWrites);
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 0, ...(timerWrites ? { alreadySent: 1 } : { skipped: 1 }) });
    expect(rowOf(a, 4)).toMatchObject({ 'Campaign ID': c.id });
    const st = await a.state();
    expect(st.campaigns.filter((x) => x.workspaceId === SIM_WORKSPACES.main)).toHaveLength(1);
    expect(st.campaigns.find((x) => x.id === c.id)!.leads).toHaveLength(3);
    a.runTimerUntilDone();
    a.call('refreshNow');
    expect(rowOf(a, 4)['Video Status']).toBe('complete');
    expect(await chargedCredits(a)).toBe(spent);
  }

  it('should leave rows sending in their part when a re-send is refused as campaign_busy, and finish them there', async () => {
    a = await startAddon({ stageMs: 60_000 });
    const c = await cutOffWhileRendering();
    const spent = await chargedCredits(a);
    a.selectRows(4, 4);
    const r = a.call('addSelectedRows');
    expect(r).toMatchObject({ ok: false, error: { code: 'campaign_busy' } });
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'sending', 'Campaign ID': c.id, 'Lead ID': '' });
    expect(String(rowOf(a, 4)['Video Note'])).toMatch(/stays “sending” in the part it was sent to/);
    await finishesInItsPart(c, spent);
  });

  it('should leave rows sending in their part when a re-send is refused with a 404, and finish them there', async () => {
    a = await startAddon({ stageMs: 60_000 });
    const c = await cutOffWhileRendering();
    const spent = await chargedCredits(a);
    a.connect(SIM_KEYS.other);
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'sending', 'Campaign ID': c.id, 'Lead ID': '' });
    a.connect();
    await finishesInItsPart(c, spent);
  });

  it('should leave rows sending in their part when a re-send is refused with a 400, and finish them there', async () => {
    a = await startAddon({ stageMs: 60_000 });
    const c = await cutOffWhileRendering();
    const spent = await chargedCredits(a);
    await a.sim.control({ action: 'configure', config: { faults: { badInputMatch: '^POST /campaigns/[^/]+/leads$' } } });
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'sending', 'Campaign ID': c.id, 'Lead ID': '' });
    await a.sim.control({ action: 'configure', config: { faults: { badInputMatch: '$^' } } });
    await finishesInItsPart(c, spent);
  });

  it('should leave rows sending in their part when a re-send is refused with 429 after the retries, and finish them there', async () => {
    a = await startAddon({ stageMs: 60_000 });
    const c = await cutOffWhileRendering();
    const spent = await chargedCredits(a);
    await a.sim.control({ action: 'configure', config: { faults: { rate429Rate: 1 } } });
    a.selectRows(4, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    expect(rowOf(a, 4)).toMatchObject({ 'Video Status': 'sending', 'Campaign ID': c.id, 'Lead ID': '' });
    await a.sim.control({ action: 'configure', config: { faults: { rate429Rate: 0 } } });
    await finishesInItsPart(c, spent);
  });
});

describe('sending rows within the budget', () => {
  it('should ask for row visibility only of rows that would be sent', async () => {
    a = await startAddon();
    a.connect();
    await pushed(a, 300);
    a.sheet([], HEADERS, 'Scratch');
    a.gas.spreadsheet.setActiveSheet(a.gas.spreadsheet.getSheetByName('Leads')!);
    a.selectRows(2, 301);
    a.gas.counters.reset();
    expect(a.call('getActiveContext')).toMatchObject({ ok: true, selection: { rows: 300 }, sampleRow: null });
    expect(a.call('getSidebarState')).toMatchObject({ ok: true });
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, alreadySent: 300 });
    expect(a.gas.counters.byMember['Sheet.isRowHiddenByUser'] ?? 0).toBe(0);
  });
});

describe('the part people went to', () => {
  it('should say when the people added went to a new part, and not when they joined the open one', async () => {
    const a = await startAddon();
    try {
      a.connect();
      await pushed(a, 3);
      const first = a.call<any>('addSelectedRows');
      expect(first).toMatchObject({ ok: true, alreadySent: 3 });
      expect(first).not.toHaveProperty('newParts');
      expect(a.generate()).toMatchObject({ ok: true });
      const sheet = a.gas.spreadsheet.getActiveSheet();
      const add = (from: number) => {
        for (let i = 0; i < 2; i++) sheet.appendRow(leadRow(from + i));
        a.selectRows(sheet.getLastRow() - 1, sheet.getLastRow());
        return a.call<any>('addSelectedRows');
      };
      // The first part was generated: it takes nobody new (docs/rules.md#parts).
      expect(add(10)).toMatchObject({ ok: true, added: 2, newParts: 1 });
      const joined = add(20);
      expect(joined).toMatchObject({ ok: true, added: 2 });
      expect(joined).not.toHaveProperty('newParts');
    } finally {
      await a.close();
    }
  });
});
