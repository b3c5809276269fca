// Types of the Video Personalization Service API (docs/api.md#endpoints). Each reply's type is what its
// zod schema in ./schemas parses (one declaration per reply); parsed replies keep unknown fields.
import type * as z from 'zod/mini';
import type * as S from './schemas';

/** What a schema of ./schemas parses (and tidies). */
type Reply<F extends () => z.ZodMiniType | S.Tidied<unknown>> = ReturnType<F> extends S.Tidied<infer T> ? T : z.output<ReturnType<F>>;

export type LeadStatus = 'pending' | 'rendering' | 'complete' | 'failed' | 'cancelled' | 'skipped';

/** Known values draft, qa_ready, rendering, stopped; four more exist and are not named. */
export type CampaignStatus = string;

export type Template = Reply<typeof S.templateSchema>;
export type CampaignSummary = Reply<typeof S.campaignSummarySchema>;
/** Every count is a number; keys beyond the seven named are kept. */
export type CampaignCounts = CampaignDetail['counts'];
/** Types of stalled's keys are not stated in the spec: kept as received. */
export type Stalled = Reply<typeof S.stalledSchema>;
export type CampaignDetail = Reply<typeof S.campaignDetailSchema>;
export type CreatedCampaign = Reply<typeof S.createdCampaignSchema>;
export type AddedPerson = Reply<typeof S.addedPersonSchema>;
export type AddPeopleReply = Reply<typeof S.addPeopleReplySchema>;
export type Estimate = Reply<typeof S.estimateSchema>;
export type PreviewReply = Reply<typeof S.previewReplySchema>;
export type GenerateReply = Reply<typeof S.generateReplySchema>;
export type Lead = Reply<typeof S.leadSchema>;
export type FinishedVideo = Reply<typeof S.finishedVideoSchema>;
export type StopReply = Reply<typeof S.stopReplySchema>;

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
