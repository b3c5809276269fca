// The control actions: reset to the seed, configure, clock, state, and the tweaks on workspaces, keys, templates, pages.
import { MANUAL_START } from '../../../dev/sim/clock';
import { startSimulator } from '../../../dev/sim/server';
import { SIM_KEYS, SIM_TEMPLATES } from '../../../dev/sim/types';
import { advance, call, campaignWith, createCampaign, state, useSimulator } from './helpers';

describe('simulator control', () => {
  const sim = useSimulator();

  it('should hold the documented seed after every reset', async () => {
    await campaignWith(sim(), 2);
    await sim().control({ action: 'setWorkspace', workspaceId: 'ws_main', balance: 1, pastDue: true });
    await advance(sim(), 5000);
    const reply = await sim().control({ action: 'reset' });
    expect(reply).toEqual({ ok: true, keys: SIM_KEYS });
    const st = await state(sim());
    expect(st.now).toBe(MANUAL_START);
    const main = st.workspaces.find((w) => w.id === 'ws_main');
    expect(main).toMatchObject({ balance: 10_000, pastDue: false });
    expect(main?.keys).toEqual([
      { key: SIM_KEYS.write, writes: true, revoked: false, dailyCap: 1_000_000, spentToday: 0 },
      { key: SIM_KEYS.readOnly, writes: false, revoked: false, dailyCap: 1_000_000, spentToday: 0 },
      { key: SIM_KEYS.revoked, writes: true, revoked: true, dailyCap: 1_000_000, spentToday: 0 },
      { key: SIM_KEYS.lowCap, writes: true, revoked: false, dailyCap: 10, spentToday: 0 },
    ]);
    expect(main?.templates.map((t) => [t.id, t.usable])).toEqual(
      expect.arrayContaining([
        [SIM_TEMPLATES.ready, true],
        [SIM_TEMPLATES.voicePending, false],
        [SIM_TEMPLATES.noVideo, false],
        [SIM_TEMPLATES.noName, false],
      ]),
    );
    expect(st.campaigns.map((c) => [c.id, c.workspaceId, c.leads.length])).toEqual([['cmp_other_1', 'ws_other', 2]]);
    expect(st.ledger).toEqual([]);
  });

  it('should give the same ids and page urls after a reset', async () => {
    const run = async () => {
      await sim().control({ action: 'reset' });
      const id = await createCampaign(sim());
      return (await call(sim(), 'POST', `/campaigns/${id}/leads`, { body: { firstName: 'Ann' } })).body.people;
    };
    expect(await run()).toEqual(await run());
  });

  it('should merge configure into the config, faults key by key, and reject a bad value', async () => {
    await sim().control({ action: 'configure', config: { faults: { stall: true } } });
    await sim().control({ action: 'configure', config: { stageMs: 10, faults: { latencyMs: 3 } } });
    const { config } = await state(sim());
    expect(config).toMatchObject({ clock: 'manual', stageMs: 10, concurrency: 25, faults: { stall: true, latencyMs: 3, apiOff: false } });
    await expect(sim().control({ action: 'configure', config: { failRate: 2 } })).rejects.toThrow(/failRate/);
    expect((await state(sim())).config.failRate).toBe(0);
  });

  it('should advance the manual clock and report the new time', async () => {
    expect(await sim().control({ action: 'advance', ms: 90_000 })).toEqual({ ok: true, now: MANUAL_START + 90_000 });
  });

  it('should set a key: daily cap, spent today and revoked', async () => {
    const id = await campaignWith(sim(), 2);
    await sim().control({ action: 'setKey', key: SIM_KEYS.write, dailyCap: 10, spentToday: 7 });
    expect((await call(sim(), 'POST', `/campaigns/${id}/generate`)).body.error).toBe('cap_reached');
    await sim().control({ action: 'setKey', key: SIM_KEYS.write, spentToday: 6 });
    expect((await call(sim(), 'POST', `/campaigns/${id}/generate`)).status).toBe(200);
    const key = (await state(sim())).workspaces[0]?.keys.find((k) => k.key === SIM_KEYS.write);
    expect(key).toMatchObject({ dailyCap: 10, spentToday: 10 });
    await expect(sim().control({ action: 'setKey', key: 'nope' })).rejects.toThrow(/nope/);
  });

  it('should block a template with a reason and the 409 code that reason implies', async () => {
    await sim().control({ action: 'setTemplate', templateId: SIM_TEMPLATES.ready, usable: false, blockedReason: 'The voice is being rebuilt.' });
    const t = (await call(sim(), 'GET', '/templates')).body.templates.find((x: { id: string }) => x.id === SIM_TEMPLATES.ready);
    expect(t).toMatchObject({ usable: false, blockedReason: 'The voice is being rebuilt.' });
    const id = await campaignWith(sim(), 1);
    expect((await call(sim(), 'POST', `/campaigns/${id}/preview`)).body.error).toBe('no_voice');
  });

  it('should expire a page and refuse an unknown lead', async () => {
    const id = await campaignWith(sim(), 1);
    const leadId = (await state(sim())).campaigns.find((c) => c.id === id)?.leads[0]?.id ?? '';
    expect(await sim().control({ action: 'expirePage', leadId })).toEqual({ ok: true });
    expect((await state(sim())).campaigns.find((c) => c.id === id)?.leads[0]?.url).toBeNull();
    await expect(sim().control({ action: 'expirePage', leadId: 'ld_nope' })).rejects.toThrow();
  });

  it("should delete a lead as the service's own pages do: GET /leads/{id} answers 404 and the campaign no longer counts it", async () => {
    const id = await campaignWith(sim(), 2);
    const leadId = (await state(sim())).campaigns.find((c) => c.id === id)?.leads[0]?.id ?? '';
    expect(await sim().control({ action: 'deleteLead', leadId })).toEqual({ ok: true });
    expect((await call(sim(), 'GET', `/leads/${leadId}`)).status).toBe(404);
    expect((await call(sim(), 'GET', `/campaigns/${id}`)).body.counts.total).toBe(1);
    await expect(sim().control({ action: 'deleteLead', leadId })).rejects.toThrow();
  });
});

describe('simulator control on the real clock', () => {
  it('should run sim time at speed and let advance add an offset', async () => {
    const s = await startSimulator({ port: 0, clock: 'real', speed: 100 });
    const t0 = (await s.control({ action: 'state' })).now as number;
    await new Promise((r) => setTimeout(r, 50));
    const t1 = (await s.control({ action: 'state' })).now as number;
    expect(t1 - t0).toBeGreaterThanOrEqual(4000);
    const { now } = await s.control({ action: 'advance', ms: 3_600_000 });
    expect(now - t1).toBeGreaterThanOrEqual(3_600_000);
    await s.close();
  });
});
