// A playground session on a real-clock simulator: the stand-in follows the simulator's clock, so idle time between calls never counts against Apps Script's 6-minute limit.
import { PlaygroundSession } from '../../../dev/playground/session';
import { SIM_KEYS, type SimState } from '../../../dev/sim/types';

jest.setTimeout(60_000);

describe('playground session', () => {
  let session: PlaygroundSession;
  beforeAll(async () => {
    session = await PlaygroundSession.start();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('should open the sample spreadsheet with the add-on menu and its sidebar shown', () => {
    expect(session.gas.spreadsheet.getSheets().map((s) => s.getName())).toEqual(['Leads', 'Follow-ups']);
    expect(session.gas.ui.sidebars).toHaveLength(1);
    expect(session.sidebarHtml()).toContain('<title>Personalized videos</title>');
  });

  it('should not trip the 6-minute limit after the simulator clock ran on for ten minutes between calls', async () => {
    const saved = session.call('saveSettings', [{ baseUrl: session.sim.baseUrl, apiKey: SIM_KEYS.write }]) as { ok: boolean };
    expect(saved.ok).toBe(true);
    await session.sim.control({ action: 'advance', ms: 10 * 60_000 });
    const templates = session.call('listTemplates', []) as { ok: boolean };
    expect(templates.ok).toBe(true);
    const simNow = ((await session.sim.control({ action: 'state' })) as SimState).now;
    expect(Math.abs(session.gas.clock.now() - simNow)).toBeLessThan(5_000);
  });
});
