// One /api/v1 request, HTTP-free: API switch, bearer auth, rate limit, injected faults, routing, writes check.
import { ApiFail, badInput } from './errors';
import type { Simulator } from './simulator';
import type { Key } from './state';
import type { ApiRequest } from './types';

export type { ApiRequest } from './types';

export interface ApiReply {
  status: number;
  body: object;
  headers: Record<string, string>;
  /** Bearer token as sent, or null. */
  key: string | null;
  code?: string;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  writes: boolean;
  run(sim: Simulator, key: Key, params: string[], req: ApiRequest): object;
}

const ID = '([^/]+)';
const routes: Route[] = [
  { method: 'GET', pattern: /^\/templates$/, writes: false, run: (s, k) => s.service.templates(k.workspaceId) },
  { method: 'GET', pattern: /^\/campaigns$/, writes: false, run: (s, k, _p, r) => s.service.campaigns(k.workspaceId, r.query.get('limit')) },
  { method: 'POST', pattern: /^\/campaigns$/, writes: true, run: (s, k, _p, r) => s.service.createCampaign(k.workspaceId, json(r)) },
  { method: 'GET', pattern: new RegExp(`^/campaigns/${ID}$`), writes: false, run: (s, k, [id]) => s.service.detail(k.workspaceId, id ?? '') },
  {
    method: 'POST',
    pattern: new RegExp(`^/campaigns/${ID}/leads$`),
    writes: true,
    run: (s, k, [id], r) => s.service.addPeople(k.workspaceId, id ?? '', json(r)),
  },
  { method: 'GET', pattern: new RegExp(`^/campaigns/${ID}/estimate$`), writes: false, run: (s, k, [id]) => s.service.estimate(k.workspaceId, id ?? '') },
  { method: 'POST', pattern: new RegExp(`^/campaigns/${ID}/preview$`), writes: true, run: (s, k, [id]) => s.service.preview(k, id ?? '') },
  { method: 'POST', pattern: new RegExp(`^/campaigns/${ID}/generate$`), writes: true, run: (s, k, [id]) => s.service.generate(k, id ?? '') },
  { method: 'POST', pattern: new RegExp(`^/campaigns/${ID}/stop$`), writes: true, run: (s, k, [id]) => s.service.stop(k.workspaceId, id ?? '') },
  { method: 'GET', pattern: new RegExp(`^/campaigns/${ID}/videos$`), writes: false, run: (s, k, [id]) => s.service.videos(k.workspaceId, id ?? '') },
  { method: 'GET', pattern: new RegExp(`^/leads/${ID}$`), writes: false, run: (s, k, [id]) => s.service.lead(k.workspaceId, id ?? '') },
];

export function handleApi(sim: Simulator, req: ApiRequest): ApiReply {
  sim.sync();
  const bearer = /^Bearer ([^\s]+)$/i.exec((req.authorization ?? '').trim());
  const token = bearer?.[1] ?? null;
  try {
    if (sim.config.faults.apiOff) throw new ApiFail(404, 'not_found', 'Not found.');
    const key = token === null ? undefined : sim.world.keys.get(token);
    if (!req.authorization) throw new ApiFail(401, 'unauthorized', 'No API key was sent; add the header Authorization: Bearer <key>.');
    if (token === null) throw new ApiFail(401, 'unauthorized', 'The Authorization header must read "Bearer <key>".');
    if (!key) throw new ApiFail(401, 'unauthorized', 'This API key is not recognised.');
    if (key.revoked) throw new ApiFail(401, 'unauthorized', 'This API key has been revoked; make a new one in the web app.');

    const admitted = sim.limiter.admit(key.key, sim.now(), sim.config.rateLimitPerMinute);
    if (!admitted.ok) {
      throw new ApiFail(
        429,
        'rate_limited',
        `More than ${sim.config.rateLimitPerMinute} requests in a minute on this key; wait ${admitted.retryAfter} seconds.`,
        admitted.retryAfter,
      );
    }
    const { error500Rate, rate429Rate } = sim.config.faults;
    if (error500Rate > 0 && sim.faultRng.next() < error500Rate) throw new ApiFail(500, 'internal', 'Something went wrong on our side; try again shortly.');
    if (rate429Rate > 0 && sim.faultRng.next() < rate429Rate)
      throw new ApiFail(429, 'rate_limited', 'Too many requests right now; wait a moment and try again.', 1);

    const { badInputMatch } = sim.config.faults;
    if (badInputMatch && new RegExp(badInputMatch).test(`${req.method} ${req.path}`))
      throw new ApiFail(400, 'bad_input', 'The service refused this request as bad input.');
    const found = match(req);
    if (!found) throw new ApiFail(404, 'not_found', `There is no endpoint ${req.method} ${req.path}.`);
    if (found.route.writes && !key.writes) {
      throw new ApiFail(403, 'forbidden', 'This API key is read-only; use a key with writing switched on to make changes.');
    }
    return { status: 200, body: found.route.run(sim, key, found.params, req), headers: {}, key: token };
  } catch (e) {
    const fail = e instanceof ApiFail ? e : new ApiFail(500, 'internal', 'Something went wrong on our side; try again shortly.');
    if (!(e instanceof ApiFail)) console.error('[sim] internal error', e);
    const headers: Record<string, string> = fail.retryAfterSeconds !== undefined ? { 'retry-after': String(fail.retryAfterSeconds) } : {};
    return { status: fail.status, body: { error: fail.code, message: fail.message }, headers, key: token, code: fail.code };
  }
}

function match(req: ApiRequest): { route: Route; params: string[] } | null {
  for (const route of routes) {
    if (route.method !== req.method) continue;
    const m = route.pattern.exec(req.path);
    if (m) return { route, params: m.slice(1).map((p) => safeDecode(p)) };
  }
  return null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function json(req: ApiRequest): unknown {
  if (req.body.trim() === '') return undefined;
  try {
    return JSON.parse(req.body) as unknown;
  } catch {
    throw badInput('The request body is not valid JSON.');
  }
}
