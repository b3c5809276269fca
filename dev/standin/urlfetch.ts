// UrlFetchApp (fetch, fetchAll) over real synchronous HTTP (dev/sync-http.ts), with Apps Script's errors for
// non-2xx replies, network failures, the daily quota and a published build's URL allowlist; follows the
// simulator's clock header when linked to it.
import { SyncHttpNetworkError, type SyncRequest, type SyncResponse } from '../sync-http';
import { GasException, GasObject, badArguments, gasApi } from './gas-object';
import type { Runtime } from './runtime';
import { FETCH_REFUSALS, type Readings } from './readings';
import { underPrefix } from './allowlist';
import { SIM_HANG_HEADER, SIM_VIRTUAL_CLIENT_HEADER } from '../sim/types';

export interface HttpClient {
  request(req: SyncRequest): SyncResponse;
}

/** One fetch as recorded for tests: never its headers or payload, so no key is ever kept. */
export interface FetchRecord {
  method: string;
  url: string;
  /** The reply's status; undefined when the network failed. */
  status?: number;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const USER_AGENT = 'Mozilla/5.0 (compatible; Google-Apps-Script; beanserver; +https://script.google.com; id: stand-in)';

export class FakeHttpResponse extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.URL_Fetch.HTTPResponse>()('HTTPResponse', [
    'getResponseCode',
    'getContentText',
    'getHeaders',
    'getAllHeaders',
    'getContent',
  ]);
  constructor(private readonly res: SyncResponse) {
    super();
  }
  getResponseCode(): number {
    return this.res.status;
  }
  getContentText(): string {
    return this.res.body;
  }
  getHeaders(): Record<string, string> {
    return { ...this.res.headers };
  }
  getAllHeaders(): Record<string, string> {
    return { ...this.res.headers };
  }
  /** Bytes as Apps Script gives them: signed. */
  getContent(): number[] {
    return [...Buffer.from(this.res.body, 'utf8')].map((b) => (b > 127 ? b - 256 : b));
  }
}

interface FetchParams {
  method?: unknown;
  payload?: unknown;
  contentType?: unknown;
  headers?: unknown;
  muteHttpExceptions?: unknown;
  followRedirects?: unknown;
  timeoutSeconds?: unknown;
}

/** A test's hook, fired once just before a matching request is sent: it may run a second server call then. */
export interface FetchHook {
  match: (req: { method: string; url: string }) => boolean;
  run: () => void;
  /** Runs once the service has answered, before the script gets the answer: the request applied, its reply on its way. */
  answered?: boolean;
}

export interface UrlFetchOptions {
  runtime: Runtime;
  http: () => HttpClient;
  /** Reply header carrying the linked simulator's clock, or null when not linked. */
  clockHeader: string | null;
  timeoutMs: number;
  log: FetchRecord[];
  /** The manifest's urlFetchWhitelist (URL prefixes), enforced while the stand-in is a published add-on; null: none. */
  urlFetchWhitelist: () => readonly string[] | null;
  /** Only requests whose "METHOD url" matches are refused under fetchRefusal; null: every request. */
  refusalOnly?: () => RegExp | null;
  /** One-shot hooks (see AppsScriptStandin.duringFetch). */
  hooks?: FetchHook[];
  /** How redirects are followed (docs/rules.md#readings); default: every header kept. */
  readings?: Partial<Pick<Readings, 'redirects' | 'fetchTimeout' | 'fetchRefusal'>>;
}

/** Redirects UrlFetchApp follows at most (then the last 3xx is the reply). */
const MAX_REDIRECTS = 5;

/** A checked request, ready to send. */
interface Prepared {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  mute: boolean;
  follow: boolean;
  /** How long it waits for an answer (docs/rules.md#readings's two readings of the timeout). */
  timeoutMs: number;
}

/** The longest wait the timeoutSeconds reading allows, and its default. */
const LONG_TIMEOUT_MS = 360_000;

export class FakeUrlFetchApp extends GasObject {
  static override readonly api = gasApi<GoogleAppsScript.URL_Fetch.UrlFetchApp>()('UrlFetchApp', ['fetch', 'fetchAll']);

  constructor(private readonly o: UrlFetchOptions) {
    super();
  }

  fetch(url: unknown, params: unknown = {}): FakeHttpResponse {
    if (typeof url !== 'string' || typeof params !== 'object' || params === null) throw badArguments('UrlFetchApp.fetch', [url, params]);
    const req = this.prepare(url, params as FetchParams);
    this.refuse(req);
    this.o.runtime.quotas.use('urlFetch', 1);
    return this.answered([req], this.send(req))[0]!;
  }

  /** Each request is a URL or an object with url and fetch's params; one quota call each; sent in order here. */
  fetchAll(requests: unknown): FakeHttpResponse[] {
    if (!Array.isArray(requests)) throw badArguments('UrlFetchApp.fetchAll', [requests]);
    const prepared = requests.map((r: unknown) => {
      if (typeof r === 'string') return this.prepare(r, {});
      if (typeof r !== 'object' || r === null || typeof (r as { url?: unknown }).url !== 'string') throw badArguments('UrlFetchApp.fetchAll', [requests]);
      const { url, ...params } = r as FetchParams & { url: string };
      return this.prepare(url, params);
    });
    prepared.forEach((req) => this.refuse(req));
    this.o.runtime.quotas.use('urlFetch', prepared.length);
    // Sent together: the round takes as long as its slowest request, and one without an answer fails it.
    return this.answered(prepared, ...prepared.map((req) => this.send(req)));
  }

  /** Replies as the script sees them: a request the server never answered costs the timeout, then throws Timeout. */
  private answered(reqs: Prepared[], ...replies: (FakeHttpResponse | null)[]): FakeHttpResponse[] {
    const hung = replies.findIndex((r) => r === null);
    if (hung < 0) return replies as FakeHttpResponse[];
    this.o.runtime.clock.advance(Math.max(...reqs.map((r) => r.timeoutMs)));
    throw new GasException(`Timeout: ${reqs[hung]!.url}`);
  }

  /** A refusal before anything is sent, under the fetchRefusal switch (quota, an administrator's allowlist, a permission). */
  private refuse(req: Prepared): void {
    const r = this.o.readings?.fetchRefusal;
    const only = this.o.refusalOnly?.();
    if (only && !only.test(`${req.method} ${req.url}`)) return;
    if (r && r !== 'none') throw new GasException(FETCH_REFUSALS[r](req.url));
  }

  /** About 60 s whatever is asked; or timeoutSeconds honoured up to 360 s, 360 s when not given. */
  private timeoutOf(p: FetchParams): number {
    if (this.o.readings?.fetchTimeout !== 'option-360') return this.o.timeoutMs;
    const asked = Number(p.timeoutSeconds);
    return Number.isFinite(asked) && asked > 0 ? Math.min(LONG_TIMEOUT_MS, asked * 1000) : LONG_TIMEOUT_MS;
  }

  private prepare(url: string, p: FetchParams): Prepared {
    if (!/^https?:\/\/[^/\s]+/i.test(url)) throw new GasException(`Invalid argument: ${url}`);
    const method = String(p.method ?? 'get').toUpperCase();
    if (!METHODS.has(method)) throw new GasException(`Invalid argument: method`);
    this.checkAllowed(url);
    const headers: Record<string, string> = { 'user-agent': USER_AGENT };
    if (p.headers !== undefined) {
      if (typeof p.headers !== 'object' || p.headers === null) throw badArguments('UrlFetchApp.fetch', [url, p]);
      for (const [k, v] of Object.entries(p.headers)) headers[k.toLowerCase()] = String(v);
    }
    const body = this.body(p, headers);
    return { url, method, headers, body, mute: p.muteHttpExceptions === true, follow: p.followRedirects !== false, timeoutMs: this.timeoutOf(p) };
  }

  /**
   * A published build fetches only URLs starting with a prefix of the manifest's urlFetchWhitelist. The message
   * is the one Apps Script gives (seen in public reports, the query left off after its "?").
   */
  private checkAllowed(url: string): void {
    const allowed = this.o.runtime.addonMode ? this.o.urlFetchWhitelist() : null;
    if (!allowed || allowed.some((prefix) => underPrefix(url, prefix))) return;
    throw new GasException(`Request to ${url.replace(/\?.*$/s, '?')} failed because the URL has not been whitelisted in the script manifest.`);
  }

  /** One request and the redirects it is sent on to; null when the server never answered. */
  private send(first: Prepared): FakeHttpResponse | null {
    this.o.runtime.clock.settle();
    let req = first;
    for (let hops = 0; ; hops++) {
      const res = this.exchange(req);
      if (res === null) return null;
      const location = res.headers.location;
      if (!req.follow || res.status < 300 || res.status >= 400 || location === undefined || hops >= MAX_REDIRECTS) return this.reply(req, res);
      req = this.redirected(req, res.status, location);
    }
  }

  /** The next hop: every header kept, or the key dropped on another host (docs/rules.md#readings's two readings). */
  private redirected(req: Prepared, status: number, location: string): Prepared {
    const url = /^https?:\/\//i.test(location) ? location : /^https?:\/\/[^/?#]+/i.exec(req.url)![0] + location;
    const host = (u: string) => /^https?:\/\/([^/?#]+)/i.exec(u)?.[1]?.toLowerCase();
    const headers = { ...req.headers };
    if (this.o.readings?.redirects === 'drop-auth-across-hosts' && host(url) !== host(req.url)) delete headers.authorization;
    this.checkAllowed(url);
    const keepBody = status === 307 || status === 308;
    return { ...req, url, headers, method: keepBody ? req.method : 'GET', body: keepBody ? req.body : undefined };
  }

  private exchange(req: Prepared): SyncResponse | null {
    this.fireHook(req, false);
    this.o.runtime.counters.fetches++;
    const record: FetchRecord = { method: req.method, url: req.url };
    this.o.log.push(record);
    let res: SyncResponse;
    const headers = this.o.clockHeader ? { ...req.headers, [SIM_VIRTUAL_CLIENT_HEADER]: '1' } : req.headers;
    try {
      res = this.o.http().request({
        method: req.method,
        url: req.url,
        headers,
        ...(req.body !== undefined && { body: req.body }),
        timeoutMs: req.timeoutMs,
      });
    } catch (e) {
      if (!(e instanceof SyncHttpNetworkError)) throw e;
      const url = req.url;
      if (/timed? ?out|no reply/i.test(e.message)) return null;
      throw new GasException(/ENOTFOUND|EAI_AGAIN/.test(e.message) ? `DNS error: ${url}` : `Address unavailable: ${url}`);
    }
    this.followClock(res);
    // A linked simulator whose server would never answer: the whole timeout is charged in virtual time, as UrlFetchApp waits ~60 s.
    if (res.headers[SIM_HANG_HEADER] !== undefined) return null;
    record.status = res.status;
    this.fireHook(req, true);
    return res;
  }

  private reply(req: Prepared, res: SyncResponse): FakeHttpResponse {
    if ((res.status < 200 || res.status >= 300) && !req.mute) {
      const origin = /^https?:\/\/[^/?#]+/i.exec(req.url)![0];
      throw new GasException(
        `Request failed for ${origin} returned code ${res.status}. Truncated server response: ${res.body.slice(0, 100)} (use muteHttpExceptions option to examine full response)`,
      );
    }
    return new FakeHttpResponse(res);
  }

  /** Another execution runs now, as a second person's click lands while this one waits on the network. */
  private fireHook(req: Prepared, answered: boolean): void {
    const hooks = this.o.hooks;
    const i = hooks ? hooks.findIndex((h) => !h.answered === !answered && h.match({ method: req.method, url: req.url })) : -1;
    if (!hooks || i < 0) return;
    const [hook] = hooks.splice(i, 1);
    this.o.runtime.nestable++;
    try {
      hook!.run();
    } finally {
      this.o.runtime.nestable--;
    }
  }

  /** The payload as Apps Script sends it: strings as they are, objects form-encoded. */
  private body(p: FetchParams, headers: Record<string, string>): string | undefined {
    if (p.payload === undefined || p.payload === null) return undefined;
    let body: string;
    if (typeof p.payload === 'string') body = p.payload;
    else if (typeof p.payload === 'object' && !Array.isArray(p.payload)) {
      body = Object.entries(p.payload)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
        .join('&');
    } else throw new Error('stand-in: UrlFetchApp.fetch payload of this kind is not implemented');
    if (typeof p.contentType === 'string') headers['content-type'] = p.contentType;
    else headers['content-type'] ??= 'application/x-www-form-urlencoded';
    return body;
  }

  private followClock(res: SyncResponse): void {
    if (!this.o.clockHeader) return;
    const t = Number(res.headers[this.o.clockHeader]);
    if (Number.isFinite(t)) this.o.runtime.clock.catchUp(t);
  }
}
