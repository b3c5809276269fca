// The control endpoint's actions (POST /__sim/control): reset, configure, clock, state, request log, and tweaks.
import type { ConfigPatch } from './config';
import { applyLate } from './reply-faults';
import type { Simulator } from './simulator';
import type { BlockedCode } from './state';
import { SIM_KEYS } from './types';

export interface ControlReply {
  status: number;
  body: Record<string, unknown>;
}

/** Runs one control message; a bad one answers 400 with a message and changes nothing. */
export function handleControl(sim: Simulator, msg: unknown): ControlReply {
  try {
    return { status: 200, body: { ok: true, ...run(sim, msg) } };
  } catch (e) {
    return { status: 400, body: { ok: false, error: 'bad_control', message: e instanceof Error ? e.message : String(e) } };
  }
}

function run(sim: Simulator, msg: unknown): Record<string, unknown> {
  if (typeof msg !== 'object' || msg === null) throw new Error('The control body must be a JSON object with an action.');
  const m = msg as Record<string, unknown>;
  switch (m.action) {
    case 'reset':
      sim.reset(m.config as ConfigPatch | undefined);
      return { keys: SIM_KEYS };
    case 'configure':
      if (typeof m.config !== 'object' || m.config === null) throw new Error('configure needs a config object.');
      sim.configure(m.config as ConfigPatch);
      return { config: sim.config };
    case 'advance':
      if (typeof m.ms !== 'number' || !(m.ms >= 0)) throw new Error('advance needs ms, a number of 0 or more.');
      return { now: sim.advance(m.ms) };
    case 'state':
      applyLate(sim);
      return { ...sim.state() };
    case 'requests':
      applyLate(sim);
      return { requests: sim.log.slice() };
    case 'clearRequests':
      sim.log = [];
      return {};
    case 'setWorkspace':
      return setWorkspace(sim, m);
    case 'setKey':
      return setKey(sim, m);
    case 'setTemplate':
      return setTemplate(sim, m);
    case 'deleteLead': {
      // Deleted in the service's own pages (the API has no call for it): GET /leads/{id} answers 404 from now on.
      const lead = sim.world.leads.get(String(m.leadId));
      if (!lead) throw new Error(`No lead ${String(m.leadId)}.`);
      sim.world.leads.delete(lead.id);
      for (const c of sim.world.campaigns) [c.leads, c.queue] = [c.leads.filter((l) => l !== lead), c.queue.filter((l) => l !== lead)];
      return {};
    }
    case 'expirePage': {
      const lead = sim.world.leads.get(String(m.leadId));
      if (!lead) throw new Error(`No lead ${String(m.leadId)}.`);
      lead.expired = true;
      return {};
    }
    default:
      throw new Error(`Unknown action ${JSON.stringify(m.action)}.`);
  }
}

function setWorkspace(sim: Simulator, m: Record<string, unknown>): Record<string, unknown> {
  const ws = sim.world.workspaces.get(String(m.workspaceId));
  if (!ws) throw new Error(`No workspace ${String(m.workspaceId)}.`);
  if (m.balance !== undefined) ws.balance = number(m.balance, 'balance');
  if (m.pastDue !== undefined) ws.pastDue = Boolean(m.pastDue);
  return { workspace: { id: ws.id, balance: ws.balance, pastDue: ws.pastDue } };
}

function setKey(sim: Simulator, m: Record<string, unknown>): Record<string, unknown> {
  const key = sim.world.keys.get(String(m.key));
  if (!key) throw new Error(`No key ${String(m.key)}.`);
  if (m.revoked !== undefined) key.revoked = Boolean(m.revoked);
  if (m.dailyCap !== undefined) key.dailyCap = number(m.dailyCap, 'dailyCap');
  if (m.spentToday !== undefined) {
    key.spentToday = number(m.spentToday, 'spentToday');
    key.spentDay = new Date(sim.now()).toISOString().slice(0, 10);
  }
  // Added beside the contract: switch writing on or off.
  if (m.writes !== undefined) key.writes = Boolean(m.writes);
  return {};
}

function setTemplate(sim: Simulator, m: Record<string, unknown>): Record<string, unknown> {
  const t = sim.world.templates.find((x) => x.id === m.templateId);
  if (!t) throw new Error(`No template ${String(m.templateId)}.`);
  t.usable = Boolean(m.usable);
  if (typeof m.blockedReason === 'string') t.blockedReason = m.blockedReason;
  // Optional beside the contract: which 409 code the block gives; otherwise guessed from the reason.
  const code = m.blockedCode === 'no_voice' || m.blockedCode === 'needs_refilm' ? (m.blockedCode as BlockedCode) : undefined;
  if (code) t.blockedCode = code;
  else if (typeof m.blockedReason === 'string') t.blockedCode = /voice/i.test(m.blockedReason) ? 'no_voice' : 'needs_refilm';
  if (!t.usable && !t.blockedReason) t.blockedReason = 'This recording cannot be personalized yet.';
  return {};
}

function number(v: unknown, name: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${name} must be a number.`);
  return v;
}
