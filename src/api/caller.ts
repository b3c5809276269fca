// The HTTP side of the API client: one request as a typed reply or an ApiError (docs/rules.md#unknown-outcomes's one
// definition of an unknown outcome), retries of the retryable codes for reads, fetchAll rounds.
import type * as z from 'zod/mini';
import type { HttpRequest, HttpResponse, HttpTransport } from '../core/http';
import { ApiError, isApiError, runTimeUp } from './errors';
import { createPacer } from './pacer';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, withRetry } from './retry';
import { describeProblem, errorBodySchema, type Tidied } from './schemas';
import { hostOf, refusalError } from './refusals';
import type { Clock } from '../core/clock';
import type { Pacer } from './pacer';
import type { RetryPolicy } from './retry';
import { errorText } from '../core/error-text';
import { nowOf } from '../core/clock';

export const API_OFF_MESSAGE = 'The video API is switched off for this site, or the base URL is wrong.';

/** What a client of the API is built from (the client's options: src/api/client.ts). */
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
  /** How the person grants a permission Google refused a request for (a sentence). */
  grantPermission?: () => string;
}

export interface Call<T> {
  method: 'GET' | 'POST';
  /** Real path, ids encoded, with query. */
  path: string;
  /** Path as the spec names it, for messages: "POST /campaigns/{id}/generate". */
  label: string;
  /** Builds the reply's schema (docs/api.md#replies): built once an execution, when a reply is parsed. */
  schema: () => z.ZodMiniType<T> | Tidied<T>;
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
  /** Whether the service answered this run, and since when it has not (docs/rules.md#budgets: a silent API costs little). */
  link(): Link;
}

export interface Link {
  /** Some request of this run got an HTTP reply. */
  answered: boolean;
  /** Epoch ms of the first request of this run that got no answer after waiting (a Timeout), or null. */
  silentSince: number | null;
}

/**
 * Every request may cost this much: UrlFetchApp gives up after about a minute, or waits up to six unless told
 * otherwise, so each request passes this as its timeoutSeconds (docs/rules.md#budgets).
 */
export const REQUEST_ALLOWANCE_MS = 60_000;
/** A request that failed after this long was not refused but left unanswered: the service is silent. */
const SILENT_AFTER_MS = 30_000;

export const TEMPLATES_PATH = '/templates';
/** The one read whose path always exists, named as a person reads it. */
export const TEMPLATES_ASKED = 'the request for the list of templates';

export function createCaller(opts: ApiClientOptions): Caller {
  const base = opts.baseUrl.trim().replace(/\/+$/, '');
  const pacer = opts.pacer === undefined ? createPacer({ clock: opts.clock }) : opts.pacer;
  // A paced request still needs its minute before the deadline once its wait is over.
  const transport = pacer ? pacer.wrap(opts.transport, opts.deadline === undefined ? undefined : opts.deadline - REQUEST_ALLOWANCE_MS) : opts.transport;
  // Retry-After of each error built from a reply, read by the retry loop.
  const retryAfter = new WeakMap<ApiError, number>();

  const request = (method: 'GET' | 'POST', path: string, body?: unknown) => buildRequest(base, opts.apiKey, method, path, body);
  const { guarded, link } = guard(opts);
  const refused = (e: unknown) => refusalError(e, hostOf(base), opts.grantPermission && opts.grantPermission());

  function send(c: Pick<Call<unknown>, 'method' | 'path' | 'body' | 'label'>): HttpResponse {
    return guarded(c.label, () => [transport.request(request(c.method, c.path, c.body))])[0]!;
  }

  function once<T>(c: Call<T>): T {
    let res: HttpResponse;
    try {
      res = send(c);
    } catch (e) {
      if (isApiError(e)) throw e;
      throw refused(e) || networkError(c);
    }
    return fromResponse(c, res);
  }

  function fromResponse<T>(c: Call<T>, res: HttpResponse): T {
    if (res.status >= 200 && res.status < 300) return parseReply(c, res);
    if (res.status >= 300 && res.status < 400) throw redirectError(c, res);
    const err = replyError(c, res);
    if (err.code === 'network') throw err;
    const wait = parseRetryAfter(res.headers['retry-after'], nowOf(opts));
    if (wait !== undefined) retryAfter.set(err, wait);
    throw err;
  }

  function replyError<T>(c: Call<T>, res: HttpResponse): ApiError {
    const json = parseJson(res.body);
    const parsed = json.ok ? built(errorBodySchema).safeParse(json.value) : undefined;
    if (res.status === 404) {
      // An HTML 404 comes from a web server, not the API; a 404 on a path that always exists means the API is off.
      if (!json.ok || c.alwaysExists || templatesAnswer404()) return new ApiError('api_off', 404, API_OFF_MESSAGE);
    }
    // A write answered by a fault or by something that is not the API may have been applied (docs/rules.md#unknown-outcomes).
    if (c.method === 'POST' && (res.status >= 500 || (!(parsed && parsed.success) && res.status !== 429))) {
      return unknownOutcome(c, `answered HTTP ${res.status}${parsed && parsed.success ? '' : ' with a page that is not the API’s'}`, res.status);
    }
    if (parsed && parsed.success) return new ApiError(parsed.data.error, res.status, parsed.data.message);
    return statusError(c, res.status);
  }

  /** The one probe after a 404 on an id path: does a path that always exists answer 404 too? */
  function templatesAnswer404(): boolean {
    try {
      return send({ method: 'GET', path: TEMPLATES_PATH, label: TEMPLATES_ASKED }).status === 404;
    } catch {
      return false;
    }
  }

  function call<T>(c: Call<T>): T {
    if (!c.retry) return once(c);
    return withRetry(() => once(c), {
      clock: opts.clock,
      // A wait is worth it only when the request after it still has its minute (docs/rules.md#budgets).
      ...(opts.deadline !== undefined && { deadline: opts.deadline - REQUEST_ALLOWANCE_MS }),
      policy: opts.retryPolicy || DEFAULT_RETRY_POLICY,
      retryAfterMs: (e) => retryAfter.get(e),
    });
  }

  return { call, many: (calls) => inRounds({ transport, request, call, fromResponse, guarded, refused }, calls), link: () => ({ ...link }) };
}

/**
 * Every request goes through here: none starts unless a whole minute fits before the deadline, none is sent
 * once the service has left one unanswered this run, and the run learns whether it was answered.
 */
function guard(opts: ApiClientOptions) {
  const link: Link = { answered: false, silentSince: null };
  const guarded = (what: string, send: () => HttpResponse[]): HttpResponse[] => {
    const { clock } = opts;
    if (link.silentSince !== null) {
      throw new ApiError(
        'not_sent',
        0,
        `The video service has not answered since ${new Date(link.silentSince).toISOString().slice(11, 16)} UTC, so the add-on did not send ${what}; it tries again later.`,
      );
    }
    if (opts.deadline !== undefined && clock.now() + REQUEST_ALLOWANCE_MS > opts.deadline) {
      throw runTimeUp(what);
    }
    const started = clock.now();
    try {
      const replies = send();
      link.answered = true;
      return replies;
    } catch (e) {
      if (clock.now() - started >= SILENT_AFTER_MS) link.silentSince = started;
      throw e;
    }
  };
  return { guarded, link };
}

/** A 3xx is never followed (the key must not travel): an error naming the address it pointed to (docs/rules.md#settings). */
function redirectError(c: Call<unknown>, res: HttpResponse): ApiError {
  const where = res.headers.location ? `to ${res.headers.location}` : 'without saying where';
  const what = `The video service answered ${c.label} with a redirect (HTTP ${res.status}) ${where}. The add-on never follows redirects, so your key was not sent there; check the base URL under Connection.`;
  // A write redirected may still have been applied by whatever answered (docs/rules.md#unknown-outcomes).
  if (c.method === 'POST') return new ApiError('network', res.status, `${what} The request may or may not have been applied.`);
  return new ApiError('redirect', res.status, what);
}

function buildRequest(base: string, apiKey: string, method: 'GET' | 'POST', path: string, body?: unknown): HttpRequest {
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
  const timeoutMs = REQUEST_ALLOWANCE_MS;
  if (method === 'GET') return { method, url: base + path, headers, timeoutMs };
  headers['Content-Type'] = 'application/json';
  return { method, url: base + path, headers, body: JSON.stringify(body ?? {}), timeoutMs };
}

/** What a fetchAll round needs of the caller. */
interface Wire {
  transport: HttpTransport;
  request(method: 'GET' | 'POST', path: string, body?: unknown): HttpRequest;
  call<T>(c: Call<T>): T;
  fromResponse<T>(c: Call<T>, res: HttpResponse): T;
  guarded(what: string, send: () => HttpResponse[]): HttpResponse[];
  refused(e: unknown): ApiError | null;
}

/**
 * Reads in rounds of at most MANY_MAX through fetchAll; an answer that may be retried (or a round
 * that got no answer) goes through the ordinary one-by-one path with its retries.
 */
function inRounds<T>({ transport, request, call, fromResponse, guarded, refused }: Wire, calls: Call<T>[]): (T | ApiError)[] {
  const settle = (c: Call<T>): T | ApiError => {
    try {
      return call(c);
    } catch (e) {
      return asApiError(e);
    }
  };
  const requestAll = transport.requestAll;
  if (!requestAll || calls.length < 2) return calls.map(settle);
  const out: (T | ApiError)[] = [];
  for (let i = 0; i < calls.length; i += MANY_MAX) {
    const round = calls.slice(i, i + MANY_MAX);
    let replies: HttpResponse[] | null;
    try {
      // A round waits for its slowest request: one minute of allowance for the round.
      replies = guarded(`${round.length} requests`, () =>
        requestAll.call(
          transport,
          round.map((c) => request(c.method, c.path, c.body)),
        ),
      );
    } catch (e) {
      const refusal = refused(e);
      if (refusal) throw refusal;
      // Nothing sent, or a silent service: the requests are not sent again one by one.
      if (isApiError(e) && e.code === 'not_sent') {
        round.forEach(() => out.push(e));
        continue;
      }
      replies = null;
    }
    round.forEach((c, k) => {
      if (!replies) {
        out.push(settle(c));
        return;
      }
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
  return isApiError(e) ? e : new ApiError('network', 0, errorText(e));
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

const schemas = new Map<() => unknown, unknown>();

/** A schema of ./schemas, built at its first use in this execution. */
function built<T>(make: () => z.ZodMiniType<T> | Tidied<T>): Tidied<T> {
  if (!schemas.has(make)) schemas.set(make, make());
  return schemas.get(make) as Tidied<T>;
}

function parseReply<T>(c: Call<T>, res: HttpResponse): T {
  const json = parseJson(res.body);
  if (!json.ok) {
    if (c.method === 'POST') throw unknownOutcome(c, `answered HTTP ${res.status} with a reply that could not be read`, res.status);
    throw new ApiError('bad_reply', res.status, `The video service's reply to ${c.label} was not JSON, so it could not be read.`);
  }
  const parsed = built(c.schema).safeParse(json.value);
  if (!parsed.success) {
    const problem = describeProblem(parsed.error.issues, json.value);
    if (c.method === 'POST') throw unknownOutcome(c, `answered HTTP ${res.status} with a reply that could not be read (${problem})`, res.status);
    throw new ApiError('bad_reply', res.status, `The video service's reply to ${c.label} was not as expected: ${problem}.`);
  }
  return parsed.data;
}

function statusError(c: Call<unknown>, status: number): ApiError {
  const tail = `(HTTP ${status} to ${c.label})`;
  if (status === 401) return new ApiError('unauthorized', status, `The video service did not accept the API key ${tail}.`);
  if (status === 403) return new ApiError('forbidden', status, `The video service refused this request for the API key ${tail}.`);
  if (status === 404) return new ApiError('not_found', status, `The video service found nothing at that address ${tail}.`);
  if (status === 429) return new ApiError('rate_limited', status, `The video service is receiving too many requests; wait a minute and try again ${tail}.`);
  if (status >= 500) return new ApiError('internal', status, `The video service had a fault ${tail}.`);
  return new ApiError('bad_reply', status, `The video service answered with an error it did not explain ${tail}.`);
}

function networkError(c: Call<unknown>): ApiError {
  if (c.method === 'POST') return unknownOutcome(c, 'gave no answer', 0);
  // A read changes nothing on the service: only that it went unanswered is news.
  return new ApiError('network', 0, `The video service did not answer ${c.label}; nothing was changed.`);
}

/**
 * The one definition of an unknown outcome (docs/rules.md#unknown-outcomes): a write that got no answer, a 5xx, a page
 * that is not the API's JSON, or a 2xx that cannot be read. Code `network`; never retried as such.
 */
function unknownOutcome(c: Call<unknown>, what: string, status: number): ApiError {
  return new ApiError('network', status, `The video service ${what} for ${c.label}, so the request may or may not have been applied.`);
}
