// PLACEHOLDER — to be implemented (see issue 2). Signature fixed here so other modules can build on it.
import type { Clock } from '../core/clock';
import type { HttpTransport } from './transport';
import type {
  AddPeopleReply, CampaignDetail, CampaignSummary, CreatedCampaign, Estimate, FinishedVideo,
  GenerateReply, Lead, PersonInput, PreviewReply, StopReply, Template,
} from './types';

export interface ApiClientOptions {
  /** Ends with /api/v1 (a trailing slash is tolerated). */
  baseUrl: string;
  apiKey: string;
  transport: HttpTransport;
  clock: Clock;
  /** Epoch ms after which no retry wait may start (the execution's time budget). */
  deadline?: number;
}

export interface ApiClient {
  listTemplates(): Template[];
  listCampaigns(limit?: number): CampaignSummary[];
  /** Never retried. */
  createCampaign(body: { templateId: string; name: string; goal?: string }): CreatedCampaign;
  /** At most 1000 people (throws bad_input before sending otherwise). Retried on retryable codes. */
  addPeople(campaignId: string, people: PersonInput[]): AddPeopleReply;
  getEstimate(campaignId: string): Estimate;
  /** Charges. Never retried. */
  preview(campaignId: string): PreviewReply;
  /** Charges. Never retried. */
  generate(campaignId: string): GenerateReply;
  getCampaign(campaignId: string): CampaignDetail;
  getLead(leadId: string): Lead;
  listVideos(campaignId: string): FinishedVideo[];
  stop(campaignId: string): StopReply;
}

export declare function createApiClient(opts: ApiClientOptions): ApiClient;
