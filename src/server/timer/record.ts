// What a timer run without its document can still do (docs/rules.md#timer): tell, from the API alone, which
// of the parts it waits for are still rendering.
import { campaignsById } from '../../api/client';
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import { detailMayRender, partMayRender } from '../../shared/may-render';

/** Details read per run for parts the campaign list does not show (the rest wait their turn). */
const DETAILS_PER_RUN = 10;

/**
 * The parts of `waiting` still rendering: the campaign list first (one request), then the details of up to
 * DETAILS_PER_RUN parts it does not show. Parts not yet read come first next time, so every part is read in turn.
 */
export function partsStillRendering(api: ApiClient, waiting: string[]): string[] {
  const list = campaignsById(api);
  const rendering: string[] = [];
  const unlisted: string[] = [];
  for (const id of waiting) {
    const s = list.get(id);
    if (!s) unlisted.push(id);
    else if (partMayRender({ closed: false }, s)) rendering.push(id);
  }
  const now = unlisted.slice(0, DETAILS_PER_RUN);
  const later = unlisted.slice(DETAILS_PER_RUN);
  api.getCampaigns(now).forEach((d, i) => {
    // A part the service no longer knows waits for nothing; one that could not be read is kept.
    if (isApiError(d) ? d.code !== 'not_found' : detailMayRender({ closed: false }, d)) rendering.push(now[i]!);
  });
  return [...later, ...rendering];
}
