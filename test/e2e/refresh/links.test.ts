// Links reaching their rows (docs/rules.md#links-when-ready): every video on its own row, only when ready.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { HEADERS, leadRow, startAddon, type Addon, columnLetter } from '../harness';
import { leadsOf, FIVE_MINUTES, unprotect, mainLeads, ready, expectSheetMatchesSimulator } from '../steps';

jest.setTimeout(300_000);

/** src/refresh/refresh.ts HUNT_LIMIT: rows polled a pass, at most, while renders run. */
const HUNT_LIMIT = 50;

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('links at the edges', () => {
  describe('a finished video is never shown as failed', () => {
    it('should poll instead of guessing when the tab does not hold the whole campaign', async () => {
      a = await startAddon({ videoReadyLagMs: 12 * 60_000, concurrency: 10 });
      a.connect();
      const data = Array.from({ length: 10 }, (_, i) => leadRow(i));
      a.sheet(data);
      const c = a.createCampaign();
      a.selectRows(2, 11);
      a.call('addSelectedRows');
      // A row deleted: the tab no longer holds the whole campaign.
      a.gas.spreadsheet.getActiveSheet().deleteRow(11);
      await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p3@example.com'] } } });
      a.generate();
      let runs = 0;
      while (a.gas.triggers.length > 0 && runs < 40) {
        a.gas.clock.advance(FIVE_MINUTES);
        a.gas.fireTimeTriggers();
        runs++;
        const byId = new Map((await leadsOf(a, c.id)).map((l) => [l.id, l]));
        for (const r of a.rows()) {
          if (r['Video Status'] === 'failed') expect(byId.get(String(r['Lead ID']))!.status).toBe('failed');
        }
      }
      const byId = new Map((await leadsOf(a, c.id)).map((l) => [l.id, l]));
      for (const r of a.rows()) {
        const lead = byId.get(String(r['Lead ID']))!;
        expect(r['Video Status']).toBe(lead.status);
        expect(r['Video URL']).toBe(lead.videoReady ? lead.videoUrl : '');
      }
      expect(a.rows().filter((r) => r['Video Status'] === 'complete')).toHaveLength(8);
    });
  });

  describe("the person's own cells survive", () => {
    it('should write only the rows it sends and refreshes, leaving a formula in a row between them', async () => {
      a = await startAddon();
      a.connect();
      const outputs = ['Lead ID', 'Campaign ID', 'Page URL', 'Video URL', 'Video Status', 'Video Note'];
      const blank = outputs.map(() => '');
      const sheet = a.sheet(
        [
          [...leadRow(1), ...blank],
          [...leadRow(2), ...blank],
          [...leadRow(3), ...blank],
        ],
        [...HEADERS, ...outputs],
      );
      const c = a.createCampaign();
      // The person keeps a formula in row 3's note; rows 2 and 4 are sent, row 3 is not.
      const note = HEADERS.length + outputs.length;
      sheet.setValuesRaw([[a.gas.formula('=LEN(A3)', 5)]], 3, note);
      a.gas.spreadsheet.select(sheet, ['A2', 'A4']);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
      expect(sheet.getRange(3, note).getFormula()).toBe('=LEN(A3)');
      a.generate();
      a.runTimerUntilDone();
      expect(sheet.getRange(3, note).getFormula()).toBe('=LEN(A3)');
      expect(a.rows().filter((r) => r['Video Status'] === 'complete')).toHaveLength(2);
      expect(c.id).toBeTruthy();
    });
  });
});

describe('links into protected cells', () => {
  it('should keep the sentence for the sidebar when a timer run cannot write a protected Video URL, and fill it in once it can', async () => {
    a = await startAddon({ stageMs: 1000 });
    a.connect();
    a.pushedCampaign(3);
    const sheet = a.gas.spreadsheet.getActiveSheet();
    const col = columnLetter(a.rows().length && Object.keys(a.rows()[0]!).indexOf('Video URL') + 1);
    a.gas.spreadsheet.protectRange(sheet, `${col}1:${col}`, ['owner@example.com']);
    expect(a.generate()).toMatchObject({ ok: true });
    a.gas.clock.advance(5 * 60_000);
    a.gas.fireTimeTriggers({ tolerateErrors: true });
    expect(a.call('getSidebarState').lastRefresh).toMatchObject({ error: expect.stringMatching(/protected/) });
    expect(a.column('Video URL', sheet)).toEqual(['', '', '']);
    unprotect(a);
    a.runTimerUntilDone();
    expect(a.column('Video Status', sheet)).toEqual(['complete', 'complete', 'complete']);
    expect(a.column('Video URL', sheet).every((u) => /\/video$/.test(String(u)))).toBe(true);
  });
});

describe('links only when ready', () => {
  it('should write no Page URL or Video URL before a video is ready, and none on failed or cancelled rows', async () => {
    a = await startAddon({ concurrency: 2, faults: { failPeople: ['p1@example.com'] } });
    a.connect();
    a.sheet(Array.from({ length: 8 }, (_, i) => leadRow(i)));
    a.createCampaign();
    a.selectRows(2, 9);
    a.call('addSelectedRows');
    const links = () => a.rows().filter((r) => r['Page URL'] || r['Video URL']);
    expect(links()).toEqual([]);
    expect(a.generate()).toMatchObject({ ok: true });
    let sawRendering = false;
    for (let run = 0; run < 40 && a.gas.triggers.length > 0; run++) {
      a.gas.clock.advance(20_000);
      expect(a.call('refreshNow')).toMatchObject({ ok: true });
      const leads = new Map((await mainLeads(a)).map((l) => [l.id, l]));
      for (const r of a.rows()) {
        const lead = leads.get(String(r['Lead ID']))!;
        if (r['Video Status'] === 'rendering') sawRendering = true;
        if (r['Page URL'] || r['Video URL']) expect([lead.videoReady, r['Video Status']]).toEqual([true, 'complete']);
      }
      if (a.rows().filter((r) => r['Video Status'] === 'complete').length >= 2) break;
    }
    expect(sawRendering).toBe(true);
    a.stop();
    a.runTimerUntilDone();
    const rows = a.rows();
    expect(rows.find((r) => r['Email'] === 'p1@example.com')).toMatchObject({ 'Video Status': 'failed', 'Page URL': '', 'Video URL': '' });
    expect(rows.filter((r) => r['Video Status'] === 'cancelled').length).toBeGreaterThan(0);
    for (const r of rows) {
      if (r['Video Status'] === 'complete') expect(String(r['Page URL'])).toMatch(/\/p\//);
      else expect([r['Page URL'], r['Video URL']]).toEqual(['', '']);
    }
  });
});

describe('links reaching their rows', () => {
  it('should fill every row with its video after generate, on the timer, matching the simulator', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(50));
    const est = a.call('getEstimate');
    expect(est).toMatchObject({ ok: true, leads: 50, affordable: true });
    const gen = a.generate();
    expect(gen).toMatchObject({ ok: true, started: 50, autoRefresh: { on: true, intervalMinutes: 5 } });
    expect(a.gas.triggers).toHaveLength(1);
    a.runTimerUntilDone();
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.column('Video Status').every((s) => s === 'complete')).toBe(true);
    await expectSheetMatchesSimulator(a, campaignId);
    const state = a.call('getSidebarState');
    expect(state.lastRefresh).toMatchObject({ error: null });
  });

  it('should put each video on its own row when rows are sorted, inserted and deleted while rendering', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(30, { concurrency: 5 }));
    a.generate();
    a.gas.clock.advance(FIVE_MINUTES);
    a.gas.fireTimeTriggers();
    const sheet = a.gas.spreadsheet.getActiveSheet();
    sheet.sortBy(2, false);
    sheet.insertRowsBefore(5, 2);
    sheet.deleteRow(12);
    a.runTimerUntilDone();
    expect(a.column('Video Status').filter((s) => s === 'complete')).toHaveLength(29);
    await expectSheetMatchesSimulator(a, campaignId);
  });

  it('should say so on a row whose page expired, and leave no dead page link', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(4));
    a.generate();
    const leadId = String(a.column('Lead ID')[0]);
    await a.sim.control({ action: 'expirePage', leadId });
    a.runTimerUntilDone();
    const row = a.rows().find((r) => r['Lead ID'] === leadId)!;
    expect(row['Video Note']).toMatch(/page has expired/);
    expect(row['Page URL']).toBe('');
    await expectSheetMatchesSimulator(a, campaignId);
  });

  it('should keep looking at a finished lead whose file comes late, although the counts no longer change', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(5, { videoReadyLagMs: 12 * 60_000 }));
    a.generate();
    a.gas.clock.advance(FIVE_MINUTES);
    a.gas.fireTimeTriggers();
    expect((await a.state()).campaigns.find((c) => c.id === campaignId)!.leads.every((l) => l.status === 'complete' && !l.videoReady)).toBe(true);
    expect(a.column('Video Status')).toEqual(Array(5).fill('rendering'));
    a.runTimerUntilDone();
    expect(a.gas.triggers).toHaveLength(0);
    expect(a.column('Video URL').every((u) => String(u).endsWith('/video'))).toBe(true);
    await expectSheetMatchesSimulator(a, campaignId);
  });

  it('should complete every row of a 600-lead campaign although the videos list stops at 500', async () => {
    let campaignId: string;
    ({ a, campaignId } = await ready(600, { concurrency: 600 }));
    a.generate();
    a.runTimerUntilDone();
    expect(a.column('Video Status').filter((s) => s === 'complete')).toHaveLength(600);
    expect(a.column('Video URL').every((u) => String(u).endsWith('/video'))).toBe(true);
    await expectSheetMatchesSimulator(a, campaignId);
  });

  describe('a 1,000-lead campaign past the 500 the videos list holds', () => {
    const WAVE_MS = 30_000;

    /** refreshNow after each 30 s render wave of 200 videos until nothing is left; each pass's requests by kind. */
    async function passesWhileRendering(a: Addon): Promise<{ total: number; leads: number }[]> {
      const passes: { total: number; leads: number }[] = [];
      for (let i = 0; i < 12 && a.column('Video Status').some((s) => s !== 'complete'); i++) {
        a.gas.clock.advance(WAVE_MS);
        await a.sim.control({ action: 'clearRequests' });
        expect(a.call('refreshNow').ok).toBe(true);
        const reqs = await a.requests();
        passes.push({ total: reqs.length, leads: reqs.filter((r) => r.path.startsWith('/leads/')).length });
      }
      return passes;
    }

    it.each(['newest', 'oldest'] as const)(
      'should split 1,000 leads into parts of 500 and fill every link from the lists, never polling leads (list keeps the %s)',
      async (videosOrder) => {
        let campaignId: string;
        ({ a, campaignId } = await ready(1000, { concurrency: 200, videosOrder }));
        expect(new Set(a.column('Campaign ID')).size).toBe(2);
        a.generate();
        const passes = await passesWhileRendering(a);
        expect(passes.length).toBeGreaterThanOrEqual(3);
        // One list, then per changed part a detail and a videos list.
        expect(passes.every((p) => p.leads === 0 && p.total <= 5)).toBe(true);
        expect(a.column('Video URL').every((u) => String(u).endsWith('/video'))).toBe(true);
        await expectSheetMatchesSimulator(a, campaignId);
        await a.sim.control({ action: 'clearRequests' });
        a.call('refreshNow');
        expect((await a.requests()).length).toBeLessThanOrEqual(1);
      },
    );

    it('should hunt the videos the list leaves out of a one-part campaign a few rows a pass, and cost one request when nothing changed', async () => {
      let campaignId: string;
      ({ a, campaignId } = await ready(1000, { concurrency: 100, videosOrder: 'oldest' }, true));
      expect(new Set(a.column('Campaign ID'))).toEqual(new Set([campaignId]));
      a.generate();
      a.gas.clock.advance(6 * WAVE_MS);
      await a.sim.control({ action: 'configure', config: { faults: { stall: true } } });
      await a.sim.control({ action: 'clearRequests' });
      a.call('refreshNow');
      const first = await a.requests();
      expect(first.filter((r) => r.path.startsWith('/leads/')).length).toBe(HUNT_LIMIT);
      await a.sim.control({ action: 'clearRequests' });
      a.call('refreshNow');
      expect(await a.requests()).toHaveLength(1);
      await a.sim.control({ action: 'configure', config: { faults: { stall: false } } });
      const passes = await passesWhileRendering(a);
      // Renders run through every pass but the last, which polls whatever the list still leaves out.
      const last = passes.pop()!;
      expect(passes.length).toBeGreaterThanOrEqual(3);
      expect(Math.max(...passes.map((p) => p.total))).toBeLessThanOrEqual(3 + HUNT_LIMIT);
      expect(last.leads).toBeLessThan(500);
      a.runTimerUntilDone();
      expect(a.column('Video URL').every((u) => String(u).endsWith('/video'))).toBe(true);
      await expectSheetMatchesSimulator(a, campaignId);
    });
  });
});

describe('links over many parts', () => {
  describe('a row of a campaign the key cannot see', () => {
    it('should leave that row alone with a note, refresh the rest, and switch the timer off once the rest is done', async () => {
      a = await startAddon();
      a.connect();
      const c = a.pushedCampaign(4);
      // A row of another workspace's campaign, pasted into the tab.
      const foreign = a.gas.spreadsheet.getActiveSheet();
      const head = foreign.getDataRange().getValues()[0] as string[];
      const row = head.map(
        (h) =>
          (
            ({ 'First name': 'Ola', Company: 'Elsewhere', 'Lead ID': 'l_elsewhere', 'Campaign ID': 'c_elsewhere', 'Video Status': 'pending' }) as Record<
              string,
              string
            >
          )[h] ?? '',
      );
      foreign.appendRow(row);
      expect(a.generate()).toMatchObject({ ok: true });
      a.gas.clock.advance(5 * 60_000);
      const r = a.call('refreshNow');
      expect(r).toMatchObject({ ok: true });
      const rows = a.rows();
      const pasted = rows.find((x) => x['Lead ID'] === 'l_elsewhere')!;
      expect(pasted['Video Status']).toBe('pending');
      expect(String(pasted['Video Note'])).toMatch(/c_elsewhere was not found/);
      expect(rows.filter((x) => x['Campaign ID'] === c.id).every((x) => x['Video Status'] === 'complete')).toBe(true);
      a.runTimerUntilDone(5);
      expect(a.gas.triggers).toHaveLength(0);
    });
  });
});
