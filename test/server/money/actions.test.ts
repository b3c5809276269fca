// Estimate, Generate and Stop against a scripted API: each test says which requests happen.
import { DOC_KEYS, USER_KEYS } from '../../../src/records/state-keys';
import { CREDITS_TAB } from '../../../src/server/money/ledger';
import { hasOpen } from '../../../src/server/money/outcomes';
import { recordCharge } from '../../../src/server/money/record';
import { getEstimate, startGenerate, stopCampaign } from '../../../src/server/money/actions';
import { saveParts } from '../../../src/records/parts-record';
import { apiError, html } from '../../api/fakes';
import { bind, ok, world, type Routes, type UnitWorld } from '../../unit-services';

const estimate = (leads: number, high = leads * 3, balance = 500) => ok({ leads, low: leads * 2, high, balance, affordable: true });
const summary = (id: string, o: Partial<{ leadCount: number; waiting: number; complete: number; failed: number; status: string }> = {}) => ({
  id,
  name: id,
  status: 'ready',
  leadCount: 10,
  waiting: 10,
  complete: 0,
  failed: 0,
  nextStep: '',
  createdAt: '2026-11-24T09:00:00Z',
  ...o,
});
const posts = (w: UnitWorld) => w.http.paths.filter((p) => p.startsWith('POST'));

/** A campaign of three parts bound to the active tab; c_1 and c_3 have people waiting, c_2 none. */
function threeParts(routes: Routes): UnitWorld {
  const w = world(routes);
  bind(w, 'c_1');
  saveParts(w.doc, {
    id: 'c_1',
    name: 'Q3',
    templateId: 'tpl_1',
    parts: [
      { id: 'c_1', size: 500, closed: false },
      { id: 'c_2', size: 500, closed: true },
      { id: 'c_3', size: 10, closed: false },
    ],
  });
  return w;
}

function onePart(routes: Routes): UnitWorld {
  const w = world(routes);
  bind(w, 'c_1');
  return w;
}

const failure = (r: { ok: boolean }) => (r as unknown as { error: { code: string } }).error.code;

describe('money › generate refusals that send no charge', () => {
  // docs/rules.md#refusals
  it('should refuse with campaign_changed when the tab is bound to another campaign, sending nothing', () => {
    const w = onePart({});
    const r = startGenerate(w.svc, { campaignId: 'c_other', high: 30 });
    expect(failure(r)).toBe('campaign_changed');
    expect(w.http.requests).toHaveLength(0);
  });

  it('should refuse with quote_changed when the fresh quote is above the confirmed figure', () => {
    const w = onePart({ 'GET /campaigns/c_1/estimate': estimate(12, 36) });
    const r = startGenerate(w.svc, { campaignId: 'c_1', high: 30 });
    expect(failure(r)).toBe('quote_changed');
    expect(w.http.paths).toEqual(['GET /campaigns/c_1/estimate']);
  });

  // docs/rules.md#spending-limit
  it("should refuse with over_limit before any request when the confirmed figure exceeds today's room", () => {
    const w = onePart({});
    w.user.setProperty(USER_KEYS.limit, '20');
    const r = startGenerate(w.svc, { campaignId: 'c_1', high: 30 });
    expect(failure(r)).toBe('over_limit');
    expect(w.http.requests).toHaveLength(0);
  });

  // docs/rules.md#unknown-outcomes
  it("should refuse with unsettled while an earlier generate's outcome is unknown, reading only the list", () => {
    const w = onePart({ 'GET /campaigns': ok({ campaigns: [summary('c_1', { waiting: 10 })] }) });
    recordCharge(w.svc, {
      campaign: { id: 'c_1', name: 'Q3' },
      part: 'c_1',
      action: 'generate',
      quote: { leads: 10, low: 20, high: 30, balance: 500, affordable: true },
    });
    const r = startGenerate(w.svc, { campaignId: 'c_1', high: 30 });
    expect(failure(r)).toBe('unsettled');
    expect(w.http.paths).toEqual(['GET /campaigns?limit=100']);
    expect(hasOpen(w.svc)).toBe(true);
  });
});

describe('money › generate over parts', () => {
  // docs/rules.md#parts
  it('should send one generate to each part with people waiting, and none to a part with nobody waiting', () => {
    const w = threeParts({
      'GET /campaigns/c_1/estimate': estimate(500, 1500),
      'GET /campaigns/c_2/estimate': estimate(0, 0),
      'GET /campaigns/c_3/estimate': estimate(10, 30),
      'POST /campaigns/c_1/generate': ok({ campaignId: 'c_1', started: 500, creditsCharged: 1400 }),
      'POST /campaigns/c_3/generate': ok({ campaignId: 'c_3', started: 10, creditsCharged: 28 }),
    });
    const r = startGenerate(w.svc, { campaignId: 'c_1', high: 1530 });
    expect(r).toMatchObject({ ok: true, started: 510, creditsCharged: 1428, parts: 2 });
    expect(posts(w)).toEqual(['POST /campaigns/c_1/generate', 'POST /campaigns/c_3/generate']);
    const parts = JSON.parse(w.doc.getProperty(DOC_KEYS.parts('c_1'))!).parts as { id: string; closed: boolean }[];
    expect(parts.map((p) => p.closed)).toEqual([true, true, true]);
  });

  // docs/rules.md#unknown-outcomes
  it('should never send a generate twice when its answer is lost, and stop the parts after it', () => {
    const w = threeParts({
      'GET /campaigns/c_1/estimate': estimate(500, 1500),
      'GET /campaigns/c_2/estimate': estimate(0, 0),
      'GET /campaigns/c_3/estimate': estimate(10, 30),
      'POST /campaigns/c_1/generate': html(502),
      'GET /campaigns/c_1': apiError(500, 'internal'),
      'GET /campaigns/c_2': apiError(500, 'internal'),
      'GET /campaigns/c_3': apiError(500, 'internal'),
      'GET /campaigns': apiError(500, 'internal'),
    });
    const r = startGenerate(w.svc, { campaignId: 'c_1', high: 1530 });
    expect(failure(r)).toBe('network');
    expect(posts(w)).toEqual(['POST /campaigns/c_1/generate']);
    expect(hasOpen(w.svc)).toBe(true);
  });
});

describe('money › a later part refused', () => {
  // docs/rules.md#parts
  it('should stop at a refused part, say which parts had started and record the charge that happened', () => {
    const w = threeParts({
      'GET /campaigns/c_1/estimate': estimate(500, 1500),
      'GET /campaigns/c_2/estimate': estimate(0, 0),
      'GET /campaigns/c_3/estimate': estimate(10, 30),
      'POST /campaigns/c_1/generate': ok({ campaignId: 'c_1', started: 500, creditsCharged: 1400 }),
      'POST /campaigns/c_3/generate': apiError(402, 'insufficient_credits', 'Not enough credits.'),
    });
    const r = startGenerate(w.svc, { campaignId: 'c_1', high: 1530 });
    expect(failure(r)).toBe('insufficient_credits');
    expect((r as unknown as { error: { message: string } }).error.message).toContain('1 of 2 parts had started (500 videos, 1400 credits charged)');
    const record = w.ss.getSheetByName(CREDITS_TAB)!.getDataRange().getValues();
    expect(record.slice(1).map((x) => [x[2], x[3], x[6]])).toEqual([['c_1', 'generate', 1400]]);
    expect(hasOpen(w.svc)).toBe(false);
  });
});

describe('money › stop', () => {
  // docs/rules.md#refunds
  it("should stop a one-part campaign with the list and the stop, and give back only its charged people's credits", () => {
    const w = onePart({
      // Six were waiting, though this document's record says 16 in the part (4 waiting): a copy had added 2 more.
      'GET /campaigns': ok({ campaigns: [summary('c_1', { leadCount: 18, waiting: 6 })] }),
      'POST /campaigns/c_1/stop': ok({ campaignId: 'c_1', stopped: 10, stillRendering: 2, status: 'stopped' }),
    });
    saveParts(w.doc, { id: 'c_1', name: 'Q3', templateId: 'tpl_1', parts: [{ id: 'c_1', size: 16, closed: true }] });
    recordCharge(w.svc, {
      campaign: { id: 'c_1', name: 'Q3' },
      part: 'c_1',
      action: 'generate',
      quote: { leads: 12, low: 24, high: 36, balance: 500, affordable: true },
      done: { people: 12, charged: 36 },
    });
    expect(stopCampaign(w.svc, { campaignId: 'c_1' })).toMatchObject({ ok: true, stopped: 10, stillRendering: 2, status: 'stopped' });
    // 36 credits for 12 people quoted at 2 to 3 each: each paid 3, so no balance read is needed; who was waiting is read.
    expect(w.http.paths).toEqual(['GET /campaigns?limit=100', 'POST /campaigns/c_1/stop']);
    const record = w.ss.getSheetByName(CREDITS_TAB)!.getDataRange().getValues();
    // 6 were waiting, so 4 of the 10 cancelled were charged (the record's size would have given back 6).
    expect(record.slice(1).map((x) => [x[3], x[4], x[6]])).toEqual([
      ['generate', 12, 36],
      ['stop', 10, -12],
    ]);
  });

  it('should read the balance just before and just after a stop whose people paid different prices, and book its move', () => {
    let balance = 500;
    const w = onePart({
      'GET /campaigns/c_1/estimate': () => ok({ leads: 0, low: 0, high: 0, balance, affordable: true }),
      'POST /campaigns/c_1/stop': () => {
        balance += 13;
        return ok({ campaignId: 'c_1', stopped: 6, stillRendering: 4, status: 'stopped' });
      },
    });
    saveParts(w.doc, { id: 'c_1', name: 'Q3', templateId: 'tpl_1', parts: [{ id: 'c_1', size: 10, closed: true }] });
    // 10 people for 23 credits: a company's first lookup costs more, so 6 of them cost 12 to 15.
    recordCharge(w.svc, {
      campaign: { id: 'c_1', name: 'Q3' },
      part: 'c_1',
      action: 'generate',
      quote: { leads: 10, low: 20, high: 30, balance: 500, affordable: true },
      done: { people: 10, charged: 23 },
    });
    expect(stopCampaign(w.svc, { campaignId: 'c_1' })).toMatchObject({ ok: true, stopped: 6 });
    expect(w.http.paths).toEqual(['GET /campaigns/c_1/estimate', 'POST /campaigns/c_1/stop', 'GET /campaigns/c_1/estimate']);
    const record = w.ss.getSheetByName(CREDITS_TAB)!.getDataRange().getValues();
    expect(record.slice(1).map((x) => [x[3], x[4], x[6]])).toEqual([
      ['generate', 10, 23],
      ['stop', 6, -13],
    ]);
  });

  // docs/rules.md#may-still-render
  it('should send stop to every part that may render even when one answers 502', () => {
    const w = threeParts({
      'GET /campaigns': ok({
        campaigns: [summary('c_1', { leadCount: 500, waiting: 0 }), summary('c_2', { leadCount: 500, waiting: 0 }), summary('c_3', { waiting: 0 })],
      }),
      'POST /campaigns/c_1/stop': html(502),
      'POST /campaigns/c_2/stop': ok({ campaignId: 'c_2', stopped: 400, stillRendering: 3, status: 'stopped' }),
      'POST /campaigns/c_3/stop': ok({ campaignId: 'c_3', stopped: 10, stillRendering: 0, status: 'stopped' }),
    });
    const r = stopCampaign(w.svc, { campaignId: 'c_1' });
    expect(posts(w)).toEqual(['POST /campaigns/c_1/stop', 'POST /campaigns/c_2/stop', 'POST /campaigns/c_3/stop']);
    expect(r).toMatchObject({ ok: true, stopped: 410, status: 'partly_stopped' });
    expect((r as unknown as { parts: { id: string; outcome: string }[] }).parts.map((p) => p.outcome)).toEqual(['unknown', 'stopped', 'stopped']);
  });

  it('should not send stop to a part whose people are all finished', () => {
    const w = threeParts({
      'GET /campaigns': ok({
        campaigns: [
          summary('c_1', { leadCount: 500, waiting: 0, complete: 500 }),
          summary('c_2', { leadCount: 500, waiting: 0 }),
          summary('c_3', { waiting: 0, complete: 10 }),
        ],
      }),
      'POST /campaigns/c_2/stop': ok({ campaignId: 'c_2', stopped: 400, stillRendering: 3, status: 'stopped' }),
    });
    expect(stopCampaign(w.svc, { campaignId: 'c_1' })).toMatchObject({ ok: true, stopped: 400 });
    expect(posts(w)).toEqual(['POST /campaigns/c_2/stop']);
  });
});

describe('money › estimate', () => {
  // docs/rules.md#unknown-outcomes
  it('should settle an open outcome from the estimate only while it holds the document lock', () => {
    const routes: Routes = { 'GET /campaigns/c_1/estimate': estimate(0, 0, 470) };
    const quote = { leads: 10, low: 20, high: 30, balance: 500, affordable: true };
    const held = onePart(routes);
    recordCharge(held.svc, { campaign: { id: 'c_1', name: 'Q3' }, part: 'c_1', action: 'generate', quote });
    held.lockHeld.value = true;
    expect(getEstimate(held.svc)).toMatchObject({ ok: true, leads: 0 });
    expect(hasOpen(held.svc)).toBe(true);
    held.lockHeld.value = false;
    expect(getEstimate(held.svc)).toMatchObject({ ok: true });
    expect(hasOpen(held.svc)).toBe(false);
  });

  it('should sum only the parts with people waiting, in one estimate read per part', () => {
    const w = threeParts({
      'GET /campaigns/c_1/estimate': estimate(500, 1500),
      'GET /campaigns/c_2/estimate': estimate(0, 0),
      'GET /campaigns/c_3/estimate': estimate(10, 30),
    });
    expect(getEstimate(w.svc)).toMatchObject({ ok: true, leads: 510, high: 1530, balance: 500, affordable: false });
    expect(w.http.paths.sort()).toEqual(['GET /campaigns/c_1/estimate', 'GET /campaigns/c_2/estimate', 'GET /campaigns/c_3/estimate']);
  });
});
