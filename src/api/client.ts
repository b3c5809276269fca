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

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const { call, many, link } = createCaller(opts);
  const campaignPath = (id: string, rest = ''): string => `/campaigns/${encodeId(id, 'campaign')}${rest}`;
  const detailCall = (campaignId: string): Call<CampaignDetail> => ({
    method: 'GET',
    path: campaignPath(campaignId),
    label: ASKED.detail,
    schema: campaignDetailSchema,
    retry: true,
  });
  const estimateCall = (campaignId: string): Call<Estimate> => ({
    method: 'GET',
    path: campaignPath(campaignId, '/estimate'),
    label: ASKED.estimate,
    schema: estimateSchema,
    retry: true,
  });
  const videosCall = (campaignId: string) =>
    ({ method: 'GET', path: campaignPath(campaignId, '/videos'), label: ASKED.videos, schema: videosReplySchema, retry: true }) as Call<FinishedVideo[]>;

  return {
    listTemplates: () =>
      call({ method: 'GET', path: TEMPLATES_PATH, label: TEMPLATES_ASKED, schema: templatesReplySchema, retry: true, alwaysExists: true }).templates,

    listCampaigns: (limit) => {
      const query = limit === undefined ? '' : `?limit=${Math.min(100, Math.max(1, Math.floor(limit)))}`;
      return call({ method: 'GET', path: `/campaigns${query}`, label: ASKED.list, schema: campaignsReplySchema, retry: true, alwaysExists: true }).campaigns;
    },

    createCampaign: (body) =>
      call({ method: 'POST', path: '/campaigns', label: ASKED.create, schema: createdCampaignSchema, retry: false, alwaysExists: true, body }),

    addPeople: (campaignId, people) => {
      if (people.length > MAX_PEOPLE_PER_CALL) {
        throw new ApiError('bad_input', 0, `At most ${MAX_PEOPLE_PER_CALL} people can be sent in one call; this call had ${people.length}. Nothing was sent.`);
      }
      return call({ method: 'POST', path: campaignPath(campaignId, '/leads'), label: ASKED.add, schema: addPeopleReplySchema, retry: true, body: { people } });
    },

    getEstimate: (campaignId) => call(estimateCall(campaignId)),
    getEstimates: (ids) => many(ids.map(estimateCall)),

    preview: (campaignId) =>
      call({ method: 'POST', path: campaignPath(campaignId, '/preview'), label: 'the Preview request', schema: previewReplySchema, retry: false }),

    generate: (campaignId) =>
      call({ method: 'POST', path: campaignPath(campaignId, '/generate'), label: 'the Generate request', schema: generateReplySchema, retry: false }),

    getCampaign: (campaignId) => call(detailCall(campaignId)),
    getCampaigns: (ids) => many(ids.map(detailCall)),

    getLead: (leadId) => call({ method: 'GET', path: `/leads/${encodeId(leadId, 'lead')}`, label: ASKED.lead, schema: leadSchema, retry: true }),

    listVideos: (campaignId) => call(videosCall(campaignId)),
    listVideosOf: (ids) => many(ids.map(videosCall)),

    stop: (campaignId) => call({ method: 'POST', path: campaignPath(campaignId, '/stop'), label: 'the Stop request', schema: stopReplySchema, retry: false }),

    link,
  };
}
