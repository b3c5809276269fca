// The simulated service's data: workspaces, keys, templates, campaigns, leads and the credit ledger,
// and the seed every reset starts from.
import { SIM_KEYS, SIM_TEMPLATES, SIM_WORKSPACES, type SimLeadState, type SimState } from './types';

export type PersonField = 'firstName' | 'company' | 'email' | 'website' | 'role' | 'profileUrl' | 'hook' | 'ctaLabel' | 'ctaUrl' | 'headline';
export type Person = Partial<Record<PersonField, string>>;
export type BlockedCode = 'no_voice' | 'needs_refilm';
export type LeadStatus = SimLeadState['status'];

export interface Workspace {
  id: string;
  balance: number;
  pastDue: boolean;
  /** Website domains already looked up (paid for) in this workspace. */
  lookedUp: Set<string>;
}

export interface Key {
  key: string;
  workspaceId: string;
  writes: boolean;
  revoked: boolean;
  dailyCap: number;
  spentToday: number;
  /** UTC day spentToday belongs to. */
  spentDay: string;
}

export interface Template {
  id: string;
  workspaceId: string;
  name: string;
  usable: boolean;
  blockedReason?: string;
  blockedCode?: BlockedCode;
  createdAt: number;
}

export interface Lead {
  id: string;
  seq: number;
  campaignId: string;
  person: Person;
  slug: string;
  status: LeadStatus;
  /** Current render stage while rendering, e.g. queued, lookup, tts. */
  stage: string | null;
  /** Stages after queued this render goes through. */
  plan: string[];
  stageIndex: number;
  /** Render-time instant the current stage ends (see RenderEngine). */
  stageEndsAt: number;
  /** Index in plan at whose end the render fails, or -1. */
  failAt: number;
  charged: number;
  /** The key whose generate or preview paid for it (its refund goes back against that key). */
  chargedKey?: string;
  expired: boolean;
  /** Sim time the video became ready. */
  readyAt: number | null;
}

export type CampaignPhase = 'draft' | 'preview' | 'generate' | 'stopped';

export interface Campaign {
  id: string;
  seq: number;
  workspaceId: string;
  name: string;
  templateId: string;
  goal: string | null;
  createdAt: number;
  phase: CampaignPhase;
  leads: Lead[];
  /** Started leads waiting for a render slot, first in first out. */
  queue: Lead[];
  /** Match keys (see people.ts) → lead. */
  index: Map<string, Lead>;
}

export type LedgerEntry = SimState['ledger'][number];

export interface World {
  workspaces: Map<string, Workspace>;
  keys: Map<string, Key>;
  templates: Template[];
  campaigns: Campaign[];
  leads: Map<string, Lead>;
  slugs: Map<string, Lead>;
  ledger: LedgerEntry[];
  nextCampaign: number;
  nextLead: number;
}

const DAY = 86_400_000;

export const BLOCKED = {
  voice: 'The voice is still being prepared; try again in a few minutes.',
  noVideo: 'No video has been uploaded for this recording yet.',
  noName: 'There is no name in the recording to swap; it has to be filmed again saying a name.',
} as const;

/** The seed: ws_main with its four keys and templates and no campaigns; ws_other with one campaign of two people. */
export function createWorld(now: number, slugs: (world: World) => (firstName: string | undefined) => string): World {
  const world: World = {
    workspaces: new Map(),
    keys: new Map(),
    templates: [],
    campaigns: [],
    leads: new Map(),
    slugs: new Map(),
    ledger: [],
    nextCampaign: 1001,
    nextLead: 1,
  };
  const slug = slugs(world);
  const main = SIM_WORKSPACES.main;
  const other = SIM_WORKSPACES.other;
  const day = new Date(now).toISOString().slice(0, 10);
  world.workspaces.set(main, { id: main, balance: 10_000, pastDue: false, lookedUp: new Set() });
  world.workspaces.set(other, { id: other, balance: 5_000, pastDue: false, lookedUp: new Set() });
  const key = (k: string, workspaceId: string, writes: boolean, dailyCap: number, revoked = false): void => {
    world.keys.set(k, { key: k, workspaceId, writes, revoked, dailyCap, spentToday: 0, spentDay: day });
  };
  key(SIM_KEYS.write, main, true, 1_000_000);
  key(SIM_KEYS.readOnly, main, false, 1_000_000);
  key(SIM_KEYS.revoked, main, true, 1_000_000, true);
  key(SIM_KEYS.lowCap, main, true, 10);
  key(SIM_KEYS.other, other, true, 1_000_000);

  world.templates.push(
    { id: 'tpl_other_ready', workspaceId: other, name: 'Other team intro', usable: true, createdAt: now - 40 * DAY },
    { id: SIM_TEMPLATES.ready, workspaceId: main, name: 'Warm intro (Sam)', usable: true, createdAt: now - 30 * DAY },
    {
      id: SIM_TEMPLATES.noVideo,
      workspaceId: main,
      name: 'Product tour',
      usable: false,
      blockedReason: BLOCKED.noVideo,
      blockedCode: 'needs_refilm',
      createdAt: now - 20 * DAY,
    },
    {
      id: SIM_TEMPLATES.noName,
      workspaceId: main,
      name: 'Webinar follow-up',
      usable: false,
      blockedReason: BLOCKED.noName,
      blockedCode: 'needs_refilm',
      createdAt: now - 10 * DAY,
    },
    {
      id: SIM_TEMPLATES.voicePending,
      workspaceId: main,
      name: 'Founder welcome',
      usable: false,
      blockedReason: BLOCKED.voice,
      blockedCode: 'no_voice',
      createdAt: now - 1 * DAY,
    },
  );

  const campaign: Campaign = {
    id: 'cmp_other_1',
    seq: 0,
    workspaceId: other,
    name: 'Other team pilot',
    templateId: 'tpl_other_ready',
    goal: null,
    createdAt: now - 5 * DAY,
    phase: 'draft',
    leads: [],
    queue: [],
    index: new Map(),
  };
  world.campaigns.push(campaign);
  for (const [i, person] of [
    { firstName: 'Olga', company: 'Otherco' },
    { firstName: 'Omar', company: 'Otherco' },
  ].entries()) {
    const lead = newLead(`ld_other_${i + 1}`, -1 - i, campaign.id, person, slug(person.firstName));
    campaign.leads.push(lead);
    world.leads.set(lead.id, lead);
    world.slugs.set(lead.slug, lead);
  }
  return world;
}

export function newLead(id: string, seq: number, campaignId: string, person: Person, slug: string): Lead {
  return {
    id,
    seq,
    campaignId,
    person,
    slug,
    status: 'pending',
    stage: null,
    plan: [],
    stageIndex: 0,
    stageEndsAt: 0,
    failAt: -1,
    charged: 0,
    expired: false,
    readyAt: null,
  };
}
