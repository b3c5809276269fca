// The simulated service's behaviour behind each endpoint: campaigns, people, estimates, charging, stop,
// and the shapes of the replies. Errors are thrown as ApiFail; HTTP plumbing lives in routes.ts.
import { createHash } from 'node:crypto';
import { utcDay } from './clock';
import type { ResolvedConfig } from './config';
import { ApiFail, badInput, notFound } from './errors';
import { hasFirstName, matchKeys, readPeople, websiteDomain } from './people';
import type { RenderEngine } from './render';
import type { Rng } from './rng';
import { newLead, type Campaign, type Key, type Lead, type World } from './state';
import { SIM_PRICES } from './types';

/** People a preview renders. */
export const PREVIEW_SIZE = 3;
export const MAX_TEMPLATES = 50;
export const MAX_VIDEOS = 500;
const NAME_MAX = 80;

export interface ServiceDeps {
  world: World;
  engine: RenderEngine;
  ids: Rng;
  now(): number;
  config(): ResolvedConfig;
  pageBase(): string;
}

const iso = (t: number): string => new Date(t).toISOString();

/** Slugs for recipient pages: a readable first-name part and a random tail, unique across the simulator. */
export function slugMaker(rng: Rng, taken: (slug: string) => boolean): (firstName: string | undefined) => string {
  return (firstName) => {
    const head =
      (firstName ?? '')
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '')
        .slice(0, 20) || 'you';
    for (;;) {
      const tail = Array.from({ length: 6 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[rng.int(36)]).join('');
      const slug = `${head}-${tail}`;
      if (!taken(slug)) return slug;
    }
  };
}

export class Service {
  readonly slug: (firstName: string | undefined) => string;

  constructor(private readonly d: ServiceDeps) {
    this.slug = slugMaker(d.ids, (s) => d.world.slugs.has(s));
  }

  /** A new id: the prefix, the kind, and the sequence number, short or (by default) padded to 36 characters with hex digits. */
  private newId(kind: 'cmp' | 'ld', seq: number): string {
    const c = this.d.config();
    if (c.idLength === 'short') return `${c.idPrefix}${kind}_${seq}`;
    const hex = createHash('sha256').update(`${c.seed}:${kind}:${seq}`).digest('hex');
    const tail = `${seq.toString(16)}`;
    return `${c.idPrefix}${kind}_${hex.slice(0, 36 - kind.length - 1 - tail.length)}${tail}`;
  }

  templates(workspaceId: string): object {
    const own = this.d.world.templates
      .filter((t) => t.workspaceId === workspaceId)
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(-MAX_TEMPLATES);
    return {
      templates: own.map((t) => ({
        id: t.id,
        name: t.name,
        usable: t.usable,
        ...(t.usable ? {} : { blockedReason: t.blockedReason ?? 'This recording cannot be used yet.' }),
        createdAt: iso(t.createdAt),
      })),
    };
  }

  campaigns(workspaceId: string, limitParam: string | null): object {
    let limit = 25;
    if (limitParam !== null) {
      limit = /^\d{1,3}$/.test(limitParam) ? Number(limitParam) : NaN;
      if (!(limit >= 1 && limit <= 100)) throw badInput('limit must be a whole number from 1 to 100.');
    }
    const own = this.d.world.campaigns
      .filter((c) => c.workspaceId === workspaceId)
      .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq)
      .slice(0, limit);
    return { campaigns: own.map((c) => this.summary(c)) };
  }

  createCampaign(workspaceId: string, body: unknown): object {
    const b = asObject(body);
    const templateId = requiredString(b, 'templateId');
    const rawName = requiredString(b, 'name');
    if (b.goal !== undefined && b.goal !== null && typeof b.goal !== 'string') throw badInput('goal must be a string.');
    const name = [...rawName.trim()].slice(0, NAME_MAX).join('').trim();
    if (!name) throw badInput('name is required and cannot be blank.');
    const template = this.d.world.templates.find((t) => t.id === templateId && t.workspaceId === workspaceId);
    if (!template) throw notFound(`The recording ${templateId}`);
    const seq = this.d.world.nextCampaign++;
    const campaign: Campaign = {
      id: this.newId('cmp', seq),
      seq,
      workspaceId,
      name,
      templateId,
      goal: typeof b.goal === 'string' ? b.goal : null,
      createdAt: this.d.now(),
      phase: 'draft',
      leads: [],
      queue: [],
      index: new Map(),
    };
    this.d.world.campaigns.push(campaign);
    return { id: campaign.id, name, templateId, status: 'draft' };
  }

  addPeople(workspaceId: string, campaignId: string, body: unknown): object {
    const campaign = this.campaign(workspaceId, campaignId);
    const people = readPeople(body);
    this.assertNotBusy(campaign);
    let added = 0;
    let skipped = 0;
    const concerned: Lead[] = [];
    for (const person of people) {
      const keys = matchKeys(person);
      const existing = keys.map((k) => campaign.index.get(k)).find((l): l is Lead => l !== undefined);
      if (existing) {
        skipped++;
        concerned.push(existing);
        continue;
      }
      const seq = this.d.world.nextLead++;
      const lead = newLead(this.newId('ld', seq), seq, campaign.id, person, this.slug(person.firstName));
      campaign.leads.push(lead);
      for (const k of keys) campaign.index.set(k, lead);
      this.d.world.leads.set(lead.id, lead);
      this.d.world.slugs.set(lead.slug, lead);
      added++;
      concerned.push(lead);
    }
    const listed = this.d.config().faults.shufflePeople ? this.d.ids.shuffle(concerned) : concerned;
    return {
      added,
      skipped,
      total: campaign.leads.length,
      people: listed.map((l) => ({
        id: l.id,
        firstName: l.person.firstName ?? null,
        company: l.person.company ?? null,
        url: this.pageUrl(l),
        videoUrl: this.videoUrl(l),
      })),
    };
  }

  estimate(workspaceId: string, campaignId: string): object {
    const campaign = this.campaign(workspaceId, campaignId);
    const leads = waiting(campaign).length;
    const balance = this.workspace(workspaceId).balance;
    const high = leads * (SIM_PRICES.video + SIM_PRICES.lookup);
    return { leads, low: leads * SIM_PRICES.video, high, balance, affordable: balance >= high };
  }

  preview(key: Key, campaignId: string): object {
    const campaign = this.campaign(key.workspaceId, campaignId);
    const chosen = this.chargeable(campaign).slice(0, PREVIEW_SIZE);
    const creditsCharged = this.charge(key, campaign, chosen, 'preview');
    this.launch(campaign, chosen, 'preview');
    return { campaignId: campaign.id, made: chosen.length, creditsCharged };
  }

  generate(key: Key, campaignId: string): object {
    const campaign = this.campaign(key.workspaceId, campaignId);
    const chosen = this.chargeable(campaign);
    const creditsCharged = this.charge(key, campaign, chosen, 'generate');
    // Nothing to personalize without a first name: such people are skipped, not charged.
    for (const l of campaign.leads) if (l.status === 'pending' && !hasFirstName(l.person)) l.status = 'skipped';
    this.launch(campaign, chosen, 'generate');
    return { campaignId: campaign.id, started: chosen.length, creditsCharged };
  }

  stop(workspaceId: string, campaignId: string): object {
    const campaign = this.campaign(workspaceId, campaignId);
    const now = this.d.now();
    let stopped = 0;
    for (const lead of this.d.engine.unqueue(campaign)) {
      lead.status = 'cancelled';
      lead.stage = null;
      this.refund(lead, now, 'stopped before it started');
      stopped++;
    }
    for (const lead of campaign.leads) {
      if (lead.status === 'pending') {
        lead.status = 'cancelled';
        stopped++;
      }
    }
    const stillRendering = campaign.leads.filter((l) => l.status === 'rendering').length;
    campaign.phase = 'stopped';
    return { campaignId: campaign.id, stopped, stillRendering, status: 'stopped' };
  }

  detail(workspaceId: string, campaignId: string): object {
    const c = this.campaign(workspaceId, campaignId);
    const counts = { total: c.leads.length, pending: 0, rendering: 0, complete: 0, failed: 0, cancelled: 0, skipped: 0 };
    const stages: Record<string, number> = {};
    for (const l of c.leads) {
      counts[l.status]++;
      if (l.status === 'rendering' && l.stage) stages[l.stage] = (stages[l.stage] ?? 0) + 1;
    }
    const stalled = this.d.engine.stalledInfo(c, this.d.now());
    return { id: c.id, name: c.name, status: campaignStatus(c), counts, stages, ...(stalled ? { stalled } : {}) };
  }

  /** Complete, and its file there (the lag past completion has run out). */
  isReady(lead: Lead): boolean {
    return lead.status === 'complete' && this.d.now() >= (lead.readyAt ?? 0) + this.d.config().videoReadyLagMs;
  }

  lead(workspaceId: string, leadId: string): object {
    const lead = this.d.world.leads.get(leadId);
    const campaign = lead && this.d.world.campaigns.find((c) => c.id === lead.campaignId);
    if (!lead || !campaign || campaign.workspaceId !== workspaceId) throw notFound(`The person ${leadId}`);
    const ready = this.isReady(lead);
    return {
      id: lead.id,
      firstName: lead.person.firstName ?? null,
      company: lead.person.company ?? null,
      campaignId: campaign.id,
      status: lead.status,
      url: this.pageUrl(lead),
      videoUrl: ready ? this.videoUrl(lead) : null,
      videoReady: ready,
    };
  }

  videos(workspaceId: string, campaignId: string): object {
    const c = this.campaign(workspaceId, campaignId);
    const done = c.leads.filter((l) => this.isReady(l) && !l.expired).sort((a, b) => (b.readyAt ?? 0) - (a.readyAt ?? 0) || b.seq - a.seq);
    if (this.d.config().videosOrder === 'oldest') done.reverse();
    done.splice(MAX_VIDEOS);
    return {
      videos: done.map((l) => ({
        firstName: l.person.firstName ?? null,
        company: l.person.company ?? null,
        url: this.pageUrl(l) as string,
        videoUrl: this.videoUrl(l),
      })),
    };
  }

  summary(c: Campaign): object {
    const count = (s: Lead['status']): number => c.leads.filter((l) => l.status === s).length;
    return {
      id: c.id,
      name: c.name,
      status: campaignStatus(c),
      leadCount: c.leads.length,
      waiting: waiting(c).length,
      complete: count('complete'),
      failed: count('failed'),
      nextStep: nextStep(c),
      createdAt: iso(c.createdAt),
    };
  }

  pageUrl(l: Lead): string | null {
    return l.expired ? null : `${this.d.pageBase()}/p/${l.slug}`;
  }

  videoUrl(l: Lead): string {
    return `${this.d.pageBase()}/p/${l.slug}/video`;
  }

  private campaign(workspaceId: string, campaignId: string): Campaign {
    const c = this.d.world.campaigns.find((x) => x.id === campaignId && x.workspaceId === workspaceId);
    if (!c) throw notFound(`The campaign ${campaignId}`);
    return c;
  }

  private workspace(id: string) {
    const ws = this.d.world.workspaces.get(id);
    if (!ws) throw new ApiFail(500, 'internal', 'The workspace of this key is missing.');
    return ws;
  }

  /**
   * The spec's "already generating", read as: while any of its renders (from a generate or a preview) is queued
   * or rendering, generate, preview and adding people answer 409 campaign_busy, with no charge and nothing added.
   * Stop and every read still work; after a stop the busy spell lasts until the renders that could not be
   * recalled finish (or fail).
   */
  private assertNotBusy(c: Campaign): void {
    if (isBusy(c)) {
      throw new ApiFail(409, 'campaign_busy', 'This campaign is generating right now and cannot be changed; wait a few seconds and try again.');
    }
  }

  /** The checks every charging call makes, in order; returns the people it may charge for. */
  private chargeable(c: Campaign): Lead[] {
    this.assertNotBusy(c);
    const template = this.d.world.templates.find((t) => t.id === c.templateId);
    if (template && !template.usable) {
      const code = template.blockedCode ?? 'needs_refilm';
      throw new ApiFail(409, code, template.blockedReason ?? 'This recording cannot be personalized yet.');
    }
    const chosen = waiting(c);
    if (chosen.length === 0) throw new ApiFail(409, 'not_ready', 'Nobody in this campaign is waiting for a video; add people first.');
    return chosen;
  }

  /** Charges for these leads (video each, lookup per new website domain) or throws without charging. */
  private charge(key: Key, c: Campaign, leads: Lead[], reason: string): number {
    const ws = this.workspace(c.workspaceId);
    if (ws.pastDue) throw new ApiFail(402, 'past_due', 'The last payment failed; update the billing details before anything paid can run.');
    const newDomains = new Set<string>();
    const prices = leads.map((l) => {
      const domain = websiteDomain(l.person.website);
      const lookup = domain !== null && !ws.lookedUp.has(domain) && !newDomains.has(domain);
      if (lookup && domain) newDomains.add(domain);
      return SIM_PRICES.video + (lookup ? SIM_PRICES.lookup : 0);
    });
    const total = prices.reduce((a, b) => a + b, 0);
    if (ws.balance < total) {
      throw new ApiFail(402, 'insufficient_credits', `This needs ${total} credits and the workspace holds ${ws.balance}; top up or send fewer people.`);
    }
    const now = this.d.now();
    if (key.spentDay !== utcDay(now)) {
      key.spentDay = utcDay(now);
      key.spentToday = 0;
    }
    if (key.spentToday + total > key.dailyCap) {
      throw new ApiFail(
        429,
        'cap_reached',
        `This key may spend ${key.dailyCap} credits a day and has ${key.dailyCap - key.spentToday} left; it resets at midnight UTC.`,
      );
    }
    ws.balance -= total;
    key.spentToday += total;
    for (const d of newDomains) ws.lookedUp.add(d);
    leads.forEach((l, i) => {
      l.charged = prices[i] ?? 0;
      l.chargedKey = key.key;
    });
    this.d.world.ledger.push({
      at: now,
      workspaceId: ws.id,
      campaignId: c.id,
      kind: 'charge',
      credits: total,
      reason: `${reason} of ${leads.length} video${leads.length === 1 ? '' : 's'}`,
      key: key.key,
    });
    return total;
  }

  private launch(c: Campaign, leads: Lead[], phase: 'preview' | 'generate'): void {
    const now = this.d.now();
    c.phase = phase;
    this.d.engine.start(c, leads, now);
  }

  /** Gives a lead's credits back to its workspace, with a ledger entry. */
  refund(lead: Lead, at: number, reason: string): void {
    const c = this.d.world.campaigns.find((x) => x.id === lead.campaignId);
    const ws = c && this.d.world.workspaces.get(c.workspaceId);
    if (!c || !ws || lead.charged === 0) return;
    ws.balance += lead.charged;
    this.d.world.ledger.push({
      at,
      workspaceId: ws.id,
      campaignId: c.id,
      kind: 'refund',
      credits: lead.charged,
      reason: `${lead.id} ${reason}`,
      ...(lead.chargedKey ? { key: lead.chargedKey } : {}),
    });
    lead.charged = 0;
  }
}

/** Renders of this campaign are queued or running (see assertNotBusy). */
export function isBusy(c: Campaign): boolean {
  return c.leads.some((l) => l.status === 'rendering');
}

/** Never attempted and with a first name: what a charge would cover (the list's `waiting`, estimate's `leads`). */
function waiting(c: Campaign): Lead[] {
  return c.leads.filter((l) => l.status === 'pending' && hasFirstName(l.person));
}

/** Draft, qa_ready, rendering and stopped are the spec's; `delivered` is one of the four it does not name. */
export function campaignStatus(c: Campaign): string {
  if (c.phase === 'stopped') return 'stopped';
  if (c.leads.some((l) => l.status === 'rendering')) return 'rendering';
  if (c.phase === 'draft') return 'draft';
  return c.phase === 'preview' ? 'qa_ready' : 'delivered';
}

function nextStep(c: Campaign): string {
  const pending = waiting(c).length;
  const rendering = c.leads.filter((l) => l.status === 'rendering').length;
  const complete = c.leads.filter((l) => l.status === 'complete').length;
  const status = campaignStatus(c);
  if (c.leads.length === 0) return 'Add people to this campaign to get started.';
  if (status === 'rendering') return `${rendering} video${rendering === 1 ? ' is' : 's are'} being made; check back in a few minutes.`;
  if (status === 'stopped') return 'This campaign was stopped. Add people or generate again to carry on.';
  if (status === 'qa_ready') return 'Watch the preview videos, then generate the rest when they look right.';
  if (status === 'draft' && pending === 0) return 'Nobody here has a first name to say in a video yet; add people with a first name.';
  if (status === 'draft') return `${pending} ${pending === 1 ? 'person is' : 'people are'} waiting; make a preview to check the video first.`;
  if (pending > 0) return `${pending} ${pending === 1 ? 'person was' : 'people were'} added since the last run; generate to make their videos.`;
  return `All done: ${complete} video${complete === 1 ? ' is' : 's are'} ready to send.`;
}

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badInput('The body must be a JSON object.');
  return body as Record<string, unknown>;
}

function requiredString(b: Record<string, unknown>, field: string): string {
  const v = b[field];
  if (v === undefined || v === null || v === '') throw badInput(`${field} is required.`);
  if (typeof v !== 'string') throw badInput(`${field} must be a string.`);
  return v;
}
