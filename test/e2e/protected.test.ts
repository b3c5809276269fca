// Protected ranges (docs/rules.md#readings): a write to a protected output cell is refused by Sheets; the person gets a
// sentence, and nothing is lost — once the protection goes, the next press or run writes what was missing.
import { HEADERS, leadRow, startAddon, columnLetter, type Addon } from './harness';

const OUTPUTS = ['Lead ID', 'Campaign ID', 'Page URL', 'Video URL', 'Video Status', 'Video Note'];

/** A tab whose output columns exist, with `header`'s column protected for everyone but the owner. */
function protectedTab(a: Addon, header: string, n = 3) {
  const sheet = a.sheet(
    Array.from({ length: n }, (_, i) => [...leadRow(i), '', '', '', '', '', '']),
    [...HEADERS, ...OUTPUTS],
  );
  const col = columnLetter([...HEADERS, ...OUTPUTS].indexOf(header) + 1);
  a.gas.spreadsheet.protectRange(sheet, `${col}1:${col}`, ['owner@example.com']);
  return sheet;
}

const unprotect = (a: Addon) => a.gas.spreadsheet.protections.splice(0);

async function leadsInService(a: Addon): Promise<number> {
  return (await a.state()).campaigns.filter((c) => c.workspaceId === 'ws_main').reduce((n, c) => n + c.leads.length, 0);
}

describe('protected cells', () => {
  let a: Addon | undefined;
  afterEach(async () => {
    await a?.gas.close();
    await a?.close();
    a = undefined;
  });

  it('should say so when the Lead ID column is protected, and send nobody twice once it is not', async () => {
    a = await startAddon();
    a.connect();
    protectedTab(a, 'Lead ID');
    a.createCampaign();
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({
      ok: false,
      error: { code: 'protected', message: expect.stringMatching(/protected .*Lead ID.*Nothing is lost/) },
    });
    unprotect(a);
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true });
    expect(a.column('Lead ID').every((id) => String(id).length > 0)).toBe(true);
    expect(await leadsInService(a)).toBe(3);
  });

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

  it('should charge as asked and say in a toast that a protected Video credits tab could not record it', async () => {
    a = await startAddon();
    a.connect();
    a.pushedCampaign(2);
    const credits = a.gas.spreadsheet.addSheet('Video credits', [
      ['When', 'Campaign', 'Campaign ID', 'Part', 'Action', 'People', 'Credits quoted', 'Credits charged', 'Key', 'Note'],
    ]);
    a.gas.spreadsheet.protectRange(credits, 'A1:J', ['owner@example.com']);
    expect(a.generate()).toMatchObject({ ok: true, started: 2 });
    expect(a.gas.ui.toasts.at(-1)).toMatchObject({
      title: 'Video credits',
      message: expect.stringMatching(/protected, so this charge \(generate, Q3 outreach\) was not recorded/),
    });
  });

  it('should write through a warning-only protection', async () => {
    a = await startAddon({}, { readings: { protectedCells: 'warn-only' } });
    a.connect();
    protectedTab(a, 'Lead ID');
    a.createCampaign();
    a.selectRows(2, 4);
    expect(a.call('addSelectedRows')).toMatchObject({ ok: true, added: 3 });
  });
});
