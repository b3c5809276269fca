// Types of the Video Personalization Service API (docs/api.md#endpoints). Each reply's type is what its
// zod schema in ./schemas parses (one declaration per reply); parsed replies keep unknown fields.
import type * as z from 'zod/mini';
import type * as S from './schemas';

export type LeadStatus = 'pending' | 'rendering' | 'complete' | 'failed' | 'cancelled' | 'skipped';

/** Known values draft, qa_ready, rendering, stopped; four more exist and are not named. */
export type CampaignStatus = string;

export type Template = z.output<typeof S.templateSchema>;
export type CampaignSummary = z.output<typeof S.campaignSummarySchema>;
/** Every count is a number; keys beyond the seven named are kept. */
export type CampaignCounts = z.output<typeof S.countsSchema>;
/** Types of stalled's keys are not stated in the spec: kept as received. */
export type Stalled = z.output<typeof S.stalledSchema>;
export type CampaignDetail = z.output<typeof S.campaignDetailSchema>;
export type CreatedCampaign = z.output<typeof S.createdCampaignSchema>;
export type AddedPerson = z.output<typeof S.addedPersonSchema>;
export type AddPeopleReply = z.output<typeof S.addPeopleReplySchema>;
export type Estimate = z.output<typeof S.estimateSchema>;
export type PreviewReply = z.output<typeof S.previewReplySchema>;
export type GenerateReply = z.output<typeof S.generateReplySchema>;
export type Lead = z.output<typeof S.leadSchema>;
export type FinishedVideo = z.output<typeof S.finishedVideoSchema>;
export type StopReply = z.output<typeof S.stopReplySchema>;

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
