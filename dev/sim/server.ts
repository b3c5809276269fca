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
import { SIM_KEYS, SIM_NOW_HEADER, type SimConfig, type SimControl } from './types';

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

export async function startSimulator(config: SimConfig = {}): Promise<SimHandle> {
  const { port = 8788, host = '127.0.0.1', ...rest } = config;
  let origin = '';
  const sim = new Simulator(mergeConfig(DEFAULT_CONFIG, rest), () => origin);
  const server = createServer((req, res) => {
    serve(sim, req, res).catch((e: unknown) => {
      console.error('[sim] request failed', e);
      if (!res.headersSent)
        send(res, sim, 500, { 'content-type': 'application/json' }, JSON.stringify({ error: 'internal', message: 'The simulator failed.' }));
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
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(sim: Simulator, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sim.invalid');
  const path = url.pathname;
  const method = (req.method ?? 'GET').toUpperCase();
  const body = await readBody(req);
  const json = { 'content-type': 'application/json; charset=utf-8' };

  if (path === '/__sim/control') {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST' };
    if (method === 'OPTIONS') return send(res, sim, 204, cors, '');
    if (method !== 'POST') return send(res, sim, 404, { ...json, ...cors }, JSON.stringify({ ok: false, message: 'POST a control message here.' }));
    let msg: unknown;
    try {
      msg = JSON.parse(body);
    } catch {
      return send(res, sim, 400, { ...json, ...cors }, JSON.stringify({ ok: false, error: 'bad_control', message: 'The control body is not valid JSON.' }));
    }
    const reply = handleControl(sim, msg);
    return send(res, sim, reply.status, { ...json, ...cors }, JSON.stringify(reply.body));
  }

  if (path.startsWith('/p/') && (method === 'GET' || method === 'HEAD')) {
    const page = handlePage(sim, path, req.headers.range);
    return send(res, sim, page.status, { 'content-type': page.contentType, ...page.headers }, method === 'HEAD' ? '' : page.body);
  }

  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) {
    return send(res, sim, 404, json, JSON.stringify({ error: 'not_found', message: `Nothing lives at ${path}; the API is under ${API_PREFIX}.` }));
  }

  const { latencyMs } = sim.config.faults;
  if (latencyMs > 0) {
    if (sim.config.clock === 'manual') sim.clock.advance(latencyMs);
    else await new Promise((r) => setTimeout(r, latencyMs));
  }
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
    return hang(req, res, sim);
  }
  if (sim.config.faults.redirectTo) {
    sim.log.push({ ...unapplied, status: 307 });
    return send(res, sim, 307, { ...json, location: sim.config.faults.redirectTo.replace(/\/+$/, '') + path + url.search }, '{}');
  }
  const apiReq = { method, path: apiPath, query: url.searchParams, authorization: req.headers.authorization, body };
  const fault = takeReplyFault(sim, `${method} ${apiPath}`);
  if (fault === 'late') {
    sim.late.push({ at: sim.now() + sim.config.faults.lateMs, req: apiReq });
    return send(res, sim, 504, { 'content-type': 'text/html' }, GATEWAY_TIMEOUT_PAGE);
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
  if (fault === 'drop') {
    res.socket?.destroy();
    return;
  }
  if (fault === 'html502') return send(res, sim, 502, { 'content-type': 'text/html' }, GATEWAY_PAGE);
  const text = JSON.stringify(reply.body);
  if (fault === 'garbled') return send(res, sim, 200, json, garble(text));
  send(res, sim, reply.status, { ...json, ...reply.headers }, text);
}

/** A server that never answers: a virtual-clock client is told so at once; anyone else waits until they give up. */
function hang(req: IncomingMessage, res: ServerResponse, sim: Simulator): void {
  if (req.headers['x-sim-virtual-client'] !== undefined) return send(res, sim, 200, { 'x-sim-hang': '1' }, '');
  res.on('close', () => undefined);
}

function send(res: ServerResponse, sim: Simulator, status: number, headers: Record<string, string>, body: string | Buffer): void {
  res.writeHead(status, { ...headers, [SIM_NOW_HEADER]: String(sim.now()) });
  res.end(body);
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
