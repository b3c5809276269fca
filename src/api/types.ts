// Types of the Video Personalization Service API (docs/api.md#endpoints).
// Parsed replies keep unknown fields, so every object type is open-ended.

export type LeadStatus = 'pending' | 'rendering' | 'complete' | 'failed' | 'cancelled' | 'skipped';

/** Known values draft, qa_ready, rendering, stopped; four more exist and are not named. */
export type CampaignStatus = string;

export interface Template {
  id: string;
  name: string;
  usable: boolean;
  blockedReason?: string;
  createdAt: string;
  [k: string]: unknown;
}

export interface CampaignSummary {
  id: string;
  name: string;
  status: CampaignStatus;
  leadCount: number;
  waiting: number;
  complete: number;
  failed: number;
  nextStep: string;
  createdAt: string;
  [k: string]: unknown;
}

export interface CampaignCounts {
  total: number;
  pending: number;
  rendering: number;
  complete: number;
  failed: number;
  cancelled: number;
  skipped: number;
  [k: string]: number;
}

/** Types of stalled's keys are not stated in the spec: kept as received. */
export interface Stalled {
  minutes?: unknown;
  jobs?: unknown;
  message?: unknown;
  [k: string]: unknown;
}

export interface CampaignDetail {
  id: string;
  name: string;
  status: CampaignStatus;
  counts: CampaignCounts;
  /** Open-ended: queued, tts, lipsync, compose, uploading and any other key. */
  stages: Record<string, number>;
  /** Present (non-null) only while the service has stopped making progress. */
  stalled?: Stalled | null;
  [k: string]: unknown;
}

export interface CreatedCampaign {
  id: string;
  name: string;
  templateId: string;
  status: CampaignStatus;
  [k: string]: unknown;
}

export type PersonField = 'firstName' | 'company' | 'email' | 'website' | 'role' | 'profileUrl' | 'hook' | 'ctaLabel' | 'ctaUrl' | 'headline';

export const PERSON_FIELDS: readonly PersonField[] = [
  'firstName',
  'company',
  'email',
  'website',
  'role',
  'profileUrl',
  'hook',
  'ctaLabel',
  'ctaUrl',
  'headline',
];

export type PersonInput = Partial<Record<PersonField, string>>;

export interface AddedPerson {
  id: string;
  firstName?: string | null;
  company?: string | null;
  url?: string | null;
  videoUrl?: string | null;
  [k: string]: unknown;
}

export interface AddPeopleReply {
  added: number;
  skipped: number;
  total: number;
  people: AddedPerson[];
  [k: string]: unknown;
}

export interface Estimate {
  leads: number;
  low: number;
  high: number;
  balance: number;
  affordable: boolean;
  [k: string]: unknown;
}

export interface PreviewReply {
  campaignId: string;
  made: number;
  creditsCharged: number;
  [k: string]: unknown;
}

export interface GenerateReply {
  campaignId: string;
  started: number;
  creditsCharged: number;
  [k: string]: unknown;
}

export interface Lead {
  id: string;
  firstName?: string | null;
  company?: string | null;
  campaignId: string;
  status: LeadStatus | string;
  url: string | null;
  videoUrl: string | null;
  videoReady: boolean;
  [k: string]: unknown;
}

export interface FinishedVideo {
  firstName?: string | null;
  company?: string | null;
  url: string;
  videoUrl: string;
  [k: string]: unknown;
}

export interface StopReply {
  campaignId: string;
  stopped: number;
  stillRendering: number;
  status: CampaignStatus;
  [k: string]: unknown;
}

/** Error codes of docs/api.md#errors. */
export type ApiErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'bad_input'
  | 'insufficient_credits'
  | 'past_due'
  | 'no_voice'
  | 'needs_refilm'
  | 'not_ready'
  | 'campaign_busy'
  | 'cap_reached'
  | 'rate_limited'
  | 'internal';

/** Codes the client itself produces. */
export type ClientErrorCode = 'network' | 'bad_reply' | 'api_off' | 'quota' | 'not_allowed' | 'no_permission' | 'not_sent' | 'redirect';
