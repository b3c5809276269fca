// The simulator's HTTP server (Node's http only): /api/v1, recipient pages, the control endpoint; latency,
// reply faults (reply-faults.ts) and the request log. startSimulator runs it in this process.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi } from './api';
import { handleControl } from './control';
import { DEFAULT_CONFIG, mergeConfig } from './config';
import { handlePage } from './pages';
import { applyLate, garble, GATEWAY_PAGE, GATEWAY_TIMEOUT_PAGE, takeReplyFault } from './reply-faults';
import { Simulator } from './simulator';
import { SIM_HANG_HEADER, SIM_KEYS, SIM_NOW_HEADER, SIM_VIRTUAL_CLIENT_HEADER, type SimConfig, type SimControl } from './types';

export interface SimHandle {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** origin + '/api/v1' */
  baseUrl: string;
  /** Where recipient pages live: the origin. */
  pageBase: string;
  keys: typeof SIM_KEYS;
  /** Runs a control action; rejects with the message when the simulator answers 400. */
  // `any`: each action answers a different shape (see SimControl).
  control(msg: SimControl): Promise<any>;
  close(): Promise<void>;
}

const API_PREFIX = '/api/v1';
const MAX_BODY = 20 * 1024 * 1024;

/** The simulators this thread runs, by origin: a caller in the same thread answers through them without a socket. */
const inThisThread = new Map<string, Simulator>();

export function simulatorAt(origin: string): Simulator | undefined {
  return inThisThread.get(origin);
}

export async function startSimulator(config: SimConfig = {}): Promise<SimHandle> {
  const { port = 8788, host = '127.0.0.1', ...rest } = config;
  let origin = '';
  const sim = new Simulator(mergeConfig(DEFAULT_CONFIG, rest), () => origin);
  const server = createServer((req, res) => {
    serve(sim, req, res).catch((e: unknown) => {
      console.error('[sim] request failed', e);
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'internal', message: 'The simulator failed.' }));
    });
  });
  // Idle keep-alive sockets stay open for two minutes: a loaded test machine pausing between two calls
  // must not turn into a reset that looks like the network losing an answer (faults are switched on, never by chance).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  origin = `http://${addr.family === 'IPv6' ? `[${addr.address}]` : addr.address}:${addr.port}`;
  // The loopback's other name reaches the same server: a caller in this thread must not wait on a socket to itself.
  const names = [origin, ...(addr.address === '127.0.0.1' ? [`http://localhost:${addr.port}`] : [])];
  for (const n of names) inThisThread.set(n, sim);
  return {
    origin,
    baseUrl: origin + API_PREFIX,
    pageBase: origin,
    keys: SIM_KEYS,
    async control(msg) {
      const reply = handleControl(sim, msg);
      if (reply.status !== 200) throw new Error(String(reply.body.message));
      return JSON.parse(JSON.stringify(reply.body)) as unknown;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const n of names) inThisThread.delete(n);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(sim: Simulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  const { latencyMs } = sim.config.faults;
  // A real clock waits the latency out here; a manual one is advanced inside respond().
  if (latencyMs > 0 && sim.config.clock !== 'manual' && isApi(new URL(req.url ?? '/', 'http://sim.invalid').pathname))
    await new Promise((r) => setTimeout(r, latencyMs));
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]));
  const reply = respond(sim, { method: req.method ?? 'GET', url: req.url ?? '/', headers, body });
  if ('drop' in reply) {
    res.socket?.destroy();
    return;
  }
  if ('hang' in reply) {
    res.on('close', () => undefined);
    return;
  }
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
}

const isApi = (path: string): boolean => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

/** A request as the simulator reads it: its path and query, headers in lower case, the whole body. */
export interface SimRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What the simulator answers: a reply, a connection dropped after the request was applied, or no answer at all. */
export type SimReply = { status: number; headers: Record<string, string>; body: string | Buffer } | { drop: true } | { hang: true };

/**
 * One request, answered synchronously: the one place the simulator's routes, latency on a manual clock, reply faults
 * and request log live, for its HTTP server and for a caller in the same thread (dev/sim/in-process.ts).
 */
export function respond(sim: Simulator, req: SimRequest): SimReply {
  const url = new URL(req.url, 'http://sim.invalid');
  const path = url.pathname;
  const method = req.method.toUpperCase();
  const { body } = req;
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const send = (status: number, headers: Record<string, string>, text: string | Buffer): SimReply => ({
    status,
    headers: { ...headers, [SIM_NOW_HEADER]: String(sim.now()) },
    body: text,
  });

  if (path === '/__sim/control') {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST' };
    if (method === 'OPTIONS') return send(204, cors, '');
    if (method !== 'POST') return send(404, { ...json, ...cors }, JSON.stringify({ ok: false, message: 'POST a control message here.' }));
    let msg: unknown;
    try {
      msg = JSON.parse(body);
    } catch {
      return send(400, { ...json, ...cors }, JSON.stringify({ ok: false, error: 'bad_control', message: 'The control body is not valid JSON.' }));
    }
    const reply = handleControl(sim, msg);
    return send(reply.status, { ...json, ...cors }, JSON.stringify(reply.body));
  }

  if (path.startsWith('/p/') && (method === 'GET' || method === 'HEAD')) {
    const page = handlePage(sim, path, req.headers.range);
    return send(page.status, { 'content-type': page.contentType, ...page.headers }, method === 'HEAD' ? '' : page.body);
  }

  if (!isApi(path)) {
    return send(404, json, JSON.stringify({ error: 'not_found', message: `Nothing lives at ${path}; the API is under ${API_PREFIX}.` }));
  }

  const { latencyMs } = sim.config.faults;
  if (latencyMs > 0 && sim.config.clock === 'manual') sim.clock.advance(latencyMs);
  const apiPath = path.slice(API_PREFIX.length) || '/';
  applyLate(sim);
  const unapplied = {
    at: sim.now(),
    method,
    path: apiPath,
    query: url.search.replace(/^\?/, ''),
    key: req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? null,
  };
  if (sim.config.faults.hang) {
    sim.log.push({ ...unapplied, status: 0, hung: true });
    // A virtual-clock client is told so at once; anyone else waits until they give up.
    return req.headers[SIM_VIRTUAL_CLIENT_HEADER] !== undefined ? send(200, { [SIM_HANG_HEADER]: '1' }, '') : { hang: true };
  }
  if (sim.config.faults.redirectTo) {
    sim.log.push({ ...unapplied, status: 307 });
    return send(307, { ...json, location: sim.config.faults.redirectTo.replace(/\/+$/, '') + path + url.search }, '{}');
  }
  const apiReq = { method, path: apiPath, query: url.searchParams, authorization: req.headers.authorization, body };
  const fault = takeReplyFault(sim, `${method} ${apiPath}`);
  if (fault === 'late') {
    sim.late.push({ at: sim.now() + sim.config.faults.lateMs, req: apiReq });
    return send(504, { 'content-type': 'text/html' }, GATEWAY_TIMEOUT_PAGE);
  }
  const reply = handleApi(sim, apiReq);
  const entry = {
    at: sim.now(),
    method,
    path: apiPath,
    query: url.search.replace(/^\?/, ''),
    status: reply.status,
    ...(reply.code ? { code: reply.code } : {}),
    key: reply.key,
  };
  sim.log.push({ ...entry, ...(fault && { replyFault: fault }), ...(fault === 'drop' && { dropped: true }) });
  if (fault === 'drop') return { drop: true };
  if (fault === 'html502') return send(502, { 'content-type': 'text/html' }, GATEWAY_PAGE);
  const text = JSON.stringify(reply.body);
  if (fault === 'garbled') return send(200, json, garble(text));
  return send(reply.status, { ...json, ...reply.headers }, text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
