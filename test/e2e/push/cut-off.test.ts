// A send cut off by a silent service (docs/rules.md#cut-off) end to end: the timer finishes the rows Add left `sending`.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling (readings of jest.config.cjs this file is not run under)
import { leadRow, startAddon } from '../harness';

jest.setTimeout(240_000);

const LEADS = /^POST \/campaigns\/[^/]+\/leads$/;

describe('a send cut off by a silent service', () => {
  it('should give the row its Lead ID on the timer, with the person once in the service, after POST /leads hung during Add', async () => {
    const a = await startAddon();
    try {
      a.connect();
      a.sheet([leadRow(0), leadRow(1)]);
      const c = a.createCampaign();
      a.selectRows(2, 2);
      await a.sim.control({ action: 'configure', config: { faults: { hang: true } } });
      expect(a.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'network' } });
      await a.sim.control({ action: 'configure', config: { faults: { hang: false } } });
      expect(a.rows()[0]).toMatchObject({ 'Video Status': 'sending', 'Lead ID': '' });
      const hung = (await a.requests()).filter((r) => LEADS.test(`${r.method} ${r.path}`)).length;
      expect(hung).toBeGreaterThan(0);

      expect(a.runTimerUntilDone()).toBeLessThan(40);

      const leads = (await a.state()).campaigns.filter((x) => x.id === c.id).flatMap((x) => x.leads);
      expect(leads.map((l) => [l.firstName, l.company])).toEqual([[leadRow(0)[0], leadRow(0)[2]]]);
      expect(a.rows()[0]).toMatchObject({ 'Lead ID': leads[0]!.id, 'Campaign ID': c.id, 'Video Status': 'pending' });
      // The untouched row stays unsent, and the timer sent nothing but the cut-off row once.
      expect(a.rows()[1]).toMatchObject({ 'Lead ID': '', 'Video Status': '' });
      expect((await a.requests()).filter((r) => LEADS.test(`${r.method} ${r.path}`)).length).toBe(hung + 1);
    } finally {
      await a.close();
    }
  });

  it('should record what the cut-off row carried when sent again, so its video still finds it (its Company header renamed in between)', async () => {
    // Found by the explorer (seed 2241): the register kept the company of the send that never arrived; the service had the
    // person without one, so the refresh could not place the finished video on the row, which stayed pending.
    const a = await startAddon({ failRate: 0 });
    try {
      a.connect();
      const tab = a.sheet([leadRow(0), leadRow(1)]);
      a.createCampaign();
      a.selectRows(3, 3);
      expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 1 });
      a.selectRows(2, 2);
      await a.sim.control({ action: 'configure', config: { faults: { hang: true } } });
      expect(a.call('addSelectedRows')).toMatchObject({ ok: false, error: { code: 'network' } });
      await a.sim.control({ action: 'configure', config: { faults: { hang: false } } });
      tab.getRange(1, 3).setValue('Company (old)');
      a.runTimerUntilDone();
      expect(a.rows()[0]).toMatchObject({ 'Video Status': 'pending' });
      // The other person's row goes: the tab no longer holds the whole campaign, so nothing is settled by elimination.
      tab.deleteRows(3, 1);
      expect(a.generate()).toMatchObject({ ok: true });
      a.runTimerUntilDone();
      expect(a.rows()[0]).toMatchObject({ 'Video Status': 'complete', 'Video URL': expect.stringMatching(/video$/) });
    } finally {
      await a.close();
    }
  });
});
