// Renders on the sim clock: queue, per-campaign render slots, stages, seeded and chosen failures with refunds, and stall.
// Stages run on "render time", which is sim time minus every stretch spent stalled, so a stall freezes them.
import type { Rng } from './rng';
import type { Campaign, Lead, World } from './state';
import type { SimFaults } from './types';

export const BASE_STAGES = ['tts', 'lipsync', 'compose', 'uploading'] as const;
/** Extra first stage for people with a website: keeps clients honest about open-ended stage keys. */
export const LOOKUP_STAGE = 'lookup';

export interface RenderSettings {
  stageMs: number;
  concurrency: number;
  /** Renders past queued at once across a workspace, the earliest started first; 0: no such limit. */
  workspaceConcurrency: number;
  failRate: number;
  faults: Pick<SimFaults, 'failPeople'>;
}

export interface Stalled {
  minutes: number;
  jobs: number;
  message: string;
}

export class RenderEngine {
  private stalledTotal = 0;
  private stalledSince: number | null = null;
  /** Leads past queued, across campaigns. */
  private readonly inFlight = new Set<Lead>();
  /** Each in-flight lead's stage end, earliest first: `sync` takes them in order without scanning every lead. */
  private readonly due = new StageEnds();
  /** When each queued lead was started, across campaigns: a workspace's free slot goes to the earliest. */
  private readonly queuedAt = new Map<Lead, number>();
  private started = 0;

  constructor(
    private readonly world: World,
    private readonly rng: Rng,
    private readonly settings: () => RenderSettings,
    private readonly refund: (lead: Lead, at: number) => void,
  ) {}

  get stalled(): boolean {
    return this.stalledSince !== null;
  }

  /** Runs every stage end due by sim time `now`, in time order. */
  sync(now: number): void {
    if (this.stalledSince !== null) return;
    const target = now - this.stalledTotal;
    for (let lead = this.due.takeBy(target); lead; lead = this.due.takeBy(target)) {
      if (this.inFlight.has(lead)) this.finishStage(lead, lead.stageEndsAt);
    }
  }

  setStalled(on: boolean, now: number): void {
    if (on === this.stalled) return;
    this.sync(now);
    if (on) {
      this.stalledSince = now;
    } else {
      this.stalledTotal += now - (this.stalledSince ?? now);
      this.stalledSince = null;
    }
  }

  /** Starts renders: each lead queues, then takes a slot when one is free. */
  start(campaign: Campaign, leads: Lead[], now: number): void {
    const { failRate } = this.settings();
    for (const lead of leads) {
      lead.status = 'rendering';
      lead.stage = 'queued';
      lead.plan = lead.person.website ? [LOOKUP_STAGE, ...BASE_STAGES] : [...BASE_STAGES];
      lead.stageIndex = 0;
      lead.failAt = failRate > 0 && this.rng.next() < failRate ? this.rng.int(lead.plan.length) : -1;
      campaign.queue.push(lead);
      this.queuedAt.set(lead, this.started++);
    }
    this.fill(campaign, this.renderTime(now));
  }

  /** Takes the leads still queued out of the queue (they never started). */
  unqueue(campaign: Campaign): Lead[] {
    const out = campaign.queue;
    campaign.queue = [];
    for (const lead of out) this.queuedAt.delete(lead);
    return out;
  }

  /** After a concurrency change: fill every campaign's free slots. */
  refill(now: number): void {
    this.sync(now);
    for (const c of this.world.campaigns) this.fill(c, this.renderTime(now));
  }

  stalledInfo(campaign: Campaign, now: number): Stalled | undefined {
    if (this.stalledSince === null) return undefined;
    const jobs = campaign.leads.filter((l) => l.status === 'rendering').length;
    if (jobs === 0) return undefined;
    const minutes = Math.floor((now - this.stalledSince) / 60_000);
    return {
      minutes,
      jobs,
      message: `No video has moved for ${minutes} minute${minutes === 1 ? '' : 's'}; our render queue is stuck and we are on it.`,
    };
  }

  private renderTime(now: number): number {
    return (this.stalledSince ?? now) - this.stalledTotal;
  }

  private fill(campaign: Campaign, at: number): void {
    if (this.settings().workspaceConcurrency > 0) {
      this.fillWorkspace(campaign.workspaceId, at);
      return;
    }
    let active = campaign.leads.filter((l) => l.status === 'rendering' && l.stage !== 'queued').length;
    while (active < this.settings().concurrency && campaign.queue.length > 0) {
      this.begin(campaign.queue.shift() as Lead, at);
      active++;
    }
  }

  /** Free slots of a workspace, each to the campaign whose first queued lead was started earliest (and has a slot of its own). */
  private fillWorkspace(workspaceId: string, at: number): void {
    const { concurrency, workspaceConcurrency } = this.settings();
    const byId = new Map(this.world.campaigns.map((c) => [c.id, c]));
    const active = new Map<string, number>();
    let total = 0;
    for (const l of this.inFlight) {
      if (byId.get(l.campaignId)?.workspaceId !== workspaceId) continue;
      active.set(l.campaignId, (active.get(l.campaignId) ?? 0) + 1);
      total++;
    }
    const waiting = this.world.campaigns.filter((c) => c.workspaceId === workspaceId && c.queue.length > 0);
    while (total < workspaceConcurrency) {
      let next: Campaign | undefined;
      for (const c of waiting) {
        if (c.queue.length === 0 || (active.get(c.id) ?? 0) >= concurrency) continue;
        if (!next || this.queuedAt.get(c.queue[0]!)! < this.queuedAt.get(next.queue[0]!)!) next = c;
      }
      if (!next) return;
      this.begin(next.queue.shift() as Lead, at);
      active.set(next.id, (active.get(next.id) ?? 0) + 1);
      total++;
    }
  }

  private begin(lead: Lead, at: number): void {
    this.queuedAt.delete(lead);
    lead.stageIndex = 0;
    lead.stage = lead.plan[0] ?? null;
    lead.stageEndsAt = at + this.settings().stageMs;
    this.inFlight.add(lead);
    this.due.add(lead);
  }

  private finishStage(lead: Lead, at: number): void {
    const simAt = at + this.stalledTotal;
    const last = lead.stageIndex + 1 >= lead.plan.length;
    if (lead.failAt === lead.stageIndex || (last && chosenToFail(lead, this.settings().faults.failPeople))) {
      lead.status = 'failed';
      this.refund(lead, simAt);
    } else if (!last) {
      lead.stageIndex++;
      lead.stage = lead.plan[lead.stageIndex] ?? null;
      lead.stageEndsAt = at + this.settings().stageMs;
      this.due.add(lead);
      return;
    } else {
      lead.status = 'complete';
      lead.readyAt = simAt;
    }
    lead.stage = null;
    this.inFlight.delete(lead);
    const campaign = this.world.campaigns.find((c) => c.id === lead.campaignId);
    if (campaign) this.fill(campaign, at);
  }
}

/**
 * Stage ends as a binary heap, ordered by time and then by the lead's number (the order renders were asked for). An entry
 * whose lead has moved on to another stage since it was added is dropped when it comes up (the engine skips a lead that
 * left flight).
 */
export class StageEnds {
  private readonly heap: { lead: Lead; at: number; stage: number }[] = [];

  get size(): number {
    return this.heap.length;
  }

  add(lead: Lead): void {
    const h = this.heap;
    h.push({ lead, at: lead.stageEndsAt, stage: lead.stageIndex });
    for (let i = h.length - 1; i > 0;) {
      const up = (i - 1) >> 1;
      if (!this.before(i, up)) break;
      [h[i], h[up]] = [h[up]!, h[i]!];
      i = up;
    }
  }

  /** The lead whose stage ends first, if it ends by `target`; taken out. */
  takeBy(target: number): Lead | null {
    const h = this.heap;
    while (h.length > 0) {
      const top = h[0]!;
      const current = top.lead.stageEndsAt === top.at && top.lead.stageIndex === top.stage;
      if (current && top.at > target) return null;
      this.pop();
      if (current) return top.lead;
    }
    return null;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (h.length === 0) return;
    h[0] = last;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.before(l, m)) m = l;
      if (r < h.length && this.before(r, m)) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }

  private before(i: number, j: number): boolean {
    const a = this.heap[i]!;
    const b = this.heap[j]!;
    return a.at < b.at || (a.at === b.at && a.lead.seq < b.lead.seq);
  }
}

/** The failPeople fault: email or first name equal to one of the names, ignoring case and surrounding spaces. */
function chosenToFail(lead: Lead, names: readonly string[]): boolean {
  if (names.length === 0) return false;
  const wanted = new Set(names.map((n) => n.trim().toLowerCase()));
  return [lead.person.email, lead.person.firstName].some((v) => v !== undefined && wanted.has(v.trim().toLowerCase()));
}
