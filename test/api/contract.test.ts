// Contract tests: the real client over the Node transport against the simulator in a child process.
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import type { Clock } from '../../src/core/clock';
import { createNodeTransport } from '../../dev/node-transport';
import { spawnSimulator } from '../../dev/sim/spawn';
import type { SimHandle } from '../../dev/sim/server';
import { SIM_KEYS, SIM_PRICES, SIM_TEMPLATES, SIM_WORKSPACES, type SimControl, type SimRequestLogEntry, type SimState } from '../../dev/sim/types';
import { SyncHttp } from '../../dev/sync-http';
import type { PersonInput } from '../../src/shared/person';
/** One attempt, no wait: the reply as the service gave it. */
const NO_RETRY = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 };

let sim: SimHandle;
let http: SyncHttp;

/** Control from inside synchronous code (the clock's sleep), over the same blocking HTTP as the client. */
function controlSync<T>(msg: SimControl): T {
  const res = http.request({ method: 'POST', url: `${sim.origin}/__sim/control`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(msg) });
  if (res.status !== 200) throw new Error(`control ${msg.action} answered ${res.status}: ${res.body}`);
  return JSON.parse(res.body) as T;
}

/** The client's clock is the simulator's manual clock: sleeping advances it. */
const simClock: Clock = {
  now: () => controlSync<{ now: number }>({ action: 'advance', ms: 0 }).now,
  sleep: (ms) => {
    controlSync({ action: 'advance', ms });
  },
};

function client(apiKey: string = SIM_KEYS.write, extra: Partial<ApiClientOptions> = {}): ApiClient {
  return createApiClient({ baseUrl: sim.baseUrl, apiKey, transport: createNodeTransport(http), clock: simClock, ...extra });
}

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a throw');
}

async function requests(filter?: (r: SimRequestLogEntry) => boolean): Promise<SimRequestLogEntry[]> {
  const { requests: all } = (await sim.control({ action: 'requests' })) as { requests: SimRequestLogEntry[] };
  return filter ? all.filter(filter) : all;
}

const state = async (): Promise<SimState> => (await sim.control({ action: 'state' })) as SimState;

const people = (n: number, from = 0): PersonInput[] =>
  Array.from({ length: n }, (_, i) => ({ firstName: `Person${from + i}`, company: 'ACME', email: `p${from + i}@acme.example` }));

/** A campaign on `templateId` with `n` people added. */
function campaignWith(api: ApiClient, n: number, templateId: string = SIM_TEMPLATES.ready): string {
  const { id } = api.createCampaign({ templateId, name: `Test ${templateId}` });
  if (n > 0) api.addPeople(id, people(n));
  return id;
}

beforeAll(async () => {
  sim = await spawnSimulator({ port: 0, clock: 'manual' });
  http = new SyncHttp();
});

afterAll(async () => {
  await http?.close();
  await sim?.close();
});

beforeEach(async () => {
  await sim.control({ action: 'reset' });
});

describe('ApiClient against the simulator', () => {
  describe('replies', () => {
    it('should parse the reply of every endpoint', async () => {
      const api = client();
      const templates = api.listTemplates();
      expect(templates.find((t) => t.id === SIM_TEMPLATES.ready)?.usable).toBe(true);
      expect(templates.find((t) => t.id === SIM_TEMPLATES.voicePending)?.blockedReason).toEqual(expect.any(String));

      const created = api.createCampaign({ templateId: SIM_TEMPLATES.ready, name: 'x'.repeat(90), goal: 'CTOs' });
      expect(created).toMatchObject({ templateId: SIM_TEMPLATES.ready, status: 'draft' });
      expect(created.name).toHaveLength(80);

      const added = api.addPeople(created.id, people(5));
      expect(added).toMatchObject({ added: 5, skipped: 0, total: 5 });
      expect(added.people[0]!.url).toMatch(new RegExp(`^${sim.pageBase}/p/`));

      expect(api.getEstimate(created.id)).toEqual({
        leads: 5,
        low: 5 * SIM_PRICES.video,
        high: 5 * (SIM_PRICES.video + SIM_PRICES.lookup),
        balance: expect.any(Number),
        affordable: true,
      });

      const preview = api.preview(created.id);
      expect(preview.campaignId).toBe(created.id);
      expect(preview.made).toBeGreaterThan(0);

      const rendering = api.getCampaign(created.id);
      expect(rendering.counts.rendering).toBe(preview.made);
      expect(Object.values(rendering.stages).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

      await sim.control({ action: 'advance', ms: 120_000 });
      expect(api.generate(created.id)).toMatchObject({ campaignId: created.id, started: 5 - preview.made });

      const lead = api.getLead(added.people[0]!.id);
      expect(lead).toMatchObject({ id: added.people[0]!.id, campaignId: created.id, videoReady: true, status: 'complete' });

      const videos = api.listVideos(created.id);
      expect(videos.length).toBe(preview.made);
      expect(videos.every((v) => v.url.startsWith(`${sim.pageBase}/p/`))).toBe(true);

      const summaries = api.listCampaigns(10);
      expect(summaries[0]).toMatchObject({ id: created.id, leadCount: 5 });

      await sim.control({ action: 'advance', ms: 5_000 });
      expect(api.stop(created.id)).toMatchObject({ campaignId: created.id, status: 'stopped' });
    });

    it('should keep the stalled object when renders stop moving', async () => {
      await sim.control({ action: 'reset', config: { faults: { stall: true } } });
      const api = client();
      const id = campaignWith(api, 2);
      api.generate(id);
      await sim.control({ action: 'advance', ms: 30 * 60_000 });
      expect(api.getCampaign(id).stalled).toEqual(expect.any(Object));
    });
  });

  describe('error codes', () => {
    it('should answer forbidden to a read-only key that writes', () => {
      const e = caught(() => client(SIM_KEYS.readOnly).createCampaign({ templateId: SIM_TEMPLATES.ready, name: 'x' }));
      expect([e.code, e.status]).toEqual(['forbidden', 403]);
    });

    it('should answer unauthorized to a revoked key', () => {
      const e = caught(() => client(SIM_KEYS.revoked).listTemplates());
      expect([e.code, e.status]).toEqual(['unauthorized', 401]);
    });

    it("should answer not_found for another workspace's campaign, after one probe", async () => {
      const id = campaignWith(client(), 0);
      await sim.control({ action: 'clearRequests' });
      const e = caught(() => client(SIM_KEYS.other).getCampaign(id));
      expect([e.code, e.status]).toEqual(['not_found', 404]);
      expect((await requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([`GET /campaigns/${id} 404`, 'GET /templates 200']);
    });

    it('should answer api_off when the API is switched off, on a known path and on an id path', async () => {
      await sim.control({ action: 'configure', config: { faults: { apiOff: true } } });
      const api = client();
      expect(caught(() => api.listTemplates()).code).toBe('api_off');
      expect(caught(() => api.getLead('ld_1')).code).toBe('api_off');
      expect(caught(() => api.createCampaign({ templateId: SIM_TEMPLATES.ready, name: 'x' })).code).toBe('api_off');
    });

    it('should answer insufficient_credits when the balance is 0', async () => {
      const api = client();
      const id = campaignWith(api, 2);
      await sim.control({ action: 'setWorkspace', workspaceId: SIM_WORKSPACES.main, balance: 0 });
      const e = caught(() => api.generate(id));
      expect([e.code, e.status]).toEqual(['insufficient_credits', 402]);
    });

    it('should answer past_due when the last payment failed', async () => {
      const api = client();
      const id = campaignWith(api, 2);
      await sim.control({ action: 'setWorkspace', workspaceId: SIM_WORKSPACES.main, pastDue: true });
      expect(caught(() => api.preview(id)).code).toBe('past_due');
    });

    it('should answer no_voice for a recording whose voice is not ready', () => {
      const api = client();
      const id = campaignWith(api, 2, SIM_TEMPLATES.voicePending);
      const e = caught(() => api.generate(id));
      expect([e.code, e.status]).toEqual(['no_voice', 409]);
    });

    it('should answer needs_refilm for a recording with no name in it', () => {
      const api = client();
      const id = campaignWith(api, 2, SIM_TEMPLATES.noName);
      expect(caught(() => api.preview(id)).code).toBe('needs_refilm');
    });

    it('should answer not_ready when nobody is waiting', () => {
      const api = client();
      const id = campaignWith(api, 0);
      const e = caught(() => api.generate(id));
      expect([e.code, e.status]).toEqual(['not_ready', 409]);
    });

    it('should answer campaign_busy to a second generate at once, and not retry it', async () => {
      const api = client();
      const id = campaignWith(api, 2);
      api.generate(id);
      await sim.control({ action: 'clearRequests' });
      const e = caught(() => api.generate(id));
      expect([e.code, e.status]).toEqual(['campaign_busy', 409]);
      expect(await requests()).toHaveLength(1);
    });

    it("should answer cap_reached when the key's daily allowance is spent", () => {
      const api = client(SIM_KEYS.lowCap);
      const id = campaignWith(api, 6);
      const e = caught(() => api.generate(id));
      expect([e.code, e.status]).toEqual(['cap_reached', 429]);
    });

    it('should answer rate_limited on the 121st request in a minute with the pacer off', async () => {
      const api = client(SIM_KEYS.write, { pacer: null, retryPolicy: NO_RETRY });
      for (let i = 0; i < 120; i++) api.listTemplates();
      const e = caught(() => api.listTemplates());
      expect([e.code, e.status]).toEqual(['rate_limited', 429]);
      expect(await requests((r) => r.status === 429)).toHaveLength(1);
    });

    it('should answer internal on a server fault', async () => {
      await sim.control({ action: 'configure', config: { faults: { error500Rate: 1 } } });
      const e = caught(() => client(SIM_KEYS.write, { retryPolicy: NO_RETRY }).listTemplates());
      expect([e.code, e.status]).toEqual(['internal', 500]);
    });

    it('should report a dropped reply as network and not send the create again', async () => {
      await sim.control({ action: 'configure', config: { faults: { dropReplies: 1, dropMatch: '^POST /campaigns$' } } });
      const api = client();
      const e = caught(() => api.createCampaign({ templateId: SIM_TEMPLATES.ready, name: 'Dropped' }));
      expect(e.code).toBe('network');
      expect(e.message).toMatch(/may or may not have been applied/);
      expect(await requests((r) => r.path === '/campaigns' && r.method === 'POST')).toHaveLength(1);
      expect(api.listCampaigns().map((c) => c.name)).toContain('Dropped');
    });
  });

  describe('retries', () => {
    it('should retry internal with growing waits until the attempts run out', async () => {
      await sim.control({ action: 'configure', config: { faults: { error500Rate: 1 } } });
      const start = simClock.now();
      expect(caught(() => client().getCampaign('cmp_1')).code).toBe('internal');
      const log = await requests();
      expect(log.map((r) => r.status)).toEqual([500, 500, 500, 500, 500, 500]);
      expect(log.map((r) => r.at - start)).toEqual([0, 1000, 3000, 7000, 15000, 31000]);
    });

    it('should retry rate_limited after the Retry-After wait and then succeed', async () => {
      const api = client(SIM_KEYS.write, { pacer: null });
      for (let i = 0; i < 121; i++) api.listTemplates();
      const log = await requests();
      expect(log).toHaveLength(122);
      expect(log.filter((r) => r.status === 429)).toHaveLength(1);
      expect(log[121]!.status).toBe(200);
    });

    it('should retry campaign_busy on adding people until the campaign is free', async () => {
      const api = client();
      const id = campaignWith(api, 2);
      api.generate(id);
      await sim.control({ action: 'clearRequests' });
      expect(api.addPeople(id, people(1, 50)).added).toBe(1);
      // Busy while the generate's renders run (the plain reading of "already generating"), then free.
      const codes = (await requests()).map((r) => r.code ?? r.status);
      expect(codes[codes.length - 1]).toBe(200);
      expect(codes.slice(0, -1).length).toBeGreaterThan(0);
      expect(new Set(codes.slice(0, -1))).toEqual(new Set(['campaign_busy']));
    });

    it.each([
      ['createCampaign', (api: ApiClient) => api.createCampaign({ templateId: SIM_TEMPLATES.ready, name: 'x' })],
      ['preview', (api: ApiClient, id: string) => api.preview(id)],
      ['generate', (api: ApiClient, id: string) => api.generate(id)],
    ])('should never retry %s, and report a 500 as an unknown outcome', async (_name, run) => {
      const api = client();
      const id = campaignWith(api, 2);
      await sim.control({ action: 'configure', config: { faults: { error500Rate: 1 } } });
      await sim.control({ action: 'clearRequests' });
      expect(caught(() => run(api, id)).code).toBe('network');
      expect(await requests()).toHaveLength(1);
    });

    it('should never trip 429 on its own with the default pacer', async () => {
      const api = client();
      const start = simClock.now();
      for (let i = 0; i < 130; i++) api.listTemplates();
      expect(await requests((r) => r.status === 429)).toHaveLength(0);
      expect(simClock.now() - start).toBeGreaterThanOrEqual(60_000);
    });
  });

  describe('money and people', () => {
    it('should return the same ids and add nobody when the same people are sent again', async () => {
      const api = client();
      const id = campaignWith(api, 0);
      const first = api.addPeople(id, people(4));
      const second = api.addPeople(id, people(4));
      expect(second).toMatchObject({ added: 0, skipped: 4, total: 4 });
      const ids = (r: typeof first): string[] => r.people.map((p) => p.id).sort();
      expect(ids(second)).toEqual(ids(first));
      expect((await state()).campaigns.find((c) => c.id === id)!.leads).toHaveLength(4);
    });

    it('should refund people a stop cancels before they start', async () => {
      await sim.control({ action: 'reset', config: { concurrency: 2 } });
      const api = client();
      const id = campaignWith(api, 6);
      const charged = api.generate(id).creditsCharged;
      await sim.control({ action: 'advance', ms: 4_000 });
      const stop = api.stop(id);
      expect(stop.stopped).toBeGreaterThan(0);
      expect(stop.stopped + stop.stillRendering).toBe(6);
      const s = await state();
      const refunds = s.ledger.filter((l) => l.kind === 'refund' && l.campaignId === id).reduce((n, l) => n + l.credits, 0);
      // These people have no website, so each was charged the video price alone.
      expect(refunds).toBe(stop.stopped * SIM_PRICES.video);
      expect(s.workspaces.find((w) => w.id === SIM_WORKSPACES.main)!.balance).toBe(10_000 - charged + refunds);
      expect(api.getCampaign(id).counts.cancelled).toBe(stop.stopped);
    });

    it('should refund every failed render', async () => {
      await sim.control({ action: 'reset', config: { failRate: 1 } });
      const api = client();
      const id = campaignWith(api, 3);
      const before = (await state()).workspaces.find((w) => w.id === SIM_WORKSPACES.main)!.balance;
      const { creditsCharged } = api.generate(id);
      expect(creditsCharged).toBeGreaterThan(0);
      await sim.control({ action: 'advance', ms: 10 * 60_000 });
      expect(api.getCampaign(id).counts.failed).toBe(3);
      const s = await state();
      const refunds = s.ledger.filter((l) => l.kind === 'refund' && l.campaignId === id).reduce((n, l) => n + l.credits, 0);
      expect(refunds).toBe(creditsCharged);
      expect(s.workspaces.find((w) => w.id === SIM_WORKSPACES.main)!.balance).toBe(before);
    });

    it('should reject 1001 people before sending anything', async () => {
      const api = client();
      const id = campaignWith(api, 0);
      await sim.control({ action: 'clearRequests' });
      expect(caught(() => api.addPeople(id, people(1001))).code).toBe('bad_input');
      expect(await requests()).toHaveLength(0);
    });
  });
});
