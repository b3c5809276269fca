// A silent service and redirects (docs/rules.md#budgets): a minute kept for every request, nothing more sent in a run
// once one went unanswered, fetchAll rounds not re-sent one by one into silence, and 3xx never followed.
import { createApiClient } from '../../src/api/client';
import { REQUEST_ALLOWANCE_MS } from '../../src/api/caller';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/core/http';
import { FakeClock, json, sample } from './fakes';

const BASE = 'https://v.example/api/v1';

/** A transport whose requests either answer or hang for a minute (UrlFetchApp's Timeout), counting each. */
function silentTransport(clock: FakeClock, hangs: (req: HttpRequest) => boolean) {
  const t = {
    sent: [] as string[],
    rounds: 0,
    one(req: HttpRequest): HttpResponse {
      t.sent.push(req.url);
      if (hangs(req)) throw new Error(`Timeout: ${req.url}`);
      return json(200, { ...sample.detail, id: req.url.split('/').pop() });
    },
    request(req: HttpRequest): HttpResponse {
      if (hangs(req)) clock.t += 60_000;
      return t.one(req);
    },
    requestAll(reqs: HttpRequest[]): HttpResponse[] {
      t.rounds++;
      // A round waits for its slowest request.
      if (reqs.some(hangs)) clock.t += 60_000;
      return reqs.map((r) => t.one(r));
    },
  } satisfies HttpTransport & Record<string, unknown>;
  return t;
}

describe('createCaller › a silent service', () => {
  it('should not start a request unless a whole minute fits before the deadline', () => {
    const clock = new FakeClock();
    const t = silentTransport(clock, () => false);
    const api = createApiClient({ baseUrl: BASE, apiKey: 'k', transport: t, clock, pacer: null, deadline: clock.now() + REQUEST_ALLOWANCE_MS + 1000 });
    expect(api.getCampaign('a')).toMatchObject({ id: 'a' });
    clock.t += 2000;
    expect(() => api.getCampaign('b')).toThrow(expect.objectContaining({ code: 'not_sent', message: expect.stringMatching(/time was nearly up/) }));
    expect(t.sent).toHaveLength(1);
  });

  it('should send nothing more in a run once a request went unanswered for a minute, and say since when', () => {
    const clock = new FakeClock();
    const t = silentTransport(clock, () => true);
    const api = createApiClient({ baseUrl: BASE, apiKey: 'k', transport: t, clock, pacer: null, deadline: clock.now() + 270_000 });
    const started = clock.now();
    expect(() => api.getCampaign('a')).toThrow(expect.objectContaining({ code: 'network' }));
    expect(() => api.listCampaigns(100)).toThrow(expect.objectContaining({ code: 'not_sent', message: expect.stringMatching(/has not answered since/) }));
    expect(t.sent).toHaveLength(1);
    expect(clock.now() - started).toBe(60_000);
    expect(api.link?.()).toEqual({ answered: false, silentSince: started });
  });

  it('should not re-send a silent fetchAll round one by one', () => {
    const clock = new FakeClock();
    const t = silentTransport(clock, (r) => r.url.endsWith('/c'));
    const api = createApiClient({ baseUrl: BASE, apiKey: 'k', transport: t, clock, pacer: null, deadline: clock.now() + 270_000 });
    const out = api.getCampaigns(['a', 'b', 'c']);
    expect(out.map((r) => (r as { code?: string }).code)).toEqual(['not_sent', 'not_sent', 'not_sent']);
    expect(t.rounds).toBe(1);
    expect(t.sent).toHaveLength(3);
    expect(clock.now() - 1_700_000_000_000).toBe(60_000);
  });

  it('should say the service answered once any request got a reply', () => {
    const clock = new FakeClock();
    const api = createApiClient({ baseUrl: BASE, apiKey: 'k', transport: silentTransport(clock, () => false), clock, pacer: null });
    api.getCampaign('a');
    expect(api.link?.()).toEqual({ answered: true, silentSince: null });
  });
});

describe('createCaller › redirects', () => {
  const redirecting = (location: string): HttpTransport & { sent: HttpRequest[] } => {
    const sent: HttpRequest[] = [];
    return {
      sent,
      request: (req) => {
        sent.push(req);
        return { status: 307, body: '', headers: { location } };
      },
    };
  };

  it('should report a redirected read as an error naming the address, sent once', () => {
    const t = redirecting('https://elsewhere.example/api/v1/templates');
    const api = createApiClient({ baseUrl: BASE, apiKey: 'k', transport: t, clock: new FakeClock(), pacer: null });
    expect(() => api.listTemplates()).toThrow(
      expect.objectContaining({
        code: 'redirect',
        message: expect.stringMatching(/redirect \(HTTP 307\) to https:\/\/elsewhere\.example\/api\/v1\/templates\. The add-on never follows redirects/),
      }),
    );
    expect(t.sent).toHaveLength(1);
  });

  it('should report a redirected write as an unknown outcome, naming the address', () => {
    const t = redirecting('https://elsewhere.example/api/v1/campaigns/c_1/generate');
    const api = createApiClient({ baseUrl: BASE, apiKey: 'k', transport: t, clock: new FakeClock(), pacer: null });
    expect(() => api.generate('c_1')).toThrow(
      expect.objectContaining({ code: 'network', message: expect.stringMatching(/elsewhere\.example.*may or may not have been applied/) }),
    );
    expect(t.sent).toHaveLength(1);
  });
});
