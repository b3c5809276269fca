// The playground's HTTP server (node:http only): the page, the sidebar with its google.script shim,
// the state the page polls, the page's actions, the google.script.run bridge, and the simulated timer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildAssets, withShim, type Assets } from './assets';
import type { FaultName, GasRunReply, GasRunRequest, PlaygroundActions, PlaygroundState } from './protocol';
import { PlaygroundSession, type SessionOptions } from './session';

export const DEFAULT_PORT = 8787;
/** How often the simulated time-driven trigger fires while one is installed. */
export const DEFAULT_TIMER_MS = 5000;
/**
 * The simulator as the playground runs it: real clock at speed 1; a render has 5 stages of 6 s (the
 * sample leads have a website, which adds the lookup stage) and 25 run at once, so 50 videos take two
 * waves of 30 s: about a minute.
 */
export const PLAYGROUND_SIM: NonNullable<SessionOptions['sim']> = { speed: 1, stageMs: 6000, concurrency: 25 };

const MAX_BODY = 1024 * 1024;
const FAULT_NAMES: readonly FaultName[] = ['stall', 'error500', 'rate429', 'apiOff', 'failRenders'];

export interface PlaygroundOptions {
  /** 0 picks a free port. Default 8787. */
  port?: number;
  /** Default 127.0.0.1: the playground runs code for whoever reaches it, so it stays on this machine. */
  host?: string;
  /** Default 5000. */
  timerEveryMs?: number;
  /** Simulator settings over PLAYGROUND_SIM. */
  sim?: SessionOptions['sim'];
  /** The built server bundle; default dist/Code.js. */
  bundlePath?: string;
}

export interface Playground {
  /** http://localhost:PORT */
  url: string;
  port: number;
  session: PlaygroundSession;
  /** Stops the timer, the server and the simulator child. */
  close(): Promise<void>;
}

/** The port is held by something else. */
export class PortBusyError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use; stop whatever holds it or pick another with --port or PORT.`);
    this.name = 'PortBusyError';
  }
}

/** An answer other than 200, with a sentence for the page. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Runs one task at a time, in order: the stand-in's calls block, and a reset must not interleave with them. */
class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => T | Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

/**
 * Starts the playground: claims the port first (so a busy one fails at once, before the simulator
 * starts), then the simulator child and the stand-in, then the timer.
 */
export async function startPlayground(o: PlaygroundOptions = {}): Promise<Playground> {
  const port = o.port ?? DEFAULT_PORT;
  const host = o.host ?? '127.0.0.1';
  const everyMs = o.timerEveryMs ?? DEFAULT_TIMER_MS;
  let app: App | null = null;

  const server = createServer((req, res) => {
    if (!app) return send(res, 503, { message: 'The playground is still starting; try again in a moment.' });
    app.handle(req, res).catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : 500;
      if (status >= 500) console.error('[playground]', e);
      if (!res.headersSent) send(res, status, { message: e instanceof Error ? e.message : String(e) });
      else res.destroy();
    });
  });
  await listen(server, port, host);
  const bound = (server.address() as AddressInfo).port;

  let session: PlaygroundSession;
  let assets: Assets;
  try {
    [assets, session] = await Promise.all([buildAssets(), PlaygroundSession.start({ sim: { ...PLAYGROUND_SIM, ...o.sim }, bundlePath: o.bundlePath })]);
  } catch (e) {
    await closeServer(server);
    throw e;
  }
  const serial = new Serial();
  const live = new App(session, assets, serial, everyMs);
  app = live;

  // The simulated time-driven trigger: Apps Script's fires every 5 minutes (hourly for a published
  // add-on); this one every few seconds, while the add-on has one installed.
  let tickQueued = false;
  const timer = setInterval(() => {
    if (tickQueued) return;
    tickQueued = true;
    void serial
      .run(() => {
        tickQueued = false;
        if (session.gas.triggers.length > 0) session.fireTimer();
      })
      .catch((e: unknown) => console.error('[playground] timer run failed:', e instanceof Error ? e.message : e));
  }, everyMs);

  let closing: Promise<void> | null = null;
  return {
    url: `http://localhost:${bound}`,
    port: bound,
    session,
    close: () =>
      (closing ??= (async () => {
        clearInterval(timer);
        app = null;
        await serial.run(() => undefined);
        await closeServer(server);
        await session.close();
      })()),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (e: NodeJS.ErrnoException) => reject(e.code === 'EADDRINUSE' ? new PortBusyError(port) : e);
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(html),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}

/** The request's JSON body; only application/json is taken, so a plain form on another site cannot post here. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'Send JSON (content-type: application/json).');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'The request body is too large.');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text.trim() === '' ? {} : (JSON.parse(text) as unknown);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

// ---- body checks: a 400 with a sentence rather than a stand-in error deep inside ----

type Body = Record<string, unknown>;

function object(v: unknown, what: string): Body {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new HttpError(400, `${what} must be a JSON object.`);
  return v as Body;
}

function int(b: Body, key: string, min = 1): number {
  const v = b[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new HttpError(400, `${key} must be a whole number from ${min}.`);
  return v;
}

function str(b: Body, key: string): string {
  const v = b[key];
  if (typeof v !== 'string') throw new HttpError(400, `${key} must be a string.`);
  return v;
}

function bool(b: Body, key: string): boolean {
  const v = b[key];
  if (typeof v !== 'boolean') throw new HttpError(400, `${key} must be true or false.`);
  return v;
}

/** A grid or menu action that the stand-in refuses (no such tab, bad range, no such item) is the request's fault. */
function asBadRequest<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw new HttpError(400, e instanceof Error ? e.message : String(e));
  }
}

/** Host names the playground answers to: a page on another name (DNS rebinding) gets nothing. */
function localHost(host: string | undefined): boolean {
  const name = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  return name === 'localhost' || name === '127.0.0.1' || name === '[::1]' || name.endsWith('.localhost');
}

class App {
  constructor(
    private readonly session: PlaygroundSession,
    private readonly assets: Assets,
    private readonly serial: Serial,
    private readonly everyMs: number,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!localHost(req.headers.host)) throw new HttpError(403, 'The playground answers only on localhost.');
    const path = new URL(req.url ?? '/', 'http://playground.invalid').pathname;
    const method = (req.method ?? 'GET').toUpperCase();

    if (path === '/' || path === '/index.html') {
      this.only(method, 'GET');
      return sendHtml(res, this.assets.page);
    }
    if (path === '/sidebar') {
      this.only(method, 'GET');
      const html = await this.serial.run(() => this.session.sidebarHtml());
      return sendHtml(res, withShim(html, this.assets.shim));
    }
    if (path === '/api/state') {
      this.only(method, 'GET');
      return send(res, 200, await this.serial.run(() => this.state()));
    }
    if (path === '/gas/run') {
      this.only(method, 'POST');
      const run = this.gasRequest(await readJson(req));
      return send(res, 200, await this.serial.run(() => this.gasRun(run)));
    }
    const action = /^\/api\/([a-zA-Z]+)$/.exec(path)?.[1];
    if (action !== undefined && Object.prototype.hasOwnProperty.call(ACTIONS, action)) {
      this.only(method, 'POST');
      const body = object(await readJson(req), 'The body');
      const run = ACTIONS[action as keyof PlaygroundActions];
      await this.serial.run(() => run(this.session, body));
      return send(res, 200, { ok: true });
    }
    throw new HttpError(404, `Nothing at ${path}.`);
  }

  private only(method: string, allowed: 'GET' | 'POST'): void {
    if (method !== allowed) throw new HttpError(405, `Use ${allowed} here.`);
  }

  private async state(): Promise<PlaygroundState> {
    const base = await this.session.state(this.everyMs);
    return { ...base, tabs: this.session.grid.tabs(), sheet: this.session.grid.view() };
  }

  private gasRequest(v: unknown): GasRunRequest {
    const b = object(v, 'The body');
    const name = str(b, 'name');
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new HttpError(400, `${JSON.stringify(name)} is not a function name.`);
    const args = b.args ?? [];
    if (!Array.isArray(args)) throw new HttpError(400, 'args must be an array.');
    return { name, args };
  }

  /** One google.script.run call: its value, or what the failure handler gets. */
  private gasRun(r: GasRunRequest): GasRunReply {
    try {
      return { ok: true, value: this.session.call(r.name, r.args) ?? null };
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
  }
}

/** POST /api/<action>: checks its body and does it. */
const ACTIONS: { [K in keyof PlaygroundActions]: (s: PlaygroundSession, b: Body) => void | Promise<void> } = {
  select(s, b) {
    const ranges = b.ranges;
    if (!Array.isArray(ranges) || ranges.length === 0 || !ranges.every((r) => typeof r === 'string')) {
      throw new HttpError(400, 'ranges must be a non-empty array of A1 ranges.');
    }
    const sheetId = int(b, 'sheetId', 0);
    asBadRequest(() => s.grid.select(sheetId, ranges as string[]));
  },
  edit(s, b) {
    const [sheetId, row, col, value] = [int(b, 'sheetId', 0), int(b, 'row'), int(b, 'col'), str(b, 'value')];
    asBadRequest(() => s.grid.edit(sheetId, row, col, value));
  },
  paste(s, b) {
    const [sheetId, row, col, text] = [int(b, 'sheetId', 0), int(b, 'row'), int(b, 'col'), str(b, 'text')];
    asBadRequest(() => s.grid.paste(sheetId, row, col, text));
  },
  activate(s, b) {
    const sheetId = int(b, 'sheetId', 0);
    asBadRequest(() => s.grid.activate(sheetId));
  },
  addTab(s) {
    s.grid.addTab();
  },
  deleteRows(s, b) {
    const sheetId = int(b, 'sheetId', 0);
    asBadRequest(() => s.grid.deleteRows(sheetId));
  },
  filter(s, b) {
    const sheetId = int(b, 'sheetId', 0);
    if (b.clear === true) {
      asBadRequest(() => s.grid.clearFilter(sheetId));
      return;
    }
    const [col, text] = [int(b, 'col'), str(b, 'text')];
    asBadRequest(() => s.grid.filter(sheetId, col, text));
  },
  sort(s, b) {
    const [sheetId, col, ascending] = [int(b, 'sheetId', 0), int(b, 'col'), bool(b, 'ascending')];
    asBadRequest(() => s.grid.sort(sheetId, col, ascending));
  },
  move(s, b) {
    const [sheetId, col] = [int(b, 'sheetId', 0), int(b, 'col')];
    if (b.by !== -1 && b.by !== 1) throw new HttpError(400, 'by must be -1 (left) or 1 (right).');
    const by = b.by;
    asBadRequest(() => s.grid.moveColumn(sheetId, col, by));
  },
  user(s, b) {
    s.setOtherPerson(bool(b, 'other'));
  },
  menu(s, b) {
    const caption = str(b, 'caption');
    // A caption the add-on never added is the request's fault; an error inside the handler is the add-on's.
    const known = s.gas.ui.menus.some(function has(m): boolean {
      return m.items.some((it) => ('caption' in it && it.caption === caption) || ('submenu' in it && has(it.submenu)));
    });
    if (!known) throw new HttpError(400, `The add-on has no menu item “${caption}”.`);
    s.clickMenu(caption);
  },
  async fault(s, b) {
    const name = str(b, 'name');
    if (!FAULT_NAMES.includes(name as FaultName)) throw new HttpError(400, `name must be one of ${FAULT_NAMES.join(', ')}.`);
    await s.setFault(name as FaultName, bool(b, 'on'));
  },
  async reset(s) {
    await s.reset();
  },
};
