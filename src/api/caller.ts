// The HTTP side of the API client: one request as a typed reply or an ApiError (DESIGN 6.2's one
// definition of an unknown outcome), retries of the retryable codes for reads, fetchAll rounds.
import type * as z from 'zod/mini';
import type { HttpRequest, HttpResponse, HttpTransport } from '../core/http';
import { ApiError, isApiError } from './errors';
import { createPacer } from './pacer';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, withRetry } from './retry';
import { describeProblem, errorBodySchema } from './schemas';
import type { ApiClientOptions } from './client';

export const API_OFF_MESSAGE = 'The video API is switched off for this site, or the base URL is wrong.';

export interface Call<T> {
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

export interface Caller {
  /** One call, retried only when `retry` allows and the code is retryable. */
  call<T>(c: Call<T>): T;
  /** Reads in fetchAll rounds; each an answer or its error. */
  many<T>(calls: Call<T>[]): (T | ApiError)[];
}

export const TEMPLATES_PATH = '/templates';

export function createCaller(opts: ApiClientOptions): Caller {
  const base = opts.baseUrl.trim().replace(/\/+$/, '');
  const pacer = opts.pacer === undefined ? createPacer({ clock: opts.clock }) : opts.pacer;
  const transport = pacer ? pacer.wrap(opts.transport) : opts.transport;
  const retryPolicy = opts.retryPolicy ?? DEFAULT_RETRY_POLICY;
  // Retry-After of each error built from a reply, read by the retry loop.
  const retryAfter = new WeakMap<ApiError, number>();

  const request = (method: 'GET' | 'POST', path: string, body?: unknown) => buildRequest(base, opts.apiKey, method, path, body);

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

  return { call, many: (calls) => inRounds({ transport, request, call, fromResponse }, calls) };
}

function buildRequest(base: string, apiKey: string, method: 'GET' | 'POST', path: string, body?: unknown): HttpRequest {
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
  if (method === 'GET') return { method, url: base + path, headers };
  headers['Content-Type'] = 'application/json';
  return { method, url: base + path, headers, body: JSON.stringify(body ?? {}) };
}

/** What a fetchAll round needs of the caller. */
interface Wire {
transport: HttpTransport;
request(method: 'GET' | 'POST', path: string, body?: unknown): HttpRequest;
call<T>(c: Call<T>): T;
fromResponse<T>(c: Call<T>, res: HttpResponse): T;
}

/**
 * Reads in rounds of at most MANY_MAX through fetchAll; an answer that may be retried (or a round
 * that got no answer) goes through the ordinary one-by-one path with its retries.
 */
function inRounds<T>({ transport, request, call, fromResponse }: Wire, calls: Call<T>[]): (T | ApiError)[] {
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

/** Requests in one fetchAll round: well under the API's 120 a minute. */
const MANY_MAX = 40;

function asApiError(e: unknown): ApiError {
  return isApiError(e) ? e : new ApiError('network', 0, e instanceof Error ? e.message : String(e));
}

export function encodeId(id: string, what: string): string {
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
