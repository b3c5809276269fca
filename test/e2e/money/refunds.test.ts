// Refunds (docs/rules.md#refunds): only of what was charged, booked once under the key that paid, whoever saw the failure first.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, quota-rolling, sheets-metered (readings of jest.config.cjs this file is not run under)
import { SIM_KEYS } from '../../../dev/sim/types';
import { keyHint } from '../../../src/records/settings';
import { HEADERS, leadRow, startAddon, type Addon, renderAll } from '../harness';
import { creditsRows, UNKNOWN_CHARGE, addRows, colleagueCampaigns, netCharged, pushed, simParts } from '../steps';
import { loadParts } from '../../../src/records/parts-record';
import { holds, rangesBy } from './figures';

jest.setTimeout(180_000);

const COLLEAGUE = 'colleague@example.com';

function refundRows(a: Addon) {
  return creditsRows(a).filter((r) => r.Action === 'refund');
}

async function simRefunds(a: Addon, reason: RegExp): Promise<number> {
  return (await a.state()).ledger.filter((e) => e.kind === 'refund' && reason.test(e.reason)).reduce((n, e) => n + e.credits, 0);
}

/** Runs the timer until the simulator's failures have all come back, then once more. */
async function untilRefunded(a: Addon, refunds: number) {
  for (let i = 0; i < 12 && (await a.state()).ledger.filter((e) => e.kind === 'refund').length < refunds; i++) {
    a.gas.clock.advance(60_000);
  }
}

/** Lets the simulator's renders finish (no timer fires). */
async function untilQuiet(a: Addon) {
  for (let i = 0; i < 60 && (await a.state()).campaigns.some((c) => c.leads.some((l) => l.status === 'rendering')); i++) a.gas.clock.advance(60_000);
}

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('refunds', () => {
  describe('refunds of a Stop', () => {
    it('should refund only the charged people a Stop cancelled before they started, never people never generated', async () => {
      a = await startAddon({ concurrency: 1, stageMs: 60_000 });
      a.connect();
      a.pushedCampaign(10);
      const preview = a.preview();
      expect(preview).toMatchObject({ ok: true, made: 3 });
      const stop = a.stop();
      expect(stop).toMatchObject({ ok: true, stopped: 9 });
      const back = await simRefunds(a, /stopped before it started/);
      expect(back).toBe(2 * (preview.creditsCharged / 3));
      const row = creditsRows(a).find((r) => r.Action === 'stop')!;
      expect(row['Credits charged']).toBe(-back);
      const est = a.call('getEstimate');
      expect(est.chargedToday).toBe(preview.creditsCharged - back);
      expect(est.chargedToday).toBeGreaterThan(0);
    });
    it('should give back nothing it cannot prove of a part the list no longer shows, when another document added people to it', async () => {
      a = await startAddon({ concurrency: 100, failRate: 0, stageMs: 60_000 });
      a.connect();
      await pushed(a, 600);
      const small = (await simParts(a, 'Leads campaign'))[1]!;
      expect(a.generate()).toMatchObject({ ok: true, started: 600, parts: 2 });
      // The small part finishes while the full one still renders; then a copy of the spreadsheet sends two more people to
      // the small part (on the service, as its Add does): they wait, never charged.
      for (let i = 0; i < 10 && (await simParts(a, 'Leads campaign'))[1]!.leads.some((l) => l.status !== 'complete'); i++) a.gas.clock.advance(60_000);
      const res = await fetch(`${a.sim.baseUrl}/campaigns/${small.id}/leads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SIM_KEYS.write}`, 'content-type': 'application/json' },
        body: JSON.stringify({ people: [900, 901].map((i) => ({ firstName: `Person${i}`, company: `Company ${i}`, email: `p${i}@example.com` })) }),
      });
      expect(res.status).toBe(200);
      // A colleague's newer campaigns push both parts out of the list of 100.
      await colleagueCampaigns(a, 100);
      await a.sim.control({ action: 'clearRequests' });
      expect(a.stop()).toMatchObject({ ok: true, status: 'stopped' });
      expect((await a.requests()).length).toBeLessThanOrEqual(3);
      // The record never gives back more than the service did: the day's spend is never below what it took.
      expect(await simRefunds(a, /stopped before it started/)).toBeGreaterThan(0);
      expect(a.call('getSidebarState').limit.spentToday).toBeGreaterThanOrEqual(await netCharged(a));
    });
  });

  describe('refunds of failed videos', () => {
    it('should book a failure once under the paying key, though a colleague with their own key saw it first and a poll overlapped the timer', async () => {
      a = await startAddon({ faults: { failPeople: ['p1@example.com', 'p2@example.com'] } });
      a.connect();
      const owner = a.gas.user;
      a.pushedCampaign(4);
      const gen = a.generate();
      expect(gen).toMatchObject({ ok: true, started: 4 });
      const payer = a.call('getSidebarState').settings.keyHint as string;
      await untilRefunded(a, 2);
      // A colleague watching with their own (read-only) key sees the failures first.
      a.gas.setUser(COLLEAGUE);
      a.connect(SIM_KEYS.readOnly);
      expect(a.call('getSidebarState').settings.keyHint).not.toBe(payer);
      expect(a.call('getProgress')).toMatchObject({ ok: true });
      expect(refundRows(a)).toHaveLength(1);
      expect(refundRows(a)[0]).toMatchObject({ Key: payer, People: 2 });
      // The payer's timer runs while their sidebar polls, and both read the same failures.
      a.gas.setUser(owner);
      a.gas.duringFetch(/^GET .*\/campaigns\b/, () => {
        a.call('getProgress');
      });
      a.gas.clock.advance(5 * 60_000);
      a.gas.fireTimeTriggers();
      a.call('getProgress');
      expect(refundRows(a)).toHaveLength(1);
      const back = await simRefunds(a, /./);
      expect(refundRows(a)[0]!['Credits charged']).toBe(-back);
      // The payer's figure is what the service took; the colleague's is nothing.
      expect(a.call('getEstimate').chargedToday).toBe(gen.creditsCharged - back);
      a.gas.setUser(COLLEAGUE);
      expect(a.call('getEstimate').chargedToday).toBe(0);
    });
  });

  describe('a poll overlapping the timer', () => {
    it('should book the failures both read in one refund row', async () => {
      a = await startAddon({ faults: { failPeople: ['p1@example.com'] } });
      a.connect();
      a.pushedCampaign(3);
      expect(a.generate()).toMatchObject({ ok: true, started: 3 });
      await untilRefunded(a, 1);
      // The timer's run reads the campaign list; the sidebar's poll lands meanwhile and reads the same failure.
      a.gas.duringFetch(/^GET .*\/campaigns\b/, () => {
        expect(a.call('getProgress')).toMatchObject({ ok: true });
      });
      a.gas.clock.advance(5 * 60_000);
      a.gas.fireTimeTriggers();
      a.call('getProgress');
      expect(refundRows(a)).toHaveLength(1);
      expect(refundRows(a)[0]!['Credits charged']).toBe(-(await simRefunds(a, /./)));
      // One video, said as one.
      expect(String(refundRows(a)[0]!.Note)).toMatch(/^1 video failed; the service gives its credits back/);
    });
  });
  describe('the record against the service', () => {
    it("should hold, per key and per part, what the service's ledger holds after a whole session", async () => {
      a = await startAddon({ concurrency: 2, stageMs: 40_000, faults: { failPeople: ['p4@example.com', 'p103@example.com'] } });
      a.connect();
      const owner = a.gas.user;
      a.call('setSpendingLimit', { creditsPerDay: 10_000 });
      a.pushedCampaign(8);
      expect(a.preview()).toMatchObject({ ok: true, made: 3 });
      await untilQuiet(a);
      a.call('getProgress');
      expect(a.generate()).toMatchObject({ ok: true, parts: 1 });
      // A second part whose Generate is answered by a gateway timeout and commits 5 seconds later.
      addRows(a, 100, 6);
      await a.sim.control({ action: 'configure', config: { faults: { lateReplies: 1, lateMs: 5000, dropMatch: '^POST /campaigns/[^/]+/generate$' } } });
      expect(a.generate()).toMatchObject({ ok: false, error: { code: 'network' } });
      a.gas.clock.advance(10_000);
      expect(a.call('getProgress').unsettled ?? null).toBeNull();
      // A colleague watches with their own key while things fail.
      a.gas.clock.advance(4 * 60_000);
      a.gas.setUser(COLLEAGUE);
      a.connect(SIM_KEYS.readOnly);
      a.call('getProgress');
      a.gas.setUser(owner);
      a.call('getProgress');
      // A stop over both parts, with renders queued in each.
      expect(a.stop()).toMatchObject({ ok: true });
      a.gas.setUser(COLLEAGUE);
      a.call('getProgress');
      a.gas.setUser(owner);
      for (let i = 0; i < 20 && a.gas.triggers.length > 0; i++) {
        a.gas.clock.advance(5 * 60_000);
        a.gas.fireTimeTriggers();
        a.call('getProgress');
      }
      const sim = await a.state();
      expect(sim.ledger.filter((e) => e.kind === 'refund').length).toBeGreaterThan(0);
      const rows = creditsRows(a);
      // Every row is settled: exact where the service or the balance said, a range where only the counts did.
      expect(rows.every((r) => r['Credits charged'] !== UNKNOWN_CHARGE)).toBe(true);
      const net = (pairs: [string, number][]) => pairs.reduce<Record<string, number>>((m, [k, n]) => ({ ...m, [k]: (m[k] ?? 0) + n }), {});
      const service = net(sim.ledger.map((e) => [e.campaignId, e.kind === 'charge' ? e.credits : -e.credits] as [string, number]));
      const book = rangesBy(rows, (r) => String(r.Part));
      expect(Object.keys(book).sort()).toEqual(Object.keys(service).sort());
      for (const [part, n] of Object.entries(service)) expect(holds(book[part]!, n)).toBe(true);
      const byKey = net(sim.ledger.map((e) => [keyHint(e.key ?? ''), e.kind === 'charge' ? e.credits : -e.credits]));
      const bookByKey = rangesBy(rows, (r) => String(r.Key));
      for (const [key, n] of Object.entries(byKey)) expect(holds(bookByKey[key]!, n)).toBe(true);
      const total = Object.values(service).reduce((x, y) => x + y, 0);
      const [, high] = bookByKey[keyHint(SIM_KEYS.write)]!;
      // The figure never below what the service took: the record's spending end.
      expect(high).toBeGreaterThanOrEqual(total);
      expect(a.call('getEstimate')).toMatchObject({ chargedToday: high, limit: { creditsPerDay: 10_000, spentToday: high } });
      a.gas.setUser(COLLEAGUE);
      expect(a.call('getEstimate').chargedToday).toBe(0);
    });
  });
});

describe('refunds in the record', () => {
  it("should record failed videos' credits coming back and a stop's refund, and count charged today net of them, per key", async () => {
    a = await startAddon({ concurrency: 2 });
    a.connect();
    a.sheet(
      Array.from({ length: 5 }, (_, i) => leadRow(i)),
      HEADERS,
    );
    const c = a.createCampaign('Refunds');
    a.selectRows(2, 6);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p1@example.com', 'p3@example.com'] } } });
    expect(a.generate()).toMatchObject({ ok: true, started: 5 });
    await renderAll(a, c.id);
    expect(a.call('getProgress')).toMatchObject({ ok: true, counts: { failed: 2 } });
    // A second read sees nothing new: one refund row for the two failures, never two.
    a.call('getProgress');
    const { ledger } = await a.state();
    const charged = ledger.filter((e) => e.kind === 'charge').reduce((n, e) => n + e.credits, 0);
    const refunded = ledger.filter((e) => e.kind === 'refund').reduce((n, e) => n + e.credits, 0);
    expect(refunded).toBeGreaterThan(0);
    const rows = a.rows(a.gas.spreadsheet.getSheetByName('Video credits')!);
    expect(rows.map((r) => r['Action'])).toEqual(['generate', 'refund']);
    expect(rows[1]).toMatchObject({ People: 2, 'Credits charged': -refunded, Key: '••••1a2b' });
    expect(a.call('getEstimate')).toMatchObject({ chargedToday: charged - refunded, unknownToday: 0 });
    // Another person with their own key (same workspace) has their own figure.
    a.gas.setUser('bob@example.com');
    a.call('saveSettings', { baseUrl: a.sim.baseUrl, apiKey: SIM_KEYS.lowCap });
    expect(a.call('getEstimate')).toMatchObject({ chargedToday: 0, unknownToday: 0 });
  });

  it("should record failed videos' credits coming back from the timer alone, with no sidebar open", async () => {
    a = await startAddon({ concurrency: 2 });
    a.connect();
    a.sheet(
      Array.from({ length: 5 }, (_, i) => leadRow(i)),
      HEADERS,
    );
    const c = a.createCampaign('Timer refunds');
    a.selectRows(2, 6);
    a.call('addSelectedRows');
    await a.sim.control({ action: 'configure', config: { faults: { failPeople: ['p2@example.com'] } } });
    expect(a.generate()).toMatchObject({ ok: true, started: 5 });
    await renderAll(a, c.id);
    a.runTimerUntilDone();
    const refunded = (await a.state()).ledger.filter((e) => e.kind === 'refund').reduce((n, e) => n + e.credits, 0);
    expect(refunded).toBeGreaterThan(0);
    const rows = a.rows(a.gas.spreadsheet.getSheetByName('Video credits')!);
    expect(rows.map((r) => r['Action'])).toEqual(['generate', 'refund']);
    expect(rows[1]).toMatchObject({ People: 1, 'Credits charged': -refunded, Part: c.id });
  });
});

describe('a Stop whose answer was lost', () => {
  /** Ten people generated, renders queued two at a time, and a Stop the service applies but whose answer is a gateway's page. */
  async function lostStop(): Promise<void> {
    a = await startAddon({ concurrency: 2, stageMs: 40_000 });
    a.connect();
    a.pushedCampaign(10);
    expect(a.generate()).toMatchObject({ ok: true });
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/stop$' } } });
    expect(a.stop()).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(stopRow()).toMatchObject({ Action: 'stop (outcome unknown)', 'Credits charged': UNKNOWN_CHARGE });
  }
  const stopRow = () => creditsRows(a).find((r) => String(r.Action).startsWith('stop'))!;

  /** The record's net per part equals the service's ledger. */
  async function recordMatchesLedger(): Promise<void> {
    const net = (pairs: [string, number][]) => pairs.reduce<Record<string, number>>((m, [k, n]) => ({ ...m, [k]: (m[k] ?? 0) + n }), {});
    const ledger = (await a.state()).ledger.map((e) => [e.campaignId, e.kind === 'charge' ? e.credits : -e.credits] as [string, number]);
    expect(net(creditsRows(a).map((r) => [String(r.Part), r['Credits charged'] as number]))).toEqual(net(ledger));
  }

  it("should complete its row from the part's counts in the sidebar's next poll, giving back what the service refunded", async () => {
    await lostStop();
    expect(a.call('getEstimate')).toMatchObject({ ok: true, unknownToday: 0 });
    a.call('getProgress');
    const back = await simRefunds(a, /stopped before it started/);
    expect(back).toBeGreaterThan(0);
    const cancelled = (await a.state()).campaigns.flatMap((c) => c.leads).filter((l) => l.status === 'cancelled').length;
    expect(stopRow()).toMatchObject({ 'Credits charged': -back, People: cancelled, Note: expect.stringMatching(/shows it stopped/) });
    await recordMatchesLedger();
  });

  it('should complete the second of two lost Stops of one part in one second on its own row, not on the first', async () => {
    await lostStop();
    // Stop pressed again in the same second: the first is settled from the part's counts before it is sent, and its own
    // answer is lost too.
    await a.sim.control({ action: 'configure', config: { faults: { html502Replies: 1, dropMatch: '^POST /campaigns/[^/]+/stop$' } } });
    expect(a.stop()).toMatchObject({ ok: false, error: { code: 'network' } });
    const stops = () => creditsRows(a).filter((r) => String(r.Action).startsWith('stop'));
    const [first, second] = stops();
    expect(second).toMatchObject({ When: first!.When, 'Credits charged': UNKNOWN_CHARGE });
    expect(first!['Credits charged']).not.toBe(UNKNOWN_CHARGE);
    a.call('getProgress');
    expect(stops()[0]).toEqual(first);
    expect(stops()[1]).toMatchObject({ 'Credits charged': expect.not.stringMatching(/unknown/), Note: expect.stringMatching(/shows it stopped/) });
    await recordMatchesLedger();
  });

  it('should keep in the parts record who a lost Stop cancelled when the Generate of a new part settles it', async () => {
    await lostStop();
    const first = a.boundCampaignId();
    // New people go to a new part; the Generate that starts them settles the lost Stop first, from the part's counts,
    // and then saves the parts record with the part it closed.
    addRows(a, 10, 2);
    expect(a.generate()).toMatchObject({ ok: true });
    expect(stopRow()['Credits charged']).toBe(-(await simRefunds(a, /stopped before it started/)));
    const cancelled = (await a.state()).campaigns.find((c) => c.id === first)!.leads.filter((l) => l.status === 'cancelled').length;
    expect(cancelled).toBeGreaterThan(0);
    const record = loadParts(a.gas.properties.document, { id: first, name: 'Q3 outreach' });
    expect(record.parts.map((p) => [p.id, p.cancelled])).toEqual([
      [first, cancelled],
      [expect.any(String), undefined],
    ]);
  });

  it('should complete its row at a Refresh now on a tab of another campaign, where no timer runs (its tab now shows a new one)', async () => {
    await lostStop();
    a.createCampaign('Q4 outreach');
    a.gas.clock.advance(3 * 60_000);
    a.call('getProgress');
    expect(stopRow()['Credits charged']).toBe(UNKNOWN_CHARGE);
    expect(a.call('refreshNow')).toMatchObject({ ok: true });
    expect(stopRow()['Credits charged']).toBe(-(await simRefunds(a, /stopped before it started/)));
    await recordMatchesLedger();
  });

  it('should complete its row on the timer alone, with no sidebar open', async () => {
    await lostStop();
    a.gas.clock.advance(5 * 60_000);
    a.gas.fireTimeTriggers();
    expect(stopRow()['Credits charged']).toBe(-(await simRefunds(a, /stopped before it started/)));
    await recordMatchesLedger();
  });
});
