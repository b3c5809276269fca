// The sheet's view of a lead: which rows are still unresolved, and what to write for an API lead status.
import type { Lead } from '../api/types';
import type { OutputColumn } from '../shared/headers';
import { linksReady } from '../shared/links';
import { who, type Named } from '../sheet/names';

export const NOTES = {
  failed: 'The video could not be made; its credits were refunded.',
  cancelled: 'Cancelled before it started; any credits for it were refunded.',
  skipped: 'Skipped by the video service (nothing to personalize in this row).',
  expired: 'This person’s page has expired or was disabled, so there is no page to send.',
  gone: (id: string) => `The video service has no lead ${id} for this key (another workspace’s, or deleted).`,
  unsure: (lead: Named) =>
    `Only the video service’s record of this lead is left (${who(lead)}, no email) and no first name can be read here, so the row may have been typed over: its links wait until it shows their first name.`,
  campaignNotFound: (id: string) =>
    `The campaign ${id} was not found with your API key: it may belong to another workspace’s key, or have been deleted. Its rows were left as they are.`,
} as const;

export type RowValues = Partial<Record<OutputColumn, string>>;

/**
 * True when a row with this status (and Video URL) still waits for news. A row with a Lead ID left `sending` (the
 * reply's write cut off, by a protected column say) is one too: its lead says where it stands.
 */
export function isUnresolved(status: string, videoUrl: string): boolean {
  if (status === 'complete') return !videoUrl;
  return status === 'pending' || status === 'rendering' || status === 'sending';
}

/** The output cells for a status learnt without the lead itself (videos list or inference); a video that will never be has no links. */
export function valuesForStatus(status: string): RowValues {
  const none = { pageUrl: '', videoUrl: '' };
  switch (status) {
    case 'failed':
      return { status, note: NOTES.failed, ...none };
    case 'cancelled':
      return { status, note: NOTES.cancelled, ...none };
    case 'skipped':
      return { status, note: NOTES.skipped, ...none };
    default:
      return { status };
  }
}

/**
 * The output cells for a lead read with GET /leads/{id}; a video not yet there keeps its row in
 * rendering. A link is written only once the video is ready (docs/rules.md#links-when-ready).
 */
export function valuesForLead(lead: Lead): RowValues {
  if (linksReady(lead) && lead.videoUrl) {
    // An expired page's old link must not stay in the sheet to be sent.
    return { status: 'complete', videoUrl: lead.videoUrl, pageUrl: lead.url || '', note: lead.url ? '' : NOTES.expired };
  }
  const links = { pageUrl: '', videoUrl: '' };
  if (lead.status === 'complete') return { status: 'rendering', ...links, note: lead.url ? '' : NOTES.expired };
  const v = { ...valuesForStatus(String(lead.status)), ...links };
  if (!lead.url) v.note = [v.note, NOTES.expired].filter(Boolean).join(' ');
  return v;
}
