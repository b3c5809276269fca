// The typed API client: one method per endpoint of api-spec section 4, replies parsed, errors mapped, retries ruled.
import type * as z from 'zod/mini';
import type { Clock } from '../core/clock';
import { ApiError, isApiError } from './errors';
import { createPacer, type Pacer } from './pacer';
import { MAX_PEOPLE_PER_CALL } from './people';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, withRetry, type RetryPolicy } from './retry';
import {
  addPeopleReplySchema, campaignDetailSchema, campaignsReplySchema, createdCampaignSchema, describeProblem,
  errorBodySchema, estimateSchema, generateReplySchema, leadSchema, previewReplySchema, stopReplySchema,
  templatesReplySchema, videosReplySchema,
} from './schemas';
import type { HttpRequest, HttpResponse, HttpTransport } from './transport';
import type {
  AddPeopleReply, CampaignDetail, CampaignSummary, CreatedCampaign, Estimate, FinishedVideo,
  GenerateReply, Lead, PersonInput, PreviewReply, StopReply, Template,
} from './types';

export interface ApiClientOptions {
  /** Ends with /api/v1 (a trailing slash is tolerated). */
  baseUrl: string;
  apiKey: string;
  transport: HttpTransport;
  clock: Clock;
  /** Epoch ms after which no retry wait may start (the execution's time budget). */
  deadline?: number;
  /** Shares one request budget between clients; null switches pacing off. Default: a pacer of this client's own. */
  pacer?: Pacer | null;
  /** Waits and attempts for retryable codes; default 6 attempts, 1 s doubling to 30 s. */
  retryPolicy?: RetryPolicy;
}

export interface ApiClient {
  listTemplates(): Template[];
  listCampaigns(limit?: number): CampaignSummary[];
  /** Never retried. */
  createCampaign(body: { templateId: string; name: string; goal?: string }): CreatedCampaign;
  /** At most 1000 people (throws bad_input before sending otherwise). Retried on retryable codes. */
  addPeople(campaignId: string, people: PersonInput[]): AddPeopleReply;
  getEstimate(campaignId: string): Estimate;
  /** Charges. Never retried. */
  preview(campaignId: string): PreviewReply;
  /** Charges. Never retried. */
  generate(campaignId: string): GenerateReply;
  getCampaign(campaignId: string): CampaignDetail;
  /** Several campaigns' details in one round (fetchAll); each an answer or its error. */
  getCampaigns(campaignIds: string[]): (CampaignDetail | ApiError)[];
  /** Several campaigns' estimates in one round. */
  getEstimates(campaignIds: string[]): (Estimate | ApiError)[];
  /** Several campaigns' finished videos in one round. */
  listVideosOf(campaignIds: string[]): (FinishedVideo[] | ApiError)[];
  getLead(leadId: string): Lead;
  listVideos(campaignId: string): FinishedVideo[];
  stop(campaignId: string): StopReply;
}

export const API_OFF_MESSAGE = 'The video API is switched off for this site, or the base URL is wrong.';

interface Call<T> {
  method: 'GET' | 'POST';
  /** Real path, ids encoded, with query. */
  path: string;
  /** Path as the spec names it, for messages: "POST /campaigns/{id}/generate". */
  label: string;
  schema: z.ZodMiniType<T>;
  /** False for calls that charge, create or stop: a single attempt whatever the code. */
  retry: boolean;
  /** True for paths that exist whenever the API is on: a 404 there means it is off. */
  alwaysExists?: boolean;
  body?: unknown;
}

const TEMPLATES_PATH = '/templates';

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const base = opts.baseUrl.trim().replace(/\/+$/, '');
  const pacer = opts.pacer === undefined ? createPacer({ clock: opts.clock }) : opts.pacer;
  const transport = pacer ? pacer.wrap(opts.transport) : opts.transport;
  const retryPolicy = opts.retryPolicy ?? DEFAULT_RETRY_POLICY;
  // Retry-After of each error built from a reply, read by the retry loop.
  const retryAfter = new WeakMap<ApiError, number>();

  function request(method: 'GET' | 'POST', path: string, body?: unknown): HttpRequest {
    const headers: Record<string, string> = { Authorization: `Bearer ${opts.apiKey}`, Accept: 'application/json' };
    if (method === 'GET') return { method, url: base + path, headers };
    headers['Content-Type'] = 'application/json';
    return { method, url: base + path, headers, body: JSON.stringify(body ?? {}) };
  }

  function send(method: 'GET' | 'POST', path: string, body?: unknown): HttpResponse {
    return transport.request(request(method, path, body));
  }

  function once<T>(c: Call<T>): T {
    let res: HttpResponse;
    try {
      res = send(c.method, c.path, c.body);
    } catch (e) {
      throw quotaError(e) ?? networkError(c);
    }
    return fromResponse(c, res);
  }

  function fromResponse<T>(c: Call<T>, res: HttpResponse): T {
    if (res.status >= 200 && res.status < 300) return parseReply(c, res);
    const err = replyError(c, res);
    if (err.code === 'network') throw err;
    const wait = parseRetryAfter(res.headers['retry-after'], opts.clock.now());
    if (wait !== undefined) retryAfter.set(err, wait);
    throw err;
  }

  function replyError<T>(c: Call<T>, res: HttpResponse): ApiError {
    const json = parseJson(res.body);
    const parsed = json.ok ? errorBodySchema.safeParse(json.value) : undefined;
    if (res.status === 404) {
      // An HTML 404 comes from a web server, not the API; a 404 on a path that always exists means the API is off.
      if (!json.ok || c.alwaysExists || templatesAnswer404()) return new ApiError('api_off', 404, API_OFF_MESSAGE);
    }
    // A write answered by a fault or by something that is not the API may have been applied (DESIGN 6.2).
    if (c.method === 'POST' && (res.status >= 500 || (!parsed?.success && res.status !== 429))) {
      return unknownOutcome(c, `answered HTTP ${res.status}${parsed?.success ? '' : ' with a page that is not the API’s'}`, res.status);
    }
    if (parsed?.success) return new ApiError(parsed.data.error, res.status, parsed.data.message);
    return statusError(c, res.status);
  }

  /** The one probe after a 404 on an id path: does a path that always exists answer 404 too? */
  function templatesAnswer404(): boolean {
    try {
      return send('GET', TEMPLATES_PATH).status === 404;
    } catch {
      return false;
    }
  }

  function call<T>(c: Call<T>): T {
    if (!c.retry) return once(c);
    return withRetry(() => once(c), {
      clock: opts.clock,
      deadline: opts.deadline,
      policy: retryPolicy,
      retryAfterMs: (e) => retryAfter.get(e),
    });
  }

  /**
   * Reads in rounds of at most MANY_MAX through fetchAll; an answer that may be retried (or a round
   * that got no answer) goes through the ordinary one-by-one path with its retries.
   */
  function many<T>(calls: Call<T>[]): (T | ApiError)[] {
    const settle = (c: Call<T>): T | ApiError => { try { return call(c); } catch (e) { return asApiError(e); } };
    const requestAll = transport.requestAll;
    if (!requestAll || calls.length < 2) return calls.map(settle);
    const out: (T | ApiError)[] = [];
    for (let i = 0; i < calls.length; i += MANY_MAX) {
      const round = calls.slice(i, i + MANY_MAX);
      let replies: HttpResponse[] | null;
      try {
        replies = requestAll.call(transport, round.map((c) => request(c.method, c.path, c.body)));
      } catch (e) {
        const quota = quotaError(e);
        if (quota) throw quota;
        replies = null;
      }
      round.forEach((c, k) => {
        if (!replies) { out.push(settle(c)); return; }
        try {
          out.push(fromResponse(c, replies[k]!));
        } catch (e) {
          const err = asApiError(e);
          out.push(err.retryable ? settle(c) : err);
        }
      });
    }
    return out;
  }

  const campaignPath = (id: string, rest = ''): string => `/campaigns/${encodeId(id, 'campaign')}${rest}`;
  const detailCall = (campaignId: string): Call<CampaignDetail> =>
    ({ method: 'GET', path: campaignPath(campaignId), label: 'GET /campaigns/{id}', schema: campaignDetailSchema, retry: true });
  const estimateCall = (campaignId: string): Call<Estimate> =>
    ({ method: 'GET', path: campaignPath(campaignId, '/estimate'), label: 'GET /campaigns/{id}/estimate', schema: estimateSchema, retry: true });
  const videosCall = (campaignId: string) =>
    ({ method: 'GET', path: campaignPath(campaignId, '/videos'), label: 'GET /campaigns/{id}/videos', schema: videosReplySchema, retry: true }) as Call<FinishedVideo[]>;

  return {
    listTemplates: () =>
      call({ method: 'GET', path: TEMPLATES_PATH, label: 'GET /templates', schema: templatesReplySchema, retry: true, alwaysExists: true }).templates,

    listCampaigns: (limit) => {
      const query = limit === undefined ? '' : `?limit=${Math.min(100, Math.max(1, Math.floor(limit)))}`;
      return call({ method: 'GET', path: `/campaigns${query}`, label: 'GET /campaigns', schema: campaignsReplySchema, retry: true, alwaysExists: true }).campaigns;
    },

    createCampaign: (body) =>
      call({ method: 'POST', path: '/campaigns', label: 'POST /campaigns', schema: createdCampaignSchema, retry: false, alwaysExists: true, body }),

    addPeople: (campaignId, people) => {
      if (people.length > MAX_PEOPLE_PER_CALL) {
        throw new ApiError('bad_input', 0, `At most ${MAX_PEOPLE_PER_CALL} people can be sent in one call; this call had ${people.length}. Nothing was sent.`);
      }
      return call({ method: 'POST', path: campaignPath(campaignId, '/leads'), label: 'POST /campaigns/{id}/leads', schema: addPeopleReplySchema, retry: true, body: { people } });
    },

    getEstimate: (campaignId) => call(estimateCall(campaignId)),
    getEstimates: (ids) => many(ids.map(estimateCall)),

    preview: (campaignId) =>
      call({ method: 'POST', path: campaignPath(campaignId, '/preview'), label: 'POST /campaigns/{id}/preview', schema: previewReplySchema, retry: false }),

    generate: (campaignId) =>
      call({ method: 'POST', path: campaignPath(campaignId, '/generate'), label: 'POST /campaigns/{id}/generate', schema: generateReplySchema, retry: false }),

    getCampaign: (campaignId) => call(detailCall(campaignId)),
    getCampaigns: (ids) => many(ids.map(detailCall)),

    getLead: (leadId) =>
      call({ method: 'GET', path: `/leads/${encodeId(leadId, 'lead')}`, label: 'GET /leads/{id}', schema: leadSchema, retry: true }),

    listVideos: (campaignId) => call(videosCall(campaignId)),
    listVideosOf: (ids) => many(ids.map(videosCall)),

    stop: (campaignId) =>
      call({ method: 'POST', path: campaignPath(campaignId, '/stop'), label: 'POST /campaigns/{id}/stop', schema: stopReplySchema, retry: false }),
  };
}

/** Requests in one fetchAll round: well under the API's 120 a minute. */
const MANY_MAX = 40;

function asApiError(e: unknown): ApiError {
  return isApiError(e) ? e : new ApiError('network', 0, e instanceof Error ? e.message : String(e));
}

function encodeId(id: string, what: string): string {
  if (id.trim() === '') throw new ApiError('bad_input', 0, `No ${what} id was given, so nothing was sent.`);
  return encodeURIComponent(id);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function parseReply<T>(c: Call<T>, res: HttpResponse): T {
  const json = parseJson(res.body);
  if (!json.ok) {
    if (c.method === 'POST') throw unknownOutcome(c, `answered HTTP ${res.status} with a reply that could not be read`, res.status);
    throw new ApiError('bad_reply', res.status, `The video service's reply to ${c.label} was not JSON, so it could not be read.`);
  }
  const parsed = c.schema.safeParse(json.value);
  if (!parsed.success) {
    const problem = describeProblem(parsed.error.issues, json.value);
    if (c.method === 'POST') throw unknownOutcome(c, `answered HTTP ${res.status} with a reply that could not be read (${problem})`, res.status);
    throw new ApiError('bad_reply', res.status, `The video service's reply to ${c.label} was not as expected: ${problem}.`);
  }
  return parsed.data;
}

function statusError(c: Call<unknown>, status: number): ApiError {
  const tail = `(HTTP ${status} from ${c.label})`;
  if (status === 401) return new ApiError('unauthorized', status, `The video service did not accept the API key ${tail}.`);
  if (status === 403) return new ApiError('forbidden', status, `The video service refused this request for the API key ${tail}.`);
  if (status === 404) return new ApiError('not_found', status, `The video service found nothing at that address ${tail}.`);
  if (status === 429) return new ApiError('rate_limited', status, `The video service is receiving too many requests; wait a minute and try again ${tail}.`);
  if (status >= 500) return new ApiError('internal', status, `The video service had a fault ${tail}.`);
  return new ApiError('bad_reply', status, `The video service answered with an error it did not explain ${tail}.`);
}

/** Apps Script refuses a fetch once the account's daily quota is spent: nothing was sent, and retrying today will not help. */
function quotaError(e: unknown): ApiError | null {
  const message = e instanceof Error ? e.message : String(e);
  if (!/too many times for one day|too much computer time/i.test(message)) return null;
  return new ApiError('quota', 0, `Google’s daily limit for your account is spent (“${message.replace(/^Exception:\s*/, '')}”), so nothing was sent. It resets within a day; until then the add-on cannot reach the video service.`);
}

function networkError(c: Call<unknown>): ApiError {
  if (c.method === 'POST') return unknownOutcome(c, 'gave no answer', 0);
  return new ApiError('network', 0, `No answer from the video service for ${c.label}, so the outcome is unknown.`);
}

/**
 * The one definition of an unknown outcome (DESIGN 6.2): a write that got no answer, a 5xx, a page
 * that is not the API's JSON, or a 2xx that cannot be read. Code `network`; never retried as such.
 */
function unknownOutcome(c: Call<unknown>, what: string, status: number): ApiError {
  return new ApiError('network', status, `The video service ${what} for ${c.label}, so the outcome is unknown: the request may or may not have been applied.`);
}
