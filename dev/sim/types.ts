// Simulator configuration and control messages: the contract between the simulator (dev/sim),
// the tests, the Apps Script stand-in and the playground.

export interface SimFaults {
  /** Renders stop advancing; campaign detail carries `stalled` while anything is in flight. */
  stall: boolean;
  /** Share (0..1) of API requests answered 500 internal before anything is applied. */
  error500Rate: number;
  /** Share (0..1) of API requests answered 429 rate_limited before anything is applied. */
  rate429Rate: number;
  /** Added per API request: a real wait on the real clock; a clock advance on the manual clock. */
  latencyMs: number;
  /** Every path under /api/v1 answers 404 not_found. */
  apiOff: boolean;
  /** Regex on "METHOD /path" (path without /api/v1 and query): matching requests are answered 400 bad_input, unapplied. */
  badInputMatch?: string;
  /** POST /campaigns/{id}/leads lists `people` in a random order. */
  shufflePeople: boolean;
  /** The next N matching API requests are applied in full, then the connection is destroyed with no reply. */
  dropReplies: number;
  /** The next N matching API requests are applied in full, then answered 502 with a gateway's HTML page (text/html). */
  html502Replies: number;
  /** The next N matching API requests are applied in full, then answered 200 with a truncated, unreadable JSON body. */
  garbledReplies: number;
  /**
   * The next N matching API requests are answered at once with a gateway timeout (504, an HTML page) and
   * applied `lateMs` of sim time later (a charge committing after the gateway gave up).
   */
  lateReplies: number;
  /** Sim milliseconds between a late request's 504 and its being applied. Default 5000. */
  lateMs: number;
  /** Matching requests let through untouched (counting down) before the reply faults above start: "the third stop is lost". */
  faultAfter: number;
  /** Regex on "METHOD /path" (path without /api/v1 and query) restricting the reply faults above; default: any POST. */
  dropMatch?: string;
  /**
   * People whose renders fail (refunded, like random failures) when they would complete: a lead fails when
   * its email or firstName equals one of these, ignoring case and surrounding spaces. Read at that moment.
   */
  failPeople: string[];
  /**
   * API requests are never answered and nothing is applied (a server gone silent). A client that keeps virtual
   * time (the stand-in sends x-sim-virtual-client) gets an x-sim-hang reply at once instead of waiting.
   */
  hang?: boolean;
  /** When set (an origin such as http://127.0.0.1:9999), API requests are answered 307 to that origin plus the same path, unapplied. */
  redirectTo?: string;
}

/** What a reply fault put on the wire instead of the service's answer. */
export type ReplyFault = 'drop' | 'html502' | 'garbled' | 'late';

export interface SimConfig {
  /** 0 picks a free port. Default 8788. */
  port?: number;
  host?: string;
  /** 'real': time runs (scaled by speed). 'manual': time moves only by the advance action (and latency). */
  clock?: 'real' | 'manual';
  /** Real clock only: sim time runs this many times faster than wall time. Default 1. */
  speed?: number;
  /** Sim milliseconds each render stage takes. Default 6000. */
  stageMs?: number;
  /** Videos in flight (past queued) at once per campaign. Default 25. */
  concurrency?: number;
  /** Videos in flight at once across a workspace, the earliest started first (a service's shared render capacity). 0, the default: no such limit. */
  workspaceConcurrency?: number;
  /** Probability (0..1) that a render fails (refunded). Default 0. */
  failRate?: number;
  seed?: number;
  rateLimitPerMinute?: number;
  /** Put before every new campaign and lead id, e.g. "=" to check that clients write API strings as literal text. Default ''. */
  idPrefix?: string;
  /** Ids as long as a real service's (36 characters: "cmp_" and 32 hex digits), or short ("cmp_7"). Default 'realistic'. */
  idLength?: 'realistic' | 'short';
  /** Which 500 finished videos GET /campaigns/{id}/videos keeps when there are more (the spec leaves it open). Default 'newest'. */
  videosOrder?: 'newest' | 'oldest';
  /** Sim milliseconds a finished lead's file takes to appear (videoReady false, not in the videos list). Default 0. */
  videoReadyLagMs?: number;
  faults?: Partial<SimFaults>;
}

export interface SimRequestLogEntry {
  /** Sim clock, epoch ms. */
  at: number;
  method: string;
  /** Path relative to /api/v1, without query, e.g. /campaigns/c_1/leads. */
  path: string;
  query: string;
  status: number;
  /** Error code when the reply was an error. */
  code?: string;
  /** The key used (as sent), or null. */
  key: string | null;
  /** True when the reply was dropped by the dropReplies fault. */
  dropped?: boolean;
  /**
   * Set when a reply fault replaced the answer: the request was applied and `status`/`code` are the service's
   * answer; the client got no reply ('drop'), a 502 HTML page ('html502') or a 200 it cannot parse ('garbled');
   * 'late': the client got a 504 page at once and the request was applied at `at`, lateMs later.
   */
  replyFault?: ReplyFault;
  /** True when the hang fault left the request unanswered (and unapplied); status is then 0. */
  hung?: boolean;
}

export interface SimLeadState {
  id: string;
  campaignId: string;
  firstName: string | null;
  company: string | null;
  email: string | null;
  profileUrl: string | null;
  status: 'pending' | 'rendering' | 'complete' | 'failed' | 'cancelled' | 'skipped';
  stage: string | null;
  url: string | null;
  videoUrl: string;
  videoReady: boolean;
  /** Credits currently charged for this lead (0 after a refund). */
  charged: number;
  /** Every field the service holds for the person, as sent. */
  person?: Record<string, string>;
}

export interface SimCampaignState {
  id: string;
  workspaceId: string;
  name: string;
  templateId: string;
  status: string;
  leads: SimLeadState[];
}

export interface SimWorkspaceState {
  id: string;
  balance: number;
  pastDue: boolean;
  keys: { key: string; writes: boolean; revoked: boolean; dailyCap: number; spentToday: number }[];
  templates: { id: string; name: string; usable: boolean; blockedReason?: string }[];
}

export interface SimState {
  now: number;
  config: Required<Omit<SimConfig, 'faults' | 'port' | 'host'>> & { faults: SimFaults };
  workspaces: SimWorkspaceState[];
  campaigns: SimCampaignState[];
  /** Credits charged by kind, over the simulator's life since reset. */
  ledger: {
    at: number;
    workspaceId: string;
    campaignId: string;
    kind: 'charge' | 'refund';
    credits: number;
    reason: string;
    /** The key that paid (a refund: the key its charge came from). */ key?: string;
  }[];
}

/** POST {origin}/__sim/control with one of these bodies; the reply is JSON. */
export type SimControl =
  | { action: 'reset'; config?: Omit<SimConfig, 'port' | 'host'> } // → { ok, keys }
  | { action: 'configure'; config: Omit<SimConfig, 'port' | 'host'> } // merges; faults merge key by key
  | { action: 'advance'; ms: number } // → { ok, now }
  | { action: 'state' } // → SimState
  | { action: 'requests' } // → { requests: SimRequestLogEntry[] }
  | { action: 'clearRequests' }
  | { action: 'setWorkspace'; workspaceId: string; balance?: number; pastDue?: boolean }
  | { action: 'setKey'; key: string; revoked?: boolean; dailyCap?: number; spentToday?: number }
  | { action: 'setTemplate'; templateId: string; usable: boolean; blockedReason?: string }
  | { action: 'expirePage'; leadId: string }
  | { action: 'deleteLead'; leadId: string };

/** Seeded keys and ids, identical after every reset. */
export const SIM_KEYS = {
  /** Main workspace, writes on, large daily cap. */
  write: 'sk_test_write_9f3a1a2b',
  /** Main workspace, read-only. */
  readOnly: 'sk_test_read_77c0e4d1',
  /** Main workspace, revoked. */
  revoked: 'sk_test_revoked_0b5e6c3f',
  /** Main workspace, writes on, daily cap of 10 credits. */
  lowCap: 'sk_test_lowcap_5d2e8a90',
  /** Another workspace, writes on. */
  other: 'sk_test_other_c4a7b912',
} as const;

export const SIM_WORKSPACES = { main: 'ws_main', other: 'ws_other' } as const;

/** Templates of the main workspace. */
export const SIM_TEMPLATES = {
  ready: 'tpl_ready', // usable
  voicePending: 'tpl_voice', // unusable: voice still being prepared → 409 no_voice on preview/generate
  noVideo: 'tpl_novideo', // unusable: no video uploaded → 409 needs_refilm on preview/generate
  noName: 'tpl_noname', // unusable: no name to swap → 409 needs_refilm on preview/generate
} as const;

/** Prices in credits. Estimate: low = leads × video; high = leads × (video + lookup). */
export const SIM_PRICES = { video: 2, lookup: 1 } as const;

/** Header on every simulator reply: the sim clock (epoch ms), so a virtual-clock client can follow it. */
export const SIM_NOW_HEADER = 'x-sim-now';
/** Request header of a client that keeps virtual time: a hang is signalled to it at once, not waited out. */
export const SIM_VIRTUAL_CLIENT_HEADER = 'x-sim-virtual-client';
/** Reply header telling such a client that the 'hang' fault is on: the server would never answer. */
export const SIM_HANG_HEADER = 'x-sim-hang';

/** A request the API sees: relative to /api/v1, without the query. */
export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: string;
}

/** A request answered 504 now, to be applied once sim time reaches `at`. */
export interface LateRequest {
  at: number;
  req: ApiRequest;
}
