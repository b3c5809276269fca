import { API_OFF_MESSAGE, createApiClient, type ApiClient, type ApiClientOptions } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { createPacer } from '../../src/api/pacer';
import type { HttpResponse } from '../../src/core/http';
import { apiError, FakeClock, html, json, sample, ScriptedTransport, type Scripted } from './fakes';

const BASE = 'https://video.example/api/v1';
const KEY = 'sk_live_secret';

function setup(transport: ScriptedTransport, extra: Partial<ApiClientOptions> = {}): { api: ApiClient; clock: FakeClock } {
  const clock = new FakeClock();
  const api = createApiClient({ baseUrl: BASE, apiKey: KEY, transport, clock, pacer: null, ...extra });
  return { api, clock };
}

function caught(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw new Error(`expected an ApiError, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected a throw');
}

type Method = keyof ApiClient;
interface Case {
  name: Method;
  run: (api: ApiClient) => unknown;
  method: 'GET' | 'POST';
  path: string;
  reply: unknown;
  expected: unknown;
}

const CASES: Case[] = [
  {
    name: 'listTemplates',
    run: (a) => a.listTemplates(),
    method: 'GET',
    path: '/templates',
    reply: { templates: [sample.template] },
    expected: [sample.template],
  },
  {
    name: 'listCampaigns',
    run: (a) => a.listCampaigns(),
    method: 'GET',
    path: '/campaigns',
    reply: { campaigns: [sample.summary] },
    expected: [sample.summary],
  },
  {
    name: 'createCampaign',
    run: (a) => a.createCampaign({ templateId: 'tpl_1', name: 'Q3' }),
    method: 'POST',
    path: '/campaigns',
    reply: sample.created,
    expected: sample.created,
  },
  {
    name: 'addPeople',
    run: (a) => a.addPeople('c_1', [{ firstName: 'Ada' }]),
    method: 'POST',
    path: '/campaigns/c_1/leads',
    reply: { added: 1, skipped: 0, total: 1, people: [sample.person] },
    expected: { added: 1, skipped: 0, total: 1, people: [sample.person] },
  },
  { name: 'getEstimate', run: (a) => a.getEstimate('c_1'), method: 'GET', path: '/campaigns/c_1/estimate', reply: sample.estimate, expected: sample.estimate },
  { name: 'preview', run: (a) => a.preview('c_1'), method: 'POST', path: '/campaigns/c_1/preview', reply: sample.preview, expected: sample.preview },
  { name: 'generate', run: (a) => a.generate('c_1'), method: 'POST', path: '/campaigns/c_1/generate', reply: sample.generate, expected: sample.generate },
  { name: 'getCampaign', run: (a) => a.getCampaign('c_1'), method: 'GET', path: '/campaigns/c_1', reply: sample.detail, expected: sample.detail },
  { name: 'getLead', run: (a) => a.getLead('l_1'), method: 'GET', path: '/leads/l_1', reply: sample.lead, expected: sample.lead },
  {
    name: 'listVideos',
    run: (a) => a.listVideos('c_1'),
    method: 'GET',
    path: '/campaigns/c_1/videos',
    reply: { videos: [sample.video] },
    expected: [sample.video],
  },
  { name: 'stop', run: (a) => a.stop('c_1'), method: 'POST', path: '/campaigns/c_1/stop', reply: sample.stop, expected: sample.stop },
];

const byName = (n: Method): Case => CASES.find((c) => c.name === n)!;
const ONCE_ONLY = ['createCampaign', 'preview', 'generate', 'stop'];
const RETRIED = CASES.filter((c) => !ONCE_ONLY.includes(c.name));
/** Reads: a fault is retried. addPeople is retried only on a refusal that proves nothing was applied. */
const READS = CASES.filter((c) => c.method === 'GET');
const WRITES = CASES.filter((c) => c.method === 'POST');
const NEVER_RETRIED = CASES.filter((c) => ONCE_ONLY.includes(c.name));
const ID_PATHS = CASES.filter((c) => /c_1|l_1/.test(c.path));
const ALWAYS_THERE = CASES.filter((c) => !/c_1|l_1/.test(c.path));

describe('createApiClient', () => {
  describe('requests', () => {
    it.each(CASES)('should send $method $path for $name and return the parsed reply', (c) => {
      const t = ScriptedTransport.queue(json(200, c.reply));
      const { api } = setup(t);
      expect(c.run(api)).toEqual(c.expected);
      expect(t.paths).toEqual([`${c.method} ${c.path}`]);
      const req = t.requests[0]!;
      expect(req.headers.Authorization).toBe(`Bearer ${KEY}`);
      expect(req.headers.Accept).toBe('application/json');
      expect(req.headers['Content-Type']).toBe(c.method === 'POST' ? 'application/json' : undefined);
      if (c.method === 'POST') expect(() => JSON.parse(req.body ?? '')).not.toThrow();
      else expect(req.body).toBeUndefined();
    });

    it('should send the create body and the people wrapped in { people }', () => {
      const t = ScriptedTransport.queue(json(200, sample.created), json(200, { added: 0, skipped: 0, total: 0, people: [] }));
      const { api } = setup(t);
      api.createCampaign({ templateId: 'tpl_1', name: 'Q3', goal: 'CTOs' });
      api.addPeople('c_1', [{ firstName: 'Ada', company: 'ACME' }]);
      expect(JSON.parse(t.requests[0]!.body!)).toEqual({ templateId: 'tpl_1', name: 'Q3', goal: 'CTOs' });
      expect(JSON.parse(t.requests[1]!.body!)).toEqual({ people: [{ firstName: 'Ada', company: 'ACME' }] });
    });

    it('should tolerate a trailing slash on the base URL and encode ids into the path', () => {
      const t = ScriptedTransport.queue(json(200, sample.lead));
      const { api } = setup(t, { baseUrl: `${BASE}/` });
      api.getLead('a/b ?#c');
      expect(t.requests[0]!.url).toBe(`${BASE}/leads/a%2Fb%20%3F%23c`);
    });

    it('should pass the campaign list limit as a query, clamped to 1..100', () => {
      const t = ScriptedTransport.queue(json(200, { campaigns: [] }));
      const { api } = setup(t);
      api.listCampaigns(10);
      api.listCampaigns(500);
      api.listCampaigns(0);
      expect(t.requests.map((r) => r.url.slice(BASE.length))).toEqual(['/campaigns?limit=10', '/campaigns?limit=100', '/campaigns?limit=1']);
    });

    it('should refuse an empty id without sending anything', () => {
      const t = ScriptedTransport.queue(json(200, sample.detail));
      const { api } = setup(t);
      expect(caught(() => api.getCampaign(' ')).code).toBe('bad_input');
      expect(t.requests).toHaveLength(0);
    });
  });

  describe('people limit', () => {
    it('should reject 1001 people with bad_input before any request', () => {
      const t = ScriptedTransport.queue(json(200, { added: 0, skipped: 0, total: 0, people: [] }));
      const { api } = setup(t);
      const people = Array.from({ length: 1001 }, (_, i) => ({ firstName: `P${i}` }));
      const e = caught(() => api.addPeople('c_1', people));
      expect(e.code).toBe('bad_input');
      expect(e.status).toBe(0);
      expect(e.message).toMatch(/1000/);
      expect(t.requests).toHaveLength(0);
    });

    it('should send exactly 1000 people in one request', () => {
      const t = ScriptedTransport.queue(json(200, { added: 1000, skipped: 0, total: 1000, people: [] }));
      const { api } = setup(t);
      api.addPeople(
        'c_1',
        Array.from({ length: 1000 }, (_, i) => ({ firstName: `P${i}` })),
      );
      expect(JSON.parse(t.requests[0]!.body!).people).toHaveLength(1000);
    });
  });

  describe('replies', () => {
    it('should keep unknown fields and unknown stage keys', () => {
      const detail = { ...sample.detail, stages: { queued: 1, dubbing: 3 }, counts: { ...sample.detail.counts, archived: 4 }, extra: { x: 1 } };
      const { api } = setup(ScriptedTransport.queue(json(200, detail)));
      const got = api.getCampaign('c_1');
      expect(got.stages).toEqual({ queued: 1, dubbing: 3 });
      expect(got.counts.archived).toBe(4);
      expect(got.extra).toEqual({ x: 1 });
    });

    it('should keep stalled with keys of any type', () => {
      const stalled = { minutes: '12', jobs: ['j1'], message: 'Stuck.', since: 5 };
      const { api } = setup(ScriptedTransport.queue(json(200, { ...sample.detail, stalled })));
      expect(api.getCampaign('c_1').stalled).toEqual(stalled);
    });

    it.each([
      ['a bare array', [sample.video]],
      ['videos', { videos: [sample.video], items: [] }],
      ['items', { items: [sample.video] }],
      ['data', { count: 1, data: [sample.video] }],
      ['results', { results: [sample.video] }],
      ['any other array key', { count: 1, finished: [sample.video] }],
    ])('should read the video list from %s', (_label, body) => {
      const { api } = setup(ScriptedTransport.queue(json(200, body)));
      expect(api.listVideos('c_1')).toEqual([sample.video]);
    });

    it('should prefer the videos key over an earlier array property', () => {
      const { api } = setup(ScriptedTransport.queue(json(200, { warnings: [], videos: [sample.video] })));
      expect(api.listVideos('c_1')).toEqual([sample.video]);
    });

    it.each(WRITES)('should answer network (outcome unknown) when the write $name gets an unreadable 200', (c) => {
      for (const reply of [html(200), { status: 200, body: '{"id": "c_', headers: {} }, json(200, { unexpected: true })]) {
        const { api } = setup(ScriptedTransport.queue(reply));
        const e = caught(() => c.run(api));
        expect([e.code, e.status]).toEqual(['network', 200]);
        expect(e.message).toMatch(/may or may not have been applied/);
      }
    });

    it.each(READS)('should answer bad_reply naming the request in words when $name gets HTML with status 200', (c) => {
      const { api } = setup(ScriptedTransport.queue(html(200)));
      const e = caught(() => c.run(api));
      expect(e.code).toBe('bad_reply');
      expect(e.status).toBe(200);
      expect(e.message).toMatch(/^The video service's reply to the request for .+ was not JSON/);
      expect(e.message).not.toContain(`${c.method} /`);
    });

    it('should answer bad_reply on truncated JSON', () => {
      const { api } = setup(ScriptedTransport.queue({ status: 200, body: '{"templates": [', headers: {} }));
      expect(caught(() => api.listTemplates()).code).toBe('bad_reply');
    });

    it.each([
      ['a number as a string', { ...sample.detail, counts: { ...sample.detail.counts, total: '2' } }, 'counts.total should be a number but is a string'],
      ['a missing field', { ...sample.detail, status: undefined }, 'status should be a string but is missing'],
      ['stages that is not an object', { ...sample.detail, stages: 'busy' }, 'stages should be an object but is a string'],
      ['a list instead of an object', [sample.detail], 'the reply should be an object but is a list'],
    ])('should answer bad_reply on %s, saying what was wrong', (_label, body, what) => {
      const { api } = setup(ScriptedTransport.queue(json(200, body)));
      const e = caught(() => api.getCampaign('c_1'));
      expect(e.code).toBe('bad_reply');
      expect(e.message).toContain('the request for a campaign’s details');
      expect(e.message).toContain(what);
    });

    it('should answer bad_reply when a lead field has the wrong type', () => {
      const { api } = setup(ScriptedTransport.queue(json(200, { ...sample.lead, videoReady: 'yes' })));
      const e = caught(() => api.getLead('l_1'));
      expect(e.code).toBe('bad_reply');
      expect(e.message).toContain('videoReady should be a boolean but is a string');
    });

    it('should name the item of a list that was wrong', () => {
      const { api } = setup(ScriptedTransport.queue(json(200, { templates: [sample.template, { ...sample.template, usable: null }] })));
      expect(caught(() => api.listTemplates()).message).toContain('templates[1].usable should be a boolean but is null');
    });
  });

  describe('errors', () => {
    it('should turn an error body into an ApiError with its code, status and message', () => {
      const { api } = setup(ScriptedTransport.queue(apiError(402, 'insufficient_credits', 'Top up first.')));
      const e = caught(() => api.generate('c_1'));
      expect([e.code, e.status, e.message]).toEqual(['insufficient_credits', 402, 'Top up first.']);
    });

    it.each([
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [429, 'rate_limited'],
      [500, 'internal'],
      [503, 'internal'],
      [418, 'bad_reply'],
      [400, 'bad_reply'],
    ])('should map status %i without an error body to %s', (status, code) => {
      const { api } = setup(ScriptedTransport.queue({ status, body: 'oops', headers: {} }), { retryPolicy: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 } });
      const e = caught(() => api.getEstimate('c_1'));
      expect([e.code, e.status]).toEqual([code, status]);
      // The request named in words a person reads, not as an HTTP method and path.
      expect(e.message).toContain(`(HTTP ${status} to the request for an estimate)`);
      expect(e.message).not.toMatch(/GET|\/campaigns/);
    });

    it('should report a transport failure on a read as network, in words: nothing was changed', () => {
      const { api } = setup(ScriptedTransport.queue('drop'));
      const e = caught(() => api.getCampaign('c_1'));
      expect([e.code, e.status]).toEqual(['network', 0]);
      expect(e.message).toBe('The video service did not answer the request for a campaign’s details; nothing was changed.');
      expect(e.message).not.toMatch(/may or may not/);
    });

    it.each(['createCampaign', 'addPeople', 'preview', 'generate', 'stop'] as const)(
      'should say a %s may or may not have been applied when no answer came',
      (name) => {
        const { api } = setup(ScriptedTransport.queue('drop'));
        const e = caught(() => byName(name).run(api));
        expect(e.code).toBe('network');
        expect(e.message).toMatch(/may or may not have been applied/);
      },
    );

    it('should never put the API key in a message', () => {
      const replies: Scripted[] = ['drop', html(200), { status: 500, body: '', headers: {} }, json(200, { nope: 1 })];
      for (const r of replies) {
        const { api } = setup(ScriptedTransport.queue(r), { retryPolicy: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 } });
        expect(caught(() => api.listTemplates()).message).not.toContain(KEY);
      }
    });
  });

  describe('API switched off', () => {
    it.each(ALWAYS_THERE)('should answer api_off for a 404 from $method $path without a probe', (c) => {
      const t = ScriptedTransport.queue(apiError(404, 'not_found'));
      const { api } = setup(t);
      const e = caught(() => c.run(api));
      expect([e.code, e.status, e.message]).toEqual(['api_off', 404, API_OFF_MESSAGE]);
      expect(t.requests).toHaveLength(1);
    });

    it.each(ID_PATHS)('should probe GET /templates once after a 404 from $method $path and answer api_off when it 404s too', (c) => {
      const t = ScriptedTransport.queue(apiError(404, 'not_found'), apiError(404, 'not_found'));
      const { api } = setup(t);
      expect(caught(() => c.run(api)).code).toBe('api_off');
      expect(t.paths).toEqual([`${c.method} ${c.path}`, 'GET /templates']);
    });

    it.each(ID_PATHS)('should keep not_found for $method $path when the probe answers', (c) => {
      const t = ScriptedTransport.queue(apiError(404, 'not_found', 'No such campaign.'), json(200, { templates: [] }));
      const { api } = setup(t);
      const e = caught(() => c.run(api));
      expect([e.code, e.status, e.message]).toEqual(['not_found', 404, 'No such campaign.']);
      expect(t.requests).toHaveLength(2);
    });

    it('should keep not_found when the probe gets no answer', () => {
      const t = ScriptedTransport.queue(apiError(404, 'not_found'), 'drop');
      const { api } = setup(t);
      expect(caught(() => api.getLead('l_1')).code).toBe('not_found');
    });

    it('should answer api_off for an HTML 404 on an id path without a probe', () => {
      const t = ScriptedTransport.queue(html(404));
      const { api } = setup(t);
      const e = caught(() => api.getCampaign('c_1'));
      expect(e.code).toBe('api_off');
      expect(t.requests).toHaveLength(1);
    });
  });

  describe('retries', () => {
    it.each(['campaign_busy', 'rate_limited', 'internal'])('should retry %s on every read until it succeeds', (code) => {
      const status = code === 'campaign_busy' ? 409 : code === 'rate_limited' ? 429 : 500;
      for (const c of READS) {
        const t = ScriptedTransport.queue(apiError(status, code), apiError(status, code), json(200, c.reply));
        const { api, clock } = setup(t);
        expect(c.run(api)).toEqual(c.expected);
        expect(t.requests).toHaveLength(3);
        expect(clock.sleeps).toEqual([1000, 2000]);
      }
    });

    it.each(['campaign_busy', 'rate_limited'])('should retry addPeople on %s, a refusal that proves nothing was added', (code) => {
      const status = code === 'campaign_busy' ? 409 : 429;
      for (const c of [byName('addPeople')]) {
        const t = ScriptedTransport.queue(apiError(status, code), apiError(status, code), json(200, c.reply));
        const { api, clock } = setup(t);
        expect(c.run(api)).toEqual(c.expected);
        expect(t.requests).toHaveLength(3);
        expect(clock.sleeps).toEqual([1000, 2000]);
      }
    });

    it.each([
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [400, 'bad_input'],
      [402, 'insufficient_credits'],
      [402, 'past_due'],
      [409, 'no_voice'],
      [409, 'needs_refilm'],
      [409, 'not_ready'],
      [429, 'cap_reached'],
    ])('should not retry %i %s', (status, code) => {
      for (const c of RETRIED) {
        const t = ScriptedTransport.queue(apiError(status, code), json(200, c.reply));
        const { api, clock } = setup(t);
        expect(caught(() => c.run(api)).code).toBe(code);
        expect(t.requests).toHaveLength(1);
        expect(clock.sleeps).toEqual([]);
      }
    });

    it.each(NEVER_RETRIED)('should make a single attempt for $name whatever the code', (c) => {
      for (const [status, code] of [
        [409, 'campaign_busy'],
        [429, 'rate_limited'],
        [500, 'network'],
        [502, 'network'],
      ] as const) {
        const reply = status === 502 ? html(502) : apiError(status, status === 500 ? 'internal' : code);
        const t = ScriptedTransport.queue(reply, json(200, c.reply));
        const { api, clock } = setup(t);
        expect(caught(() => c.run(api)).code).toBe(code);
        expect(t.requests).toHaveLength(1);
        expect(clock.sleeps).toEqual([]);
      }
    });

    it.each(WRITES)('should report a 5xx or a gateway page after $name as an unknown outcome, not retried', (c) => {
      for (const reply of [apiError(500, 'internal'), html(502), { status: 503, body: '', headers: {} }, html(403)]) {
        const t = ScriptedTransport.queue(reply, json(200, c.reply));
        const { api } = setup(t);
        const e = caught(() => c.run(api));
        expect(e.code).toBe('network');
        expect(e.message).toMatch(/may or may not have been applied/);
        expect(t.requests).toHaveLength(1);
      }
    });

    it.each(CASES)('should not retry $name after a network failure', (c) => {
      const t = ScriptedTransport.queue('drop', json(200, c.reply));
      const { api } = setup(t);
      expect(caught(() => c.run(api)).code).toBe('network');
      expect(t.requests).toHaveLength(1);
    });

    it('should wait longer each time and stop after six attempts', () => {
      const t = ScriptedTransport.queue(apiError(500, 'internal'));
      const { api, clock } = setup(t);
      expect(caught(() => api.getCampaign('c_1')).code).toBe('internal');
      expect(t.requests).toHaveLength(6);
      expect(clock.sleeps).toEqual([1000, 2000, 4000, 8000, 16000]);
    });

    it('should not start a wait that would end after the deadline', () => {
      const t = ScriptedTransport.queue(
        apiError(409, 'campaign_busy', 'Busy 1.'),
        apiError(409, 'campaign_busy', 'Busy 2.'),
        apiError(409, 'campaign_busy', 'Busy 3.'),
        json(200, sample.estimate),
      );
      const clock = new FakeClock();
      // Each request keeps a minute for itself: the waits must end 3.5 s in.
      const deadline = clock.now() + 60_000 + 3500;
      const api = createApiClient({ baseUrl: BASE, apiKey: KEY, transport: t, clock, pacer: null, deadline });
      const e = caught(() => api.getEstimate('c_1'));
      expect(e.message).toBe('Busy 3.');
      expect(clock.sleeps).toEqual([1000, 2000]);
      expect(clock.now()).toBeLessThanOrEqual(deadline);
      expect(t.requests).toHaveLength(3);
    });

    it('should honour Retry-After in seconds', () => {
      const t = ScriptedTransport.queue(apiError(429, 'rate_limited', 'Slow down.', { 'retry-after': '7' }), json(200, { templates: [] }));
      const { api, clock } = setup(t);
      api.listTemplates();
      expect(clock.sleeps).toEqual([7000]);
    });

    it('should give up at once when Retry-After points past the deadline', () => {
      const t = ScriptedTransport.queue(apiError(429, 'rate_limited', 'Slow down.', { 'retry-after': '120' }), json(200, { templates: [] }));
      const clock = new FakeClock();
      const api = createApiClient({ baseUrl: BASE, apiKey: KEY, transport: t, clock, pacer: null, deadline: clock.now() + 60_000 });
      expect(caught(() => api.listTemplates()).code).toBe('rate_limited');
      expect(clock.sleeps).toEqual([]);
    });
  });

  describe('pacing', () => {
    const ok = (): HttpResponse => json(200, { templates: [] });

    it('should pace by default so 101 requests take a minute', () => {
      const clock = new FakeClock();
      const t = new ScriptedTransport(ok);
      const api = createApiClient({ baseUrl: BASE, apiKey: KEY, transport: t, clock });
      const start = clock.now();
      for (let i = 0; i < 100; i++) api.listTemplates();
      expect(clock.now()).toBe(start);
      api.listTemplates();
      expect(clock.now()).toBe(start + 60_000);
    });

    it('should not pace when the pacer is switched off', () => {
      const { api, clock } = setup(new ScriptedTransport(ok));
      for (let i = 0; i < 150; i++) api.listTemplates();
      expect(clock.sleeps).toEqual([]);
    });

    it('should share one budget between clients given the same pacer', () => {
      const clock = new FakeClock();
      const pacer = createPacer({ clock });
      const t = new ScriptedTransport(ok);
      const a = createApiClient({ baseUrl: BASE, apiKey: KEY, transport: t, clock, pacer });
      const b = createApiClient({ baseUrl: BASE, apiKey: KEY, transport: t, clock, pacer });
      for (let i = 0; i < 50; i++) a.listTemplates();
      for (let i = 0; i < 50; i++) b.listTemplates();
      expect(clock.sleeps).toEqual([]);
      b.listTemplates();
      expect(clock.sleeps).toEqual([60_000]);
    });
  });
});
