// One simulator instance: config, clock, seeded randomness, the world, the render engine, the service,
// the rate limiter and the request log, with reset and configure.
import { SimClock } from './clock';
import { mergeConfig, type ConfigPatch, type ResolvedConfig } from './config';
import { RenderEngine } from './render';
import { RateLimiter } from './ratelimit';
import { createRng, type Rng } from './rng';
import { campaignStatus, Service, slugMaker } from './service';
import { createWorld, type World } from './state';
import type { LateRequest, SimRequestLogEntry, SimState } from './types';

export class Simulator {
  config!: ResolvedConfig;
  clock!: SimClock;
  world!: World;
  engine!: RenderEngine;
  service!: Service;
  /** Decides injected faults; separate from the render and id streams so fault rates do not shift those. */
  faultRng!: Rng;
  readonly limiter = new RateLimiter();
  log: SimRequestLogEntry[] = [];
  /** Requests answered 504 by the lateReplies fault, applied when their time comes. */
  late: LateRequest[] = [];

  constructor(
    private readonly startConfig: ResolvedConfig,
    readonly pageBase: () => string,
  ) {
    this.reset();
  }

  /** Back to the seed, with the start config and then `patch` over it. */
  reset(patch?: ConfigPatch): void {
    const config = mergeConfig(this.startConfig, patch);
    this.config = config;
    this.clock = new SimClock(config.clock, config.speed);
    const now = this.clock.now();
    const ids = createRng(config.seed + 7919);
    this.faultRng = createRng(config.seed ^ 0x5bd1e995);
    this.world = createWorld(now, (w) => slugMaker(ids, (s) => w.slugs.has(s)));
    this.engine = new RenderEngine(
      this.world,
      createRng(config.seed),
      () => this.config,
      (lead, at) => this.service.refund(lead, at, 'failed to render'),
    );
    this.engine.setStalled(config.faults.stall, now);
    this.service = new Service({
      world: this.world,
      engine: this.engine,
      ids,
      now: () => this.clock.now(),
      config: () => this.config,
      pageBase: this.pageBase,
    });
    this.limiter.clear();
    this.log = [];
    this.late = [];
  }

  /** Merges into the running config; clock, stall and concurrency changes take effect now, without a jump. */
  configure(patch: ConfigPatch): void {
    const next = mergeConfig(this.config, patch);
    const prev = this.config;
    this.sync();
    this.config = next;
    if (next.clock !== prev.clock || next.speed !== prev.speed) this.clock.reconfigure(next.clock, next.speed);
    if (next.faults.stall !== prev.faults.stall) this.engine.setStalled(next.faults.stall, this.now());
    if (next.concurrency !== prev.concurrency || next.workspaceConcurrency !== prev.workspaceConcurrency) this.engine.refill(this.now());
  }

  now(): number {
    return this.clock.now();
  }

  advance(ms: number): number {
    this.sync();
    this.clock.advance(ms);
    this.sync();
    return this.now();
  }

  /** Brings renders up to the current sim time. */
  sync(): void {
    this.engine.sync(this.now());
  }

  state(): SimState {
    this.sync();
    const now = this.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const w = this.world;
    return {
      now,
      config: this.config,
      workspaces: [...w.workspaces.values()].map((ws) => ({
        id: ws.id,
        balance: ws.balance,
        pastDue: ws.pastDue,
        keys: [...w.keys.values()]
          .filter((k) => k.workspaceId === ws.id)
          .map((k) => ({
            key: k.key,
            writes: k.writes,
            revoked: k.revoked,
            dailyCap: k.dailyCap,
            spentToday: k.spentDay === today ? k.spentToday : 0,
          })),
        templates: w.templates
          .filter((t) => t.workspaceId === ws.id)
          .map((t) => ({
            id: t.id,
            name: t.name,
            usable: t.usable,
            ...(t.usable ? {} : { blockedReason: t.blockedReason }),
          })),
      })),
      campaigns: w.campaigns.map((c) => ({
        id: c.id,
        workspaceId: c.workspaceId,
        name: c.name,
        templateId: c.templateId,
        status: campaignStatus(c),
        leads: c.leads.map((l) => ({
          id: l.id,
          campaignId: l.campaignId,
          firstName: l.person.firstName ?? null,
          company: l.person.company ?? null,
          email: l.person.email ?? null,
          profileUrl: l.person.profileUrl ?? null,
          status: l.status,
          stage: l.stage,
          url: this.service.pageUrl(l),
          videoUrl: this.service.videoUrl(l),
          videoReady: this.service.isReady(l),
          charged: l.charged,
          person: { ...l.person },
        })),
      })),
      ledger: w.ledger.slice(),
    };
  }
}
