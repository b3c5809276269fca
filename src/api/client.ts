// The typed API client: one method per endpoint of docs/api.md#endpoints, replies parsed, errors mapped, retries ruled.
import { createCaller, encodeId, TEMPLATES_PATH, TEMPLATES_ASKED, type ApiClientOptions, type Call, type Link } from './caller';
import { ApiError } from './errors';
import { MAX_PEOPLE_PER_CALL } from '../shared/people';
import {
  addPeopleReplySchema,
  campaignDetailSchema,
  campaignsReplySchema,
  createdCampaignSchema,
  estimateSchema,
  generateReplySchema,
  leadSchema,
  previewReplySchema,
  stopReplySchema,
  templatesReplySchema,
  videosReplySchema,
} from './schemas';
import type {
  AddPeopleReply,
  CampaignDetail,
  CampaignSummary,
  CreatedCampaign,
  Estimate,
  FinishedVideo,
  GenerateReply,
  Lead,
  PreviewReply,
  StopReply,
  Template,
} from './types';
import type { PersonInput } from '../shared/person';

export type { ApiClientOptions } from './caller';

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
  /** Several campaigns' details in one round (fetchAll); each an answer or its error. */
  getCampaigns(campaignIds: string[]): (CampaignDetail | ApiError)[];
  /** Several campaigns' estimates in one round. */
  getEstimates(campaignIds: string[]): (Estimate | ApiError)[];
  /** Several campaigns' finished videos in one round. */
  listVideosOf(campaignIds: string[]): (FinishedVideo[] | ApiError)[];
  getLead(leadId: string): Lead;
  listVideos(campaignId: string): FinishedVideo[];
  stop(campaignId: string): StopReply;
  /** Whether the service answered this client, and since when it has not (absent on test fakes). */
  link?(): Link;
}

export { API_OFF_MESSAGE } from './caller';

/** The first page of campaigns (100, the most one call lists), by id. */
export function campaignsById(api: Pick<ApiClient, 'listCampaigns'>): Map<string, CampaignSummary> {
  return new Map(api.listCampaigns(100).map((c) => [c.id, c]));
}

/** Each request as a person reads it in a sentence: the caller's errors name it so, never by method and path. */
const ASKED = {
  detail: 'the request for a campaign’s details',
  estimate: 'the request for an estimate',
  videos: 'the request for a campaign’s videos',
  list: 'the request for the campaign list',
  create: 'the request to create a campaign',
  add: 'the request to add people',
  lead: 'the request for a lead',
} as const;

/** A read: retried on retryable codes (docs/api.md#errors); alwaysExists for a path that exists whenever the API is on. */
const get = <T>(path: string, label: string, schema: Call<T>['schema'], alwaysExists?: true): Call<T> => ({
  method: 'GET',
  path,
  label,
  schema,
  retry: true,
  alwaysExists,
});

/** A write: retried only where a second send is safe (docs/rules.md#retries). */
const post = <T>(path: string, label: string, schema: Call<T>['schema'], retry = false, body?: unknown): Call<T> => ({
  method: 'POST',
  path,
  label,
  schema,
  retry,
  body,
});

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const { call, many, link } = createCaller(opts);
  const campaignPath = (id: string, rest = ''): string => `/campaigns/${encodeId(id, 'campaign')}${rest}`;
  const detailCall = (campaignId: string) => get(campaignPath(campaignId), ASKED.detail, campaignDetailSchema);
  const estimateCall = (campaignId: string) => get(campaignPath(campaignId, '/estimate'), ASKED.estimate, estimateSchema);
  const videosCall = (campaignId: string) => get(campaignPath(campaignId, '/videos'), ASKED.videos, videosReplySchema);

  return {
    listTemplates: () => call(get(TEMPLATES_PATH, TEMPLATES_ASKED, templatesReplySchema, true)).templates,

    listCampaigns: (limit) => {
      const query = limit === undefined ? '' : `?limit=${Math.min(100, Math.max(1, Math.floor(limit)))}`;
      return call(get(`/campaigns${query}`, ASKED.list, campaignsReplySchema, true)).campaigns;
    },

    createCampaign: (body) => call({ ...post('/campaigns', ASKED.create, createdCampaignSchema, false, body), alwaysExists: true }),

    addPeople: (campaignId, people) => {
      if (people.length > MAX_PEOPLE_PER_CALL) {
        throw new ApiError('bad_input', 0, `At most ${MAX_PEOPLE_PER_CALL} people can be sent in one call; this call had ${people.length}. Nothing was sent.`);
      }
      return call(post(campaignPath(campaignId, '/leads'), ASKED.add, addPeopleReplySchema, true, { people }));
    },

    getEstimate: (campaignId) => call(estimateCall(campaignId)),
    getEstimates: (ids) => many(ids.map(estimateCall)),

    preview: (campaignId) => call(post(campaignPath(campaignId, '/preview'), 'the Preview request', previewReplySchema)),

    generate: (campaignId) => call(post(campaignPath(campaignId, '/generate'), 'the Generate request', generateReplySchema)),

    getCampaign: (campaignId) => call(detailCall(campaignId)),
    getCampaigns: (ids) => many(ids.map(detailCall)),

    getLead: (leadId) => call(get(`/leads/${encodeId(leadId, 'lead')}`, ASKED.lead, leadSchema)),

    listVideos: (campaignId) => call(videosCall(campaignId)),
    listVideosOf: (ids) => many(ids.map(videosCall)),

    stop: (campaignId) => call(post(campaignPath(campaignId, '/stop'), 'the Stop request', stopReplySchema)),

    link,
  };
}
