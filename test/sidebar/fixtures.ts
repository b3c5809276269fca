// Server replies for sidebar tests: a plausible state of each kind, with overrides.
import type { ActiveContext, ProgressInfo, SidebarState } from '../../src/server/contract';
import type { CampaignSummary, Template } from '../../src/api/types';

export const HEADERS = ['First name', 'Company', 'Email', 'Website', 'Job title', 'LinkedIn', 'Icebreaker', 'Notes'];

export function sidebarState(over: Partial<SidebarState> = {}): SidebarState {
  return {
    settings: { baseUrl: 'https://api.example.com/api/v1', keyHint: '••••1a2b', connected: true },
    sheet: { id: 1, name: 'Leads', headers: HEADERS },
    selection: { rows: 3 },
    campaign: { id: 'cmp_1', name: 'Q3 outreach' },
    mapping: {
      firstName: 'First name',
      company: 'Company',
      email: 'Email',
      website: 'Website',
      role: 'Job title',
      profileUrl: 'LinkedIn',
      hook: 'Icebreaker',
      ctaLabel: null,
      ctaUrl: null,
      headline: null,
    },
    overrides: [],
    fallbacks: { company: 'your team' },
    sample: { firstName: 'Ada', company: 'Analytical Engines', email: 'ada@example.com', hook: 'Loved your talk on looms.' },
    autoRefresh: { on: false, intervalMinutes: null, owner: null },
    lastRefresh: null,
    problems: { rows: 0, byStatus: {} },
    ...over,
  };
}

export const ok = <T extends object>(body: T): { ok: true } & T => ({ ok: true, ...body });

export function fail(code: string, message: string) {
  return { ok: false as const, error: { code, message } };
}

export function state(over: Partial<SidebarState> = {}) {
  return ok(sidebarState(over));
}

/** Not connected, no campaign: what a first-time user sees. */
export function freshState() {
  return state({ settings: { baseUrl: null, keyHint: null, connected: false }, campaign: null });
}

export const TEMPLATES: Template[] = [
  { id: 'tpl_ok', name: 'Founder intro', usable: true, createdAt: '2024-05-01T10:00:00Z' },
  { id: 'tpl_voice', name: 'Demo walkthrough', usable: false, blockedReason: 'The voice is still being prepared.', createdAt: '2024-05-02T10:00:00Z' },
  { id: 'tpl_ok2', name: 'Conference follow-up', usable: true, createdAt: '2024-05-03T10:00:00Z' },
];

export const CAMPAIGNS: CampaignSummary[] = [
  {
    id: 'cmp_1',
    name: 'Q3 outreach',
    status: 'draft',
    leadCount: 12,
    waiting: 12,
    complete: 0,
    failed: 0,
    nextStep: 'Add people.',
    createdAt: '2024-05-03T10:00:00Z',
  },
  {
    id: 'cmp_2',
    name: 'Webinar attendees',
    status: 'rendering',
    leadCount: 40,
    waiting: 0,
    complete: 30,
    failed: 1,
    nextStep: 'Wait.',
    createdAt: '2024-05-02T10:00:00Z',
  },
];

/** A campaign's counts: `total` people, none in any state but those given. */
export function countsOf(total: number, over: Partial<ProgressInfo['counts']> = {}): ProgressInfo['counts'] {
  return { total, pending: 0, rendering: 0, complete: 0, failed: 0, cancelled: 0, skipped: 0, ...over };
}

export function progress(over: Partial<ProgressInfo> = {}) {
  return ok<ProgressInfo>({
    campaignId: 'cmp_1',
    status: 'rendering',
    counts: { total: 20, pending: 4, rendering: 6, complete: 8, failed: 1, cancelled: 1, skipped: 0 },
    stages: { queued: 2, tts: 1, lipsync: 3 },
    lastRefresh: null,
    ...over,
  });
}

/** Replies for a connected sidebar with a bound campaign, ready to work. */
export function readyReplies() {
  return {
    getSidebarState: state(),
    listTemplates: ok({ templates: TEMPLATES }),
    listCampaigns: ok({ campaigns: CAMPAIGNS }),
    getProgress: progress({ counts: { total: 12, pending: 12, rendering: 0, complete: 0, failed: 0, cancelled: 0, skipped: 0 }, stages: {}, status: 'draft' }),
  };
}

/** The cheap poll's reply: tab 1 ("Leads") with Ada's row first in a selection of 3. */
export function context(over: Partial<ActiveContext> = {}) {
  return ok<ActiveContext>({
    sheetId: 1,
    sheetName: 'Leads',
    selection: { rows: 3 },
    sampleRow: { row: 2, cells: ['Ada', 'Analytical Engines', 'ada@example.com', '', '', '', 'Loved your talk on looms.', ''] },
    ...over,
  });
}

/** A clock time as a person reads it in the sidebar: this machine's zone, named ("15:04 UTC"). */
export const hhmm = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }).format(new Date(iso));
