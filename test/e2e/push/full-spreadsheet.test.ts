// A spreadsheet at its 10 million cells (docs/rules.md#cells): Add sends nobody the register cannot record, says why in
// one sentence, and sends each row once when room is made.
import { leadRow, startAddon, type Addon } from '../harness';
import { FULL, creditsRows, fillSpreadsheet, leadsOf } from '../steps';

let a: Addon;
afterEach(async () => {
  await a?.close();
});

const leadPosts = async (a: Addon) => (await a.requests()).filter((q) => q.method === 'POST' && /\/leads$/.test(q.path));

/** A tab of `rows` leads on a new campaign, the first two sent; then another list takes every cell left. */
async function twoSentThenFull(rows: number, readings: Parameters<typeof startAddon>[1] = {}) {
  a = await startAddon({}, readings);
  a.connect();
  a.sheet(Array.from({ length: rows }, (_, i) => leadRow(i + 1)));
  const c = a.createCampaign();
  a.selectRows(2, 3);
  expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 2 });
  const archive = fillSpreadsheet(a, 0);
  await a.sim.control({ action: 'clearRequests' });
  return { c, archive };
}

describe('a full spreadsheet', () => {
  it('should send nobody while the register has no room, say so at every press, and send each row once when room is made', async () => {
    const { c, archive } = await twoSentThenFull(5);
    a.selectRows(2, 6);
    for (let press = 0; press < 2; press++) {
      const r = a.call('addSelectedRows');
      expect(r).toMatchObject({ ok: false, error: { code: 'spreadsheet_full' } });
      expect(r.error.message).toMatch(FULL);
    }
    expect(await leadPosts(a)).toEqual([]);
    expect(a.column('Lead ID').filter(Boolean)).toHaveLength(2);
    a.gas.spreadsheet.deleteSheet(archive);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3, alreadySent: 2 });
    const leads = await leadsOf(a, c.id);
    expect(leads.map((l) => l.email).sort()).toEqual([1, 2, 3, 4, 5].map((i) => leadRow(i)[3]).sort());
  });

  it('should say so in the same sentence when the register cannot even be made', async () => {
    a = await startAddon();
    a.connect();
    a.sheet([leadRow(1), leadRow(2)]);
    a.createCampaign();
    fillSpreadsheet(a, 0);
    await a.sim.control({ action: 'clearRequests' });
    a.selectRows(2, 3);
    const r = a.call('addSelectedRows');
    expect(r).toMatchObject({ ok: false, error: { code: 'spreadsheet_full' } });
    expect(r.error.message).toMatch(FULL);
    expect(await leadPosts(a)).toEqual([]);
    expect(a.gas.spreadsheet.getSheetByName('Video register')).toBeNull();
  });
});

describe('a full spreadsheet, when Google words its refusal in the person’s own language', () => {
  it('should still send nobody the register cannot hold and charge nothing the record cannot hold', async () => {
    const { c, archive } = await twoSentThenFull(3, { readings: { exceptionWords: 'other' } });
    // Not recognised, so not the add-on's own sentence: Google's words are passed on, and the safe side is taken.
    a.selectRows(4, 4);
    const added = a.call('addSelectedRows');
    expect(added).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(added.error.message).toMatch(/Ausnahme: Vorgang abgelehnt \(10000000\)/);
    expect(a.generate()).toMatchObject({ ok: false });
    expect((await a.requests()).filter((q) => q.method === 'POST')).toEqual([]);
    expect((await a.state()).ledger).toEqual([]);
    a.gas.spreadsheet.deleteSheet(archive);
    expect(a.generate()).toMatchObject({ ok: true, started: 2 });
    expect(creditsRows(a)).toHaveLength(1);
    expect((await leadsOf(a, c.id)).length).toBe(2);
  });
});
