// The settled world's invariants see what they claim to (docs/rules.md#explorer): the top line is compared with the
// service's own counts, so a line that says less than the service holds is named.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { perform } from './actions';
import { settled, topLines } from './invariants';
import { Lab, World } from './world';

jest.setTimeout(120_000);

let lab: Lab;
let w: World;
beforeAll(async () => {
  lab = await Lab.open();
});
afterAll(async () => {
  await w?.close();
  await lab?.close();
});

describe('settled › the top line', () => {
  it('should hold when the line says the service’s counts, and name the tab when the service holds one more person', async () => {
    w = new World(lab, { failRate: 0 });
    await w.start();
    await perform(w, { k: 'add', t: 0, from: 2, n: 3 });
    await perform(w, { k: 'generate', stale: false });
    for (let i = 0; i < 12; i++) await perform(w, { k: 'wait', ms: 10 * 60_000 }).then(() => perform(w, { k: 'timer' }));
    w.call('refreshNow');
    const st = await w.state();
    // The press's charge was checked when it was made (as a history does): only what the look charges is new.
    w.ledgerSeen = st.ledger.length;
    expect([...settled(w, st), ...(await topLines(w))]).toEqual([]);
    // The same line against a service holding one more finished person in the campaign.
    w.tab(0);
    const id = w.boundCampaignId();
    const more = st.campaigns.map((c) => (c.id === id ? { ...c, leads: [...c.leads, { ...c.leads[0]!, id: 'ld_extra', email: 'extra@example.com' }] } : c));
    expect(await topLines(w, async () => ({ ...st, campaigns: more }))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^the top line says the campaign as the service holds it: Leads A says “All 3 ready.*the service: 4 ready, 0 waiting, 4 leads/),
      ]),
    );
  });
});
