// The playground server's HTTP contract: page, sidebar with shim, state, actions (grid, sort, move, faults, who is signed in), the google.script.run bridge, the timer, and its refusals.
import { request } from 'node:http';
import { startPlayground, type Playground } from '../../../dev/playground/server';
import type { GasRunReply, PlaygroundState } from '../../../dev/playground/protocol';
import { SIM_KEYS } from '../../../dev/sim/types';

jest.setTimeout(60_000);

let pg: Playground;

beforeAll(async () => {
  pg = await startPlayground({ port: 0, timerEveryMs: 200 });
});
afterAll(async () => {
  await pg?.close();
});

const state = async (): Promise<PlaygroundState> => (await fetch(`${pg.url}/api/state`)).json() as Promise<PlaygroundState>;
const post = (path: string, body: unknown) =>
  fetch(`${pg.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const gas = async (name: string, ...args: unknown[]): Promise<GasRunReply> => (await post('/gas/run', { name, args })).json() as Promise<GasRunReply>;

/** A raw GET with a chosen Host header (fetch will not let a caller set it). */
function getWithHost(path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: pg.port, path, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let v = await read(); ; v = await read()) {
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('playground server', () => {
  it('should serve the page and the sidebar with the google.script shim ahead of its script', async () => {
    const page = await fetch(`${pg.url}/`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('id="sidebar-frame"');
    const sidebar = await (await fetch(`${pg.url}/sidebar`)).text();
    const shimAt = sidebar.indexOf('/gas/run');
    expect(shimAt).toBeGreaterThan(0);
    expect(shimAt).toBeLessThan(sidebar.indexOf('</head>'));
  });

  it('should report the simulator, the menu, the sidebar, the timer, the tabs and the active sheet', async () => {
    const s = await state();
    expect(s.sim).toEqual({
      baseUrl: pg.session.sim.baseUrl,
      writeKey: SIM_KEYS.write,
      readKey: SIM_KEYS.readOnly,
      balance: expect.any(Number),
      faults: { stall: false, error500: false, rate429: false, apiOff: false, failRenders: false },
    });
    expect(s.user).toEqual({ email: 'alice@example.com', other: false });
    expect(s.menus[0]?.items).toEqual(['Open sidebar', 'Refresh video status now', 'Check setup']);
    expect(s.sidebar.opens).toBe(1);
    expect(s.timer).toMatchObject({ installed: 0, everyMs: 200 });
    expect(s.tabs.map((t) => t.name)).toEqual(['Leads', 'Follow-ups']);
    expect(s.sheet.name).toBe('Leads');
    expect(s.sheet.display[0]?.slice(0, 3)).toEqual(['First name', 'Last name', 'Company']);
  });

  it('should bridge google.script.run: a reply as its value, a thrown error as ok:false with its message', async () => {
    const r = await gas('getSidebarState');
    expect(r.ok && (r.value as { ok: boolean; sheet: { name: string } }).sheet.name).toBe('Leads');
    expect(await gas('noSuchFunction')).toEqual({ ok: false, message: 'Script function not found: noSuchFunction' });
  });

  it('should apply select, edit, filter and activate to the stand-in spreadsheet', async () => {
    const leads = (await state()).sheet.id;
    expect((await post('/api/select', { sheetId: leads, ranges: ['2:4'] })).status).toBe(200);
    const r = await gas('getSidebarState');
    expect(r.ok && (r.value as { selection: { rows: number } }).selection.rows).toBe(3);
    await post('/api/edit', { sheetId: leads, row: 2, col: 2, value: 'Archer' });
    expect((await state()).sheet.display[1]?.[1]).toBe('Archer');
    await post('/api/filter', { sheetId: leads, col: 3, text: 'copperleaf' });
    expect((await state()).sheet.hidden.length).toBe(45);
    await post('/api/filter', { sheetId: leads, clear: true });
    expect((await state()).sheet.hidden).toEqual([]);
    const followUps = (await state()).tabs[1]!.id;
    await post('/api/activate', { sheetId: followUps });
    expect((await state()).sheet.name).toBe('Follow-ups');
    await post('/api/activate', { sheetId: leads });
  });

  it('should sort the Leads rows by a column and move a column, in the stand-in spreadsheet', async () => {
    const leads = (await state()).sheet.id;
    expect((await post('/api/sort', { sheetId: leads, col: 1, ascending: false })).status).toBe(200);
    const names = (await state()).sheet.display
      .slice(1, 51)
      .map((line) => line[0]!)
      .filter((n) => n !== '');
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    expect((await post('/api/move', { sheetId: leads, col: 3, by: -1 })).status).toBe(200);
    expect((await state()).sheet.display[0]?.slice(0, 3)).toEqual(['First name', 'Company', 'Last name']);
    await post('/api/move', { sheetId: leads, col: 2, by: 1 });
    await post('/api/sort', { sheetId: leads, col: 2, ascending: true });
    const lastNames = (await state()).sheet.display
      .slice(1, 51)
      .map((line) => line[1]!)
      .filter((n) => n !== '');
    expect(lastNames).toEqual([...lastNames].sort((x, y) => x.localeCompare(y)));
    const edge = await post('/api/move', { sheetId: leads, col: 1, by: -1 });
    expect([edge.status, await edge.json()]).toEqual([400, { message: 'Column A is already at the left end of the data.' }]);
    expect((await post('/api/move', { sheetId: leads, col: 2, by: 2 })).status).toBe(400);
  });

  it('should delete the selected rows and add a tab, in the stand-in spreadsheet', async () => {
    const before = (await state()).sheet;
    await post('/api/select', { sheetId: before.id, ranges: ['3:4'] });
    expect((await post('/api/deleteRows', { sheetId: before.id })).status).toBe(200);
    const after = (await state()).sheet;
    expect(after.display.slice(1, 4)).toEqual([before.display[1], before.display[4], before.display[5]]);
    await post('/api/select', { sheetId: before.id, ranges: ['A:A'] });
    const refused = await post('/api/deleteRows', { sheetId: before.id });
    expect([refused.status, await refused.json()]).toEqual([400, { message: 'A tab keeps at least one row: select fewer rows to delete.' }]);
    expect((await post('/api/addTab', {})).status).toBe(200);
    const s = await state();
    expect(s.tabs.map((t) => t.name)).toEqual(['Leads', 'Follow-ups', 'Sheet3']);
    expect(s.sheet.name).toBe('Sheet3');
    await post('/api/activate', { sheetId: before.id });
  });

  it('should sign in as another person with their own user properties, and back', async () => {
    expect((await gas('saveSettings', { baseUrl: pg.session.sim.baseUrl, apiKey: SIM_KEYS.write })).ok).toBe(true);
    await post('/api/user', { other: true });
    expect((await state()).user).toEqual({ email: 'bob@example.com', other: true });
    const theirs = await gas('getSidebarState');
    expect(theirs.ok && (theirs.value as { settings: { connected: boolean } }).settings.connected).toBe(false);
    await post('/api/user', { other: false });
    const mine = await gas('getSidebarState');
    expect(mine.ok && (mine.value as { settings: { connected: boolean } }).settings.connected).toBe(true);
    expect((await post('/api/user', { other: 'yes' })).status).toBe(400);
  });

  it('should click a menu item, and the sidebar count should grow when it opens the sidebar', async () => {
    expect((await post('/api/menu', { caption: 'Open sidebar' })).status).toBe(200);
    expect((await state()).sidebar.opens).toBe(2);
    const bad = await post('/api/menu', { caption: 'Nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'The add-on has no menu item “Nope”.' });
  });

  it('should report the dialog Check setup opens, with its HTML and size, for the page to show as a dialog', async () => {
    expect((await post('/api/menu', { caption: 'Check setup' })).status).toBe(200);
    expect((await state()).dialog).toMatchObject({
      seq: 1,
      title: 'Check setup',
      width: 560,
      height: 460,
      html: expect.stringMatching(/Your properties[\s\S]*Timer \(auto-refresh\)/),
    });
  });

  it('should switch a simulator fault on and off', async () => {
    await post('/api/fault', { name: 'apiOff', on: true });
    expect((await state()).sim.faults.apiOff).toBe(true);
    await post('/api/fault', { name: 'apiOff', on: false });
    expect((await state()).sim.faults.apiOff).toBe(false);
  });

  it('should switch render failures on (one in five) and off', async () => {
    await post('/api/fault', { name: 'failRenders', on: true });
    expect((await state()).sim.faults.failRenders).toBe(true);
    expect((await pg.session.sim.control({ action: 'state' })).config.failRate).toBe(0.2);
    await post('/api/fault', { name: 'failRenders', on: false });
    expect((await state()).sim.faults.failRenders).toBe(false);
  });

  it('should fire the installed time trigger every timer interval, and not without one', async () => {
    expect((await gas('saveSettings', { baseUrl: pg.session.sim.baseUrl, apiKey: SIM_KEYS.write })).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect((await state()).timer.lastRunAt).toBeNull();
    const on = await gas('setAutoRefresh', { on: true });
    expect(on.ok && (on.value as { ok: boolean }).ok).toBe(true);
    // With nothing to watch the add-on may remove its trigger on that first run; the run is what counts here.
    const s = await until(state, (x) => x.timer.lastRunAt !== null);
    expect(s.timer.lastError).toBeNull();
    expect(pg.session.gas.triggerErrors).toEqual([]);
  });

  it('should reset to a fresh spreadsheet, simulator and properties', async () => {
    const before = await state();
    expect((await post('/api/reset', {})).status).toBe(200);
    const after = await state();
    expect(after.session).toBe(before.session + 1);
    expect(after.timer).toMatchObject({ installed: 0, lastRunAt: null });
    expect(after.sheet.display[1]?.[1]).toBe('Adams');
    const r = await gas('getSidebarState');
    expect(r.ok && (r.value as { settings: { connected: boolean } }).settings.connected).toBe(false);
  });

  it('should refuse a POST that is not JSON, a bad body, a wrong method, an unknown path, and another host name', async () => {
    const form = await fetch(`${pg.url}/api/reset`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ message: 'Send JSON (content-type: application/json).' });
    const broken = await fetch(`${pg.url}/gas/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(broken.status).toBe(400);
    expect((await post('/api/select', { sheetId: 1, ranges: [] })).status).toBe(400);
    expect((await post('/api/select', { sheetId: 999, ranges: ['A1'] })).status).toBe(400);
    expect((await post('/api/fault', { name: 'fire', on: true })).status).toBe(400);
    expect((await post('/gas/run', { name: 'x; y', args: [] })).status).toBe(400);
    expect((await fetch(`${pg.url}/api/state`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${pg.url}/nowhere`)).status).toBe(404);
    expect(await getWithHost('/api/state', 'evil.example:80')).toBe(403);
    expect(await getWithHost('/api/state', `localhost:${pg.port}`)).toBe(200);
  });
});
