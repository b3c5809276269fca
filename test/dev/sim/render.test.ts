// Rendering on the manual sim clock, observed over HTTP: queue, slots, stages, completion, random and chosen failures, stall;
// and the order stage ends are taken in.
import { SIM_PRICES } from '../../../dev/sim/types';
import { advance, balance, call, campaignWith, state, useSimulator } from './helpers';
import { StageEnds } from '../../../dev/sim/render';
import type { Lead } from '../../../dev/sim/state';

const STAGE = 1000;

async function detail(sim: Parameters<typeof call>[0], id: string) {
  return (await call(sim, 'GET', `/campaigns/${id}`)).body;
}

describe('simulator rendering', () => {
  const sim = useSimulator({ stageMs: STAGE, concurrency: 2 });

  it('should queue past the concurrency, walk the stages and complete with videoReady', async () => {
    const id = await campaignWith(sim(), 3);
    await call(sim(), 'POST', `/campaigns/${id}/generate`);
    expect(await detail(sim(), id)).toMatchObject({ status: 'rendering', stages: { tts: 2, queued: 1 }, counts: { rendering: 3, pending: 0 } });
    const seen: Record<string, number>[] = [];
    for (let t = 0; t < 4; t++) {
      await advance(sim(), STAGE);
      seen.push((await detail(sim(), id)).stages);
    }
    expect(seen).toEqual([{ lipsync: 2, queued: 1 }, { compose: 2, queued: 1 }, { uploading: 2, queued: 1 }, { tts: 1 }]);
    await advance(sim(), 4 * STAGE);
    const done = await detail(sim(), id);
    expect(done).toMatchObject({ status: 'delivered', stages: {}, counts: { complete: 3, rendering: 0 } });
    const lead = (await state(sim())).campaigns.find((c) => c.id === id)?.leads[0];
    const r = await call(sim(), 'GET', `/leads/${lead?.id}`);
    expect(r.body).toMatchObject({ status: 'complete', videoReady: true, videoUrl: `${r.body.url}/video` });
  });

  it('should put people with a website through an extra lookup stage', async () => {
    const id = await campaignWith(sim(), 1, () => ({ website: 'acme.com' }));
    await call(sim(), 'POST', `/campaigns/${id}/generate`);
    expect((await detail(sim(), id)).stages).toEqual({ lookup: 1 });
    await advance(sim(), 4 * STAGE);
    expect((await detail(sim(), id)).stages).toEqual({ uploading: 1 });
    await advance(sim(), STAGE);
    expect((await detail(sim(), id)).counts.complete).toBe(1);
  });

  it('should go draft → rendering → qa_ready after a preview', async () => {
    const id = await campaignWith(sim(), 4);
    expect((await detail(sim(), id)).status).toBe('draft');
    await call(sim(), 'POST', `/campaigns/${id}/preview`);
    expect((await detail(sim(), id)).status).toBe('rendering');
    await advance(sim(), 20 * STAGE);
    expect(await detail(sim(), id)).toMatchObject({ status: 'qa_ready', counts: { complete: 3, pending: 1 } });
  });

  it('should fail renders at the failRate and refund each failed one', async () => {
    await sim().control({ action: 'reset', config: { failRate: 1 } });
    const id = await campaignWith(sim(), 3);
    await call(sim(), 'POST', `/campaigns/${id}/generate`);
    expect(await balance(sim())).toBe(10_000 - 3 * SIM_PRICES.video);
    await advance(sim(), 20 * STAGE);
    expect((await detail(sim(), id)).counts).toMatchObject({ failed: 3, complete: 0, rendering: 0 });
    expect(await balance(sim())).toBe(10_000);
    const st = await state(sim());
    expect(st.ledger.filter((e) => e.kind === 'refund')).toHaveLength(3);
    expect(st.campaigns.find((c) => c.id === id)?.leads.every((l) => l.charged === 0 && !l.videoReady)).toBe(true);
    expect((await call(sim(), 'GET', '/campaigns')).body.campaigns[0]).toMatchObject({ failed: 3, complete: 0 });
  });

  it('should fail the renders of chosen people by email or first name, any case, and refund them', async () => {
    await sim().control({ action: 'configure', config: { faults: { failPeople: ['ANN0@example.com', ' ann2 '] } } });
    const id = await campaignWith(sim(), 4);
    await call(sim(), 'POST', `/campaigns/${id}/generate`);
    await advance(sim(), 3 * STAGE);
    expect((await detail(sim(), id)).counts).toMatchObject({ failed: 0, rendering: 4 });
    await advance(sim(), 20 * STAGE);
    const st = await state(sim());
    const leads = st.campaigns.find((c) => c.id === id)?.leads ?? [];
    expect(leads.map((l) => [l.firstName, l.status, l.charged])).toEqual([
      ['Ann0', 'failed', 0],
      ['Ann1', 'complete', SIM_PRICES.video],
      ['Ann2', 'failed', 0],
      ['Ann3', 'complete', SIM_PRICES.video],
    ]);
    expect(st.ledger.filter((e) => e.kind === 'refund').map((e) => e.credits)).toEqual([SIM_PRICES.video, SIM_PRICES.video]);
    expect(await balance(sim())).toBe(10_000 - 2 * SIM_PRICES.video);
  });

  it('should fail about the failRate share, the same leads for the same seed', async () => {
    const run = async (): Promise<string[]> => {
      await sim().control({ action: 'reset', config: { failRate: 0.3, seed: 7, concurrency: 100 } });
      const id = await campaignWith(sim(), 60);
      await call(sim(), 'POST', `/campaigns/${id}/generate`);
      await advance(sim(), 10 * STAGE);
      return (await state(sim())).campaigns.find((c) => c.id === id)?.leads.map((l) => l.status) ?? [];
    };
    const first = await run();
    const failed = first.filter((s) => s === 'failed').length;
    expect(failed).toBeGreaterThan(6);
    expect(failed).toBeLessThan(36);
    expect(first.filter((s) => s === 'complete').length).toBe(60 - failed);
    expect(await run()).toEqual(first);
  });

  it('should freeze renders while stalled and report stalled, then carry on', async () => {
    const id = await campaignWith(sim(), 2);
    await call(sim(), 'POST', `/campaigns/${id}/generate`);
    await advance(sim(), STAGE);
    await sim().control({ action: 'configure', config: { faults: { stall: true } } });
    await advance(sim(), 10 * 60_000);
    const stuck = await detail(sim(), id);
    expect(stuck.stages).toEqual({ lipsync: 2 });
    expect(stuck.stalled).toEqual({ minutes: 10, jobs: 2, message: expect.any(String) });
    const other = await campaignWith(sim(), 1, () => ({ email: 'z@z.z' }));
    expect((await detail(sim(), other)).stalled).toBeUndefined();
    await sim().control({ action: 'configure', config: { faults: { stall: false } } });
    expect((await detail(sim(), id)).stalled).toBeUndefined();
    await advance(sim(), 3 * STAGE - 1);
    expect((await detail(sim(), id)).stages).toEqual({ uploading: 2 });
    await advance(sim(), 1);
    expect((await detail(sim(), id)).counts.complete).toBe(2);
  });

  it('should start queued renders when the concurrency is raised', async () => {
    const id = await campaignWith(sim(), 4);
    await call(sim(), 'POST', `/campaigns/${id}/generate`);
    expect((await detail(sim(), id)).stages).toEqual({ tts: 2, queued: 2 });
    await sim().control({ action: 'configure', config: { concurrency: 4 } });
    expect((await detail(sim(), id)).stages).toEqual({ tts: 4 });
  });

  it('should share a workspace limit across campaigns, the earliest started first', async () => {
    await sim().control({ action: 'reset', config: { workspaceConcurrency: 3 } });
    const [a, b, c] = [await campaignWith(sim(), 2), await campaignWith(sim(), 2), await campaignWith(sim(), 2)];
    for (const id of [b, a, c]) await call(sim(), 'POST', `/campaigns/${id}/generate`);
    // b was started first: both its renders run; a takes the third slot; c waits behind them, though its own limit is 2.
    expect([(await detail(sim(), b)).stages, (await detail(sim(), a)).stages, (await detail(sim(), c)).stages]).toEqual([
      { tts: 2 },
      { tts: 1, queued: 1 },
      { queued: 2 },
    ]);
    // One more slot goes to the earliest still queued: a's second, not c's first.
    await sim().control({ action: 'configure', config: { workspaceConcurrency: 4 } });
    expect([(await detail(sim(), a)).stages, (await detail(sim(), c)).stages]).toEqual([{ tts: 2 }, { queued: 2 }]);
    await advance(sim(), 4 * STAGE);
    expect((await detail(sim(), c)).stages).toEqual({ tts: 2 });
  });
});

describe('StageEnds', () => {
  const lead = (seq: number, at: number, stage = 0) => ({ seq, stageEndsAt: at, stageIndex: stage }) as unknown as Lead;

  it('should give the stage ends due by a time earliest first, a tie to the lead asked for first, and none later', () => {
    const ends = new StageEnds();
    const [a, b, c, d] = [lead(3, 500), lead(2, 100), lead(1, 500), lead(4, 900)];
    for (const l of [a, b, c, d]) ends.add(l);
    expect([ends.takeBy(600), ends.takeBy(600), ends.takeBy(600), ends.takeBy(600)]).toEqual([b, c, a, null]);
    expect(ends.takeBy(900)).toBe(d);
    expect(ends.size).toBe(0);
  });

  it('should drop an entry whose lead moved on to a later stage, and give the lead again at its new end', () => {
    const ends = new StageEnds();
    const a = lead(1, 100);
    ends.add(a);
    a.stageIndex = 1;
    a.stageEndsAt = 300;
    ends.add(a);
    expect(ends.takeBy(200)).toBeNull();
    expect(ends.takeBy(300)).toBe(a);
    expect(ends.takeBy(1_000)).toBeNull();
  });
});
