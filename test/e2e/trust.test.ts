// The trust promise at its edges (issue: money only where the person looked, ids only on their rows,
// nothing lost or sent twice), each case end to end: built bundle, stand-in, simulator.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../scripts/build';
import { AppsScriptStandin } from '../../dev/standin';
import { SIM_KEYS, SIM_PRICES } from '../../dev/sim/types';
import { HEADERS, leadRow, startAddon, type Addon } from './harness';
import { NO_SUCH_CAMPAIGN } from '../../src/server/calls/connection';

jest.setTimeout(180_000);

const FIVE_MINUTES = 5 * 60_000;
const LEADS_POST = '^POST /campaigns/[^/]+/leads$';

async function leadsOf(a: Addon, campaignId: string) {
  return (await a.state()).campaigns.find((c) => c.id === campaignId)!.leads;
}

async function charges(a: Addon, campaignId: string): Promise<number> {
  return (await a.state()).ledger.filter((e) => e.campaignId === campaignId && e.kind === 'charge').reduce((n, e) => n + e.credits, 0);
}

describe('trust at the edges', () => {
  let a: Addon;
  afterEach(async () => {
    await a?.close();
  });

  describe('1. money goes only where the person looked', () => {
    it("should refuse a generate or stop confirmed on another tab's campaign, charging nothing", async () => {
      a = await startAddon();
      a.connect();
      a.sheet([leadRow(1)], HEADERS, 'Small');
      const small = a.createCampaign('Small');
      a.selectRows(2, 2);
      a.call('addSelectedRows');
      const shown = a.call('getEstimate');
      expect(shown).toMatchObject({ ok: true, leads: 1 });

      a.sheet(
        Array.from({ length: 30 }, (_, i) => leadRow(100 + i)),
        HEADERS,
        'Big',
      );
      const big = a.createCampaign('Big');
      a.selectRows(2, 31);
      a.call('addSelectedRows');

      const gen = a.call('startGenerate', { campaignId: small.id, high: shown.high });
      expect(gen).toMatchObject({ ok: false, error: { code: 'campaign_changed' }, campaign: { id: big.id } });
      expect(a.call('stopCampaign', { campaignId: small.id })).toMatchObject({ ok: false, error: { code: 'campaign_changed' } });
      expect(a.call('startPreview', { campaignId: small.id })).toMatchObject({ ok: false, error: { code: 'campaign_changed' } });
      const writes = (await a.requests()).filter((r) => /\/(generate|preview|stop)$/.test(r.path) && !r.path.includes(NO_SUCH_CAMPAIGN));
      expect(writes).toEqual([]);
      expect(await charges(a, big.id)).toBe(0);
      expect(await charges(a, small.id)).toBe(0);
    });

    it('should refuse a generate whose fresh estimate is above the confirmed figure, with the new figures', async () => {
      a = await startAddon();
      a.connect();
      a.sheet(Array.from({ length: 6 }, (_, i) => leadRow(i)));
      const c = a.createCampaign();
      a.selectRows(2, 2);
      a.call('addSelectedRows');
      const confirmed = a.call('getEstimate').high;
      // Someone adds people while the confirmation is open.
      a.selectRows(3, 7);
      a.call('addSelectedRows');
      const r = a.generate(confirmed);
      expect(r).toMatchObject({ ok: false, error: { code: 'quote_changed' }, estimate: { leads: 6, high: 6 * (SIM_PRICES.video + SIM_PRICES.lookup) } });
      expect(await charges(a, c.id)).toBe(0);
      expect(a.generate(r.estimate.high)).toMatchObject({ ok: true, started: 6 });
    });
  });

  it('should see people added to one part of several after the estimate, and ask again', async () => {
    a = await startAddon();
    a.connect();
    a.sheet(Array.from({ length: 610 }, (_, i) => leadRow(i)));
    a.createCampaign();
    a.selectRows(2, 601);
    a.call('addSelectedRows');
    const confirmed = a.call('getEstimate').high;
    a.selectRows(602, 611);
    a.call('addSelectedRows');
    const r = a.generate(confirmed);
    expect(r).toMatchObject({ ok: false, error: { code: 'quote_changed' }, estimate: { leads: 610 } });
    expect((await a.requests()).filter((q) => q.path.endsWith('/generate'))).toEqual([]);
  });

  describe('2. ids only on their rows', () => {
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

  describe('3. nobody added twice after a lost or unreadable answer', () => {
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

  describe('4. no "try again" after a charge that happened', () => {
    it('should report a preview answered by a 502 after it charged as an unknown outcome, sent once', async () => {
      a = await startAddon();
      a.connect();
      const c = a.pushedCampaign(5);
      await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/preview$' } } });
      const r = a.preview();
      expect(r).toMatchObject({ ok: false, error: { code: 'network' } });
      expect(r.error.message).toMatch(/may have started and charged/);
      expect(r.error.message).not.toMatch(/try again/i);
      expect(r.progress).toMatchObject({ campaignId: c.id });
      expect((await a.requests()).filter((q) => q.path.endsWith('/preview'))).toHaveLength(1);
      expect(await charges(a, c.id)).toBeGreaterThan(0);
    });

    it('should find a campaign whose create was answered by a 502, and make only one', async () => {
      a = await startAddon();
      a.connect();
      a.sheet([leadRow(1)]);
      await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns$' } } });
      const r = a.call('createCampaign', { templateId: 'tpl_ready', name: 'Gateway' });
      expect(r).toMatchObject({ ok: true, campaign: { name: 'Gateway' } });
      expect((await a.state()).campaigns.filter((c) => c.name === 'Gateway')).toHaveLength(1);
    });

    it('should never send stop twice when its answer is a 502, and show the state instead of "0 cancelled"', async () => {
      a = await startAddon({ concurrency: 2, stageMs: 20_000 });
      a.connect();
      const c = a.pushedCampaign(10);
      a.generate();
      await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/stop$' } } });
      const r = a.stop();
      expect(r).toMatchObject({ ok: false, error: { code: 'network' } });
      expect(r.error.message).toMatch(/may have stopped/);
      expect(r.error.message).not.toMatch(/0 cancelled|try again/i);
      // The key's write check on saving (a stop of no campaign) is not a stop of this one.
      expect((await a.requests()).filter((q) => q.path.endsWith('/stop') && !q.path.includes(NO_SUCH_CAMPAIGN))).toHaveLength(1);
      expect((await leadsOf(a, c.id)).filter((l) => l.status === 'cancelled').length).toBeGreaterThan(0);
    });

    it('should answer a generate whose reply is an HTML 502 as unknown, sent once, with the state read after', async () => {
      a = await startAddon();
      a.connect();
      const c = a.pushedCampaign(4);
      await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      const r = a.generate();
      expect(r).toMatchObject({ ok: false, error: { code: 'network' }, progress: { campaignId: c.id } });
      expect((await a.requests()).filter((q) => q.path.endsWith('/generate'))).toHaveLength(1);
      expect(await charges(a, c.id)).toBe(4 * (SIM_PRICES.video + SIM_PRICES.lookup));
    });
  });

  describe('5. a finished video is never shown as failed', () => {
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

  describe("6. the person's own cells survive", () => {
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

  describe("7. another person's timer leaves your rows alone", () => {
    it("should refresh only the tabs whose auto-refresh the timer's owner switched on, and never write over a 404 of another key", async () => {
      a = await startAddon({ concurrency: 5 });
      a.gas.setUser('alice@example.com');
      a.connect();
      a.sheet(
        Array.from({ length: 6 }, (_, i) => leadRow(i)),
        HEADERS,
        'Alice',
      );
      const alice = a.createCampaign('Alice outreach');
      a.selectRows(2, 7);
      a.call('addSelectedRows');
      expect(a.generate()).toMatchObject({ ok: true });

      a.gas.setUser('bob@example.com');
      a.connect(SIM_KEYS.other);
      a.sheet([leadRow(50)], HEADERS, 'Bob');
      const bobTemplates = a.call('listTemplates').templates;
      const bob = a.call('createCampaign', { templateId: bobTemplates.find((t: any) => t.usable).id, name: 'Bob outreach' });
      expect(bob.ok).toBe(true);
      a.selectRows(2, 2);
      a.call('addSelectedRows');
      expect(a.generate()).toMatchObject({ ok: true });
      // Bob looks at Alice's tab with his key: 404, and nothing of hers changes.
      const aliceTab = a.gas.spreadsheet.getSheetByName('Alice')!;
      a.gas.spreadsheet.setActiveSheet(aliceTab);
      const before = JSON.stringify(aliceTab.getDataRange().getValues());
      expect(a.call('getProgress')).toMatchObject({ ok: false, error: { code: 'not_found' } });
      expect(a.call('refreshNow')).toMatchObject({ ok: false });
      expect(JSON.stringify(aliceTab.getDataRange().getValues())).toBe(before);
      const shared = a.call('getSidebarState');
      expect(shared.autoRefresh).toMatchObject({ on: true, owner: { you: false, keyHint: expect.stringContaining('1a2b') } });
      expect(shared.lastRefresh).toBeNull();

      expect(a.gas.triggers.map((t) => t.user).sort()).toEqual(['alice@example.com', 'bob@example.com']);
      a.runTimerUntilDone();
      a.gas.setUser('alice@example.com');
      a.gas.spreadsheet.setActiveSheet(aliceTab);
      const rows = a.rows(aliceTab);
      expect(rows.every((r) => r['Video Status'] === 'complete')).toBe(true);
      expect(rows.some((r) => /no longer exists/.test(String(r['Video Note'])))).toBe(false);
      expect(await leadsOf(a, alice.id)).toHaveLength(6);
    });
  });

  describe('8. the key stays with its host', () => {
    it('should not send the saved key to a new address saved with the key field empty', async () => {
      a = await startAddon();
      a.connect();
      await a.sim.control({ action: 'clearRequests' });
      const otherHost = a.sim.baseUrl.replace('127.0.0.1', 'localhost');
      const r = a.call('saveSettings', { baseUrl: otherHost, apiKey: '' });
      expect(r).toMatchObject({ ok: false, error: { code: 'no_settings', message: expect.stringMatching(/Type the API key again for localhost/) } });
      expect(await a.requests()).toEqual([]);
      expect(a.call('saveSettings', { baseUrl: otherHost, apiKey: SIM_KEYS.write })).toMatchObject({ ok: true });
    });

    it("should refuse, in a sentence, an address outside a published build's allowlist", async () => {
      const dir = mkdtempSync(join(tmpdir(), 'trust-allowlist-'));
      try {
        const bundlePath = join(dir, 'Code.js');
        await buildServer({ allowlist: ['https://api.example.com/'], file: bundlePath });
        writeFileSync(join(dir, 'appsscript.json'), JSON.stringify({ urlFetchWhitelist: ['https://api.example.com/'] }));
        writeFileSync(join(dir, 'Sidebar.html'), '<html></html>');
        const gas = new AppsScriptStandin({ bundlePath, addonMode: true });
        const r = gas.call<any>('saveSettings', { baseUrl: 'https://other.example.org/api/v1', apiKey: 'sk_x' });
        expect(r).toMatchObject({ ok: false, error: { code: 'bad_input', message: expect.stringMatching(/may only reach https:\/\/api\.example\.com\//) } });
        expect(gas.fetches).toEqual([]);
        await gas.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('9. two rows, one person', () => {
    it('should flag the later of two selected rows with the same email, naming the row it repeats', async () => {
      a = await startAddon();
      a.connect();
      a.sheet([leadRow(1), leadRow(2, { email: 'p1@example.com', first: 'Other' }), leadRow(3)]);
      const c = a.createCampaign();
      a.selectRows(2, 4);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2, invalid: 1 });
      const dup = a.rows()[1]!;
      expect(dup['Video Status']).toBe('invalid');
      expect(String(dup['Video Note'])).toMatch(/Same person as row 2 \(same email\)/);
      expect(a.rows().filter((r) => r['Video Status'] === 'sending')).toEqual([]);
      expect(await leadsOf(a, c.id)).toHaveLength(2);
    });
  });
});
