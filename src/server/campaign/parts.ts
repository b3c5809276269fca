// A campaign of the add-on is one or more API campaigns ("parts") of at most 500 people (docs/rules.md#parts),
// so the videos list (at most 500) always holds a part's finished videos. Its id everywhere is its
// first part's id; the record lives in DocumentProperties, beside the tabs bound to it.
import type { ApiClient } from '../../api/client';
import { apiCode } from '../../api/errors';
import type { CampaignSummary } from '../../api/types';
import { partsWithOpenOutcome } from '../../records/open-outcomes';
import { saveParts, type CampaignParts, type Part } from '../../records/parts-record';
import { forgetPart } from '../../records/part-memory';
import type { Props } from '../../core/services';
import type { PartAllocator } from '../../push/push';
import type { Register } from '../../register/identity';
import { AddonError } from '../failure';

export const PART_SIZE = 500;
export { CAMPAIGN_NAME_MAX } from '../../shared/text-limits';
import { CAMPAIGN_NAME_MAX } from '../../shared/text-limits';

export function partIds(c: CampaignParts): Set<string> {
  return new Set(c.parts.map((p) => p.id));
}

/** Every part of the campaign: those its record lists and those the register knows (folded ones: docs/rules.md#parts). */
export function ownParts(c: CampaignParts, register: Register): Set<string> {
  return new Set([...partIds(c), ...register.partsOf(c.id)]);
}

/** "<name> · part N", the whole within the API's 80 characters. */
export function partName(name: string, n: number): string {
  const tail = ` · part ${n}`;
  return name.slice(0, CAMPAIGN_NAME_MAX - tail.length).trimEnd() + tail;
}

/** How many parts the campaign has made, those folded into the record's total too (docs/rules.md#parts). */
export function partCount(c: CampaignParts): number {
  return c.parts.length + (c.folded ? c.folded.n : 0);
}

/** "<name>" for the first part, "<name> · part N" for the others (N counts the folded parts before it). */
export function partLabel(c: CampaignParts, id: string): string {
  const n = c.parts.findIndex((p) => p.id === id);
  return n <= 0 ? c.name : partName(c.name, n + 1 + partCount(c) - c.parts.length);
}

/** The next part, made with the campaign's recording, name and goal, and added to its record (saved by the caller). */
export function newPart(api: ApiClient, c: CampaignParts, templateId: string, now: number): { id: string; name: string } {
  const made = createApiCampaign(api, { templateId, name: partName(c.name, partCount(c) + 1), ...(c.goal ? { goal: c.goal } : {}) }, now);
  c.parts.push({ id: made.id, size: 0, closed: false });
  return made;
}

/**
 * POST /campaigns once; after an unknown outcome the list says whether it was made (never a second
 * post: a retry would make a second campaign).
 */
export function createApiCampaign(api: ApiClient, body: { templateId: string; name: string; goal?: string }, now: number): { id: string; name: string } {
  try {
    const created = api.createCampaign(body);
    return { id: created.id, name: created.name };
  } catch (e) {
    if (apiCode(e) !== 'network') throw e;
    const found = findCreated(api.listCampaigns(100), body.name, now);
    if (!found) {
      throw new AddonError(
        'network',
        `No clear answer came back while creating “${body.name}”, and no campaign of that name has appeared in your campaign list, so it was most likely not created. Look for it under “Existing campaign” before creating it again.`,
      );
    }
    return { id: found.id, name: found.name };
  }
}

/** The newest campaign of that name created since the request started (with slack for clock skew). */
function findCreated(list: CampaignSummary[], name: string, since: number): CampaignSummary | undefined {
  const skewMs = 10 * 60_000;
  return list.find((c) => c.name.trim() === name.trim() && Date.parse(c.createdAt) >= since - skewMs);
}

/**
 * Whether a generated part's generate has settled, so it takes new people again (a generate then charges only
 * those still waiting, docs/rules.md#parts): nothing renders or is in a stage, and it was never stopped. One
 * detail read; any doubt (a failed read) keeps it closed.
 */
function generateSettled(api: ApiClient, part: Part, props: Props): boolean {
  // A charge whose answer was lost can commit later and would charge the newcomers too (docs/rules.md#unknown-outcomes).
  if ((part.cancelled || 0) > 0 || partsWithOpenOutcome(props).has(part.id)) return false;
  try {
    const d = api.getCampaign(part.id);
    return d.status !== 'stopped' && d.counts.rendering === 0 && !Object.values(d.stages).some((n) => n > 0);
  } catch {
    return false;
  }
}

/**
 * Where a push's new people go (docs/rules.md#parts): the newest part while it holds fewer than 500 and is not
 * generating — a generated part takes people again once its generate settled — else a new part (saved at once).
 */
export function partAllocator(c: CampaignParts, api: ApiClient, props: Props, now: () => number): PartAllocator {
  // People of this round not yet answered for, by part: they take room too.
  const reserved = new Map<string, number>();
  return {
    next(avoid = new Set()) {
      const open = c.parts[c.parts.length - 1]!;
      // A campaign chosen from the list stays one part: its recording is not known to make another.
      if (c.templateId === null) return avoid.has(open.id) ? null : { id: open.id, room: Infinity };
      const room = PART_SIZE - Math.max(0, open.size) - (reserved.get(open.id) || 0);
      if (room > 0 && !avoid.has(open.id) && open.closed && generateSettled(api, open, props)) {
        open.closed = false;
        saveParts(props, c);
      }
      if (!open.closed && room > 0 && !avoid.has(open.id)) return { id: open.id, room };
      const made = newPart(api, c, c.templateId, now());
      saveParts(props, c);
      return { id: made.id, room: PART_SIZE };
    },
    record(partId, total) {
      reserved.delete(partId);
      const part = c.parts.find((p) => p.id === partId);
      if (part && part.size !== total) {
        part.size = total;
        saveParts(props, c);
        // Its counts change: what was kept of them no longer holds (docs/architecture.md#parts).
        forgetPart(props, partId);
      }
    },
    has: (partId) => c.parts.some((p) => p.id === partId),
    reserve(partId, people) {
      reserved.set(partId, (reserved.get(partId) || 0) + people);
    },
  };
}
