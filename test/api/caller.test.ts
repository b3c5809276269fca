// Reads in fetchAll rounds: one round trip for many campaigns, retryable answers retried one by one.
import * as z from 'zod/mini';
import { createCaller } from '../../src/api/caller';
import { createApiClient } from '../../src/api/client';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/core/http';
import { apiError, FakeClock, json, sample } from './fakes';

/** A transport with fetchAll: answers by URL, counting rounds and single requests. */
function roundTransport(answer: (req: HttpRequest, attempt: number) => HttpResponse | 'drop') {
  const seen = new Map<string, number>();
  const t = {
    rounds: [] as string[][],
    singles: [] as string[],
    reply(req: HttpRequest): HttpResponse {
      const n = (seen.get(req.url) ?? 0) + 1;
      seen.set(req.url, n);
      const r = answer(req, n);
      if (r === 'drop') throw new Error('no answer');
      return r;
    },
    request(req: HttpRequest): HttpResponse {
      t.singles.push(req.url);
      return t.reply(req);
    },
    requestAll(reqs: HttpRequest[]): HttpResponse[] {
      t.rounds.push(reqs.map((r) => r.url));
      return reqs.map((r) => t.reply(r));
    },
  } satisfies HttpTransport & Record<string, unknown>;
  return t;
}

const detailOf = (id: string) => ({ ...sample.detail, id });

describe('createCaller › call', () => {
  it("should build a reply's schema at its first parse and once for the calls after it", () => {
    const t = roundTransport(() => json(200, { id: 'a' }));
    const caller = createCaller({ baseUrl: 'https://x/api/v1', apiKey: 'k', transport: t, clock: new FakeClock(), pacer: null });
    const schema = jest.fn(() => z.looseObject({ id: z.string() }));
    const call = { method: 'GET', path: '/leads/a', label: 'GET /leads/{id}', schema, retry: true } as const;
    expect(schema).not.toHaveBeenCalled();
    expect(caller.call(call)).toEqual({ id: 'a' });
    expect(caller.many([call, call])).toEqual([{ id: 'a' }, { id: 'a' }]);
    expect(schema).toHaveBeenCalledTimes(1);
  });
});

describe('createCaller › many', () => {
  it('should read many campaigns in one fetchAll round', () => {
    const t = roundTransport((req) => json(200, detailOf(req.url.split('/').pop()!)));
    const api = createApiClient({ baseUrl: 'https://x/api/v1', apiKey: 'k', transport: t, clock: new FakeClock(), pacer: null });
    const out = api.getCampaigns(['a', 'b', 'c']);
    expect(out.map((d) => (d as { id: string }).id)).toEqual(['a', 'b', 'c']);
    expect(t.rounds).toHaveLength(1);
    expect(t.singles).toEqual([]);
  });

  it('should retry a retryable answer of a round one by one, and return other errors in place', () => {
    const t = roundTransport((req, n) => {
      if (req.url.endsWith('/b') && n === 1) return apiError(500, 'internal');
      if (req.url.endsWith('/c')) return apiError(404, 'not_found');
      return json(200, detailOf(req.url.split('/').pop()!));
    });
    const api = createApiClient({ baseUrl: 'https://x/api/v1', apiKey: 'k', transport: t, clock: new FakeClock(), pacer: null });
    const out = api.getCampaigns(['a', 'b', 'c']);
    expect((out[0] as { id: string }).id).toBe('a');
    expect((out[1] as { id: string }).id).toBe('b');
    expect(out[2]).toMatchObject({ code: 'not_found' });
    expect(t.singles.filter((u) => u.endsWith('/b'))).toHaveLength(1);
  });

  it('should throw a spent Apps Script quota instead of trying one by one', () => {
    const t = roundTransport(() => json(200, {}));
    t.requestAll = () => {
      throw new Error('Exception: Service invoked too many times for one day: urlfetch.');
    };
    const api = createApiClient({ baseUrl: 'https://x/api/v1', apiKey: 'k', transport: t, clock: new FakeClock(), pacer: null });
    expect(() => api.getCampaigns(['a', 'b'])).toThrow(/daily limit/);
    expect(t.singles).toEqual([]);
  });
});
