// The key and the address (docs/rules.md#settings): checked on saving, kept with its host, never sent elsewhere.
// @not-under no-document, test-deployment-throws, test-deployment-silent, published-hourly, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { join } from 'node:path';
import { AppsScriptStandin } from '../../../dev/standin';
import { SIM_KEYS } from '../../../dev/sim/types';
import { leadRow, publishedBuild, startAddon, type Addon } from '../harness';
import { spawnSimulator } from '../../../dev/sim/spawn';
import type { SimHandle } from '../../../dev/sim/server';

jest.setTimeout(180_000);

let a: Addon;
afterEach(async () => {
  await a?.close();
});

describe('the key and its host', () => {
  describe('the key stays with its host', () => {
    it('should not send the saved key to a new address saved with the key field empty', async () => {
      a = await startAddon();
      a.connect();
      await a.sim.control({ action: 'clearRequests' });
      const otherHost = a.sim.baseUrl.replace('127.0.0.1', 'localhost');
      const r = a.call('saveSettings', { baseUrl: otherHost, apiKey: '' });
      expect(r).toMatchObject({ ok: false, error: { code: 'no_settings', message: expect.stringMatching(/Type the API key again for localhost/) } });
      expect(await a.requests()).toEqual([]);
      expect(a.call('saveSettings', { baseUrl: otherHost, apiKey: SIM_KEYS.write })).toMatchObject({ ok: true });
    });

    it("should refuse, in a sentence, an address outside a published build's allowlist", async () => {
      const bundlePath = join(await publishedBuild(['https://api.example.com/']), 'Code.js');
      const gas = new AppsScriptStandin({ bundlePath, addonMode: true });
      const r = gas.call<any>('saveSettings', { baseUrl: 'https://other.example.org/api/v1', apiKey: 'sk_x' });
      expect(r).toMatchObject({ ok: false, error: { code: 'bad_input', message: expect.stringMatching(/may only reach https:\/\/api\.example\.com\//) } });
      expect(gas.fetches).toEqual([]);
      await gas.close();
    });
  });
});

describe('saving a key', () => {
  it('should find out on saving whether the key can write, changing nothing in the service', async () => {
    a = await startAddon();
    a.sheet([leadRow(1)]);
    const before = await a.state();
    const readOnly = a.call('saveSettings', { baseUrl: a.sim.baseUrl, apiKey: SIM_KEYS.readOnly });
    expect(readOnly).toMatchObject({ ok: true, settings: { connected: true, canWrite: false } });
    expect(a.call('getSidebarState').settings).toMatchObject({ connected: true, canWrite: false });
    const write = a.call('saveSettings', { baseUrl: a.sim.baseUrl, apiKey: SIM_KEYS.write });
    expect(write).toMatchObject({ ok: true, settings: { connected: true, canWrite: true } });
    const stops = (await a.requests()).filter((r) => /\/stop$/.test(r.path));
    expect(stops.map((r) => r.status)).toEqual([403, 404]);
    const st = await a.state();
    expect(st.campaigns).toEqual(before.campaigns);
    expect(st.ledger).toEqual(before.ledger);
  });
});

describe('redirects', () => {
  let a: Addon | undefined;
  let other: SimHandle | undefined;
  afterEach(async () => {
    await a?.gas.close();
    await a?.close();
    await other?.close();
    a = undefined;
    other = undefined;
  });

  describe.each(['keep-headers', 'drop-auth-across-hosts'] as const)('redirects followed with %s', (redirects) => {
    it('should never send the key to the address a redirect points to, and name that address', async () => {
      a = await startAddon({}, { readings: { redirects } });
      a.connect();
      a.pushedCampaign(2);
      other = await spawnSimulator({ port: 0, clock: 'manual' });
      await a.sim.control({ action: 'configure', config: { faults: { redirectTo: other.origin } } });
      const r = a.call('refreshNow');
      expect(r).toMatchObject({ ok: false, error: { message: expect.stringContaining(other.origin) } });
      expect(a.call('saveSettings', { baseUrl: a.sim.baseUrl, apiKey: SIM_KEYS.write })).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining(other.origin) },
      });
      expect((await other.control({ action: 'requests' })).requests).toEqual([]);
    });
  });
});

describe('a request that failed, as the sidebar says it', () => {
  it('should name the request in words a person reads, never as an HTTP method and path', async () => {
    a = await startAddon();
    a.connect();
    // A read applied and its answer lost, then reads answered with a gateway's HTML page, retries included.
    await a.sim.control({ action: 'configure', config: { faults: { dropReplies: 1, dropMatch: '^GET /templates' } } });
    const lost = a.call<any>('listTemplates');
    expect(lost).toMatchObject({
      ok: false,
      error: { code: 'network', message: 'The video service did not answer the request for the list of templates; nothing was changed.' },
    });
    await a.sim.control({ action: 'configure', config: { faults: { dropReplies: 0, html502Replies: 10, dropMatch: '^GET /campaigns$' } } });
    const html = a.call<any>('listCampaigns');
    expect(html).toMatchObject({ ok: false, error: { message: expect.stringMatching(/Nothing was changed/) } });
    for (const r of [lost, html]) expect(r.error.message).not.toMatch(/\b(GET|POST) \/|\/campaigns|\/templates/);
  });
});
