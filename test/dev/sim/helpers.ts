// Test helpers for the simulator: one started in-process per file, and a small JSON client over real HTTP.
import { startSimulator, type SimHandle } from '../../../dev/sim/server';
import { SIM_KEYS, SIM_TEMPLATES, type SimConfig, type SimState } from '../../../dev/sim/types';

export interface Reply {
  status: number;
  // Bodies are checked field by field in the tests.
  body: any;
  headers: Headers;
}

export interface CallOptions {
  /** null sends no Authorization header. */
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  authorization?: string;
}

export async function call(sim: SimHandle, method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = opts.key === undefined ? SIM_KEYS.write : opts.key;
  if (opts.authorization !== undefined) headers.authorization = opts.authorization;
  else if (key !== null) headers.authorization = `Bearer ${key}`;
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const res = await fetch(sim.baseUrl + path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** Starts a manual-clock simulator for the file, and resets it before each test. */
export function useSimulator(config: SimConfig = {}): () => SimHandle {
  let sim: SimHandle | undefined;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, clock: 'manual', ...config });
  });
  beforeEach(async () => {
    await sim?.control({ action: 'reset' });
  });
  afterAll(async () => {
    await sim?.close();
  });
  return () => {
    if (!sim) throw new Error('simulator not started');
    return sim;
  };
}

export async function createCampaign(sim: SimHandle, templateId: string = SIM_TEMPLATES.ready, key: string = SIM_KEYS.write): Promise<string> {
  const r = await call(sim, 'POST', '/campaigns', { key, body: { templateId, name: 'Test campaign' } });
  if (r.status !== 200) throw new Error(`create failed: ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}

export function people(n: number, extra: (i: number) => Partial<Record<string, string>> = () => ({})): Partial<Record<string, string>>[] {
  return Array.from({ length: n }, (_, i) => ({ firstName: `Ann${i}`, company: `Co${i}`, email: `ann${i}@example.com`, ...extra(i) }));
}

/** A campaign on the ready template holding n people. */
export async function campaignWith(sim: SimHandle, n: number, extra?: (i: number) => Partial<Record<string, string>>): Promise<string> {
  const id = await createCampaign(sim);
  const r = await call(sim, 'POST', `/campaigns/${id}/leads`, { body: { people: people(n, extra) } });
  if (r.status !== 200) throw new Error(`add failed: ${JSON.stringify(r.body)}`);
  return id;
}

export async function state(sim: SimHandle): Promise<SimState> {
  return (await sim.control({ action: 'state' })) as SimState;
}

export async function balance(sim: SimHandle, workspaceId = 'ws_main'): Promise<number> {
  return (await state(sim)).workspaces.find((w) => w.id === workspaceId)?.balance ?? NaN;
}

export async function advance(sim: SimHandle, ms: number): Promise<void> {
  await sim.control({ action: 'advance', ms });
}
