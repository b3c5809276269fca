// The sidebar's server calls as a person's clicks and its pollers make them (sidebar/main.ts, sidebar/app.ts).
import type { Addon } from '../test/e2e/harness';

/** A person reads the estimate before confirming Generate. */
export const READ_ESTIMATE_MS = 10_000;
/** sidebar/app.ts DEFAULT_TIMING.contextPollMs. */
export const CONTEXT_POLL_MS = 1000;

interface Reply {
  ok: boolean;
  error?: { code: string; message: string };
}

function ok<T extends Reply>(name: string, r: T): T {
  if (!r.ok) throw new Error(`${name} failed: ${JSON.stringify(r)}`);
  return r;
}

/** The campaign the sidebar shows for the active tab. */
export function shownCampaign(a: Addon): string {
  const id = a.call<{ campaign: { id: string } | null }>('getSidebarState').campaign?.id;
  if (!id) throw new Error('the active tab has no campaign');
  return id;
}

export type GenerateReply = Reply & { started: number; parts: number };

/** Generate as a person does it: the estimate shown, read, then confirmed with its high figure; the reply as it came. */
export function tryGenerateClick(a: Addon): GenerateReply {
  const campaignId = shownCampaign(a);
  const { high } = ok('getEstimate', a.call<Reply & { high: number }>('getEstimate'));
  a.gas.clock.advance(READ_ESTIMATE_MS);
  return a.call<GenerateReply>('startGenerate', { campaignId, high });
}

export const generateClick = (a: Addon): GenerateReply => ok('startGenerate', tryGenerateClick(a));

export type StopReply = Reply & { stopped: number; stillRendering: number; status: string };

export function stopClick(a: Addon, campaignId: string): StopReply {
  return ok('stopCampaign', a.call<StopReply>('stopCampaign', { campaignId }));
}

/**
 * Opening the sidebar: the menu's showSidebar, then what the page asks for at load: its state, the
 * template and campaign lists once connected, and the bound campaign's progress once. Returns the calls.
 */
export function openSidebar(a: Addon): string[] {
  const made = ['showSidebar', 'getSidebarState', 'listTemplates', 'listCampaigns'];
  a.call('showSidebar');
  const state = ok('getSidebarState', a.call<Reply & { campaign: unknown }>('getSidebarState'));
  ok('listTemplates', a.call<Reply>('listTemplates'));
  ok('listCampaigns', a.call<Reply>('listCampaigns', { limit: 50 }));
  if (state.campaign) {
    ok('getProgress', a.call<Reply>('getProgress'));
    made.push('getProgress');
  }
  return made;
}

/** The open page's cheap poll, once a second; nothing renders, so no progress poll. Returns the calls made. */
export function idlePolls(a: Addon, seconds: number): number {
  for (let s = 0; s < seconds; s++) {
    a.gas.clock.advance(CONTEXT_POLL_MS);
    ok('getActiveContext', a.call<Reply>('getActiveContext'));
  }
  return seconds;
}
