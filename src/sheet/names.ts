// A row's name as the service pairs people (first name and company), and which finished video of a part goes on a
// row (docs/rules.md#row-identity). Pure; one rule for push, refresh and export alike.
import type { FinishedVideo } from '../api/types';
import { urlKey } from '../shared/cells';
import type { ColumnLayout } from '../shared/headers';
import { nameKey, personFromRow, type Fallbacks } from '../shared/row-person';

/** A name as the service reports it (a lead, a reply's person, a finished video) or as a row holds it. */
export interface Named {
  firstName?: string | null;
  company?: string | null;
}

export function keyOf(p: Named): string {
  return nameKey(p.firstName, p.company);
}

/** Whether a row's person is the lead named: same first name and company ("jon smith" is "Jon  Smith"). */
export function isNamed(row: Named, lead: Named): boolean {
  return keyOf(row) === keyOf(lead);
}

/** A name key the service merges on: both first name and company present. */
export function isMergingKey(key: string): boolean {
  const [first, company] = key.split('\u0001');
  return !!first && !!company;
}

/** A part's finished videos, found by page and by name. */
export interface VideoIndex {
  byUrl: Map<string, FinishedVideo>;
  byName: Map<string, FinishedVideo[]>;
}

export function indexVideos(list: readonly FinishedVideo[]): VideoIndex {
  const byUrl = new Map<string, FinishedVideo>();
  const byName = new Map<string, FinishedVideo[]>();
  for (const v of list) {
    if (!byUrl.has(urlKey(v.url))) byUrl.set(urlKey(v.url), v);
    byName.set(keyOf(v), [...(byName.get(keyOf(v)) || []), v]);
  }
  return { byUrl, byName };
}

/**
 * Which finished video of its part goes on a row (docs/rules.md#row-identity), for refresh and export
 * alike. `name` is the row's key as sent (none when not known); `shared` when other rows of the part
 * hold the same name. The name is tried first: within one part the service merges people of one first
 * name and company, so the one video of a name that only this row holds is its person's. A page already
 * in the row (written by an older version) decides only when the name names no single video, and a
 * video is never given to a row whose name differs from it: a stale page of someone else must not keep
 * a row from its own video, nor hand it another person's.
 */
export function videoForRow(row: { name?: string; page?: string; shared?: boolean }, videos: VideoIndex): FinishedVideo | undefined {
  const named = row.name !== undefined && isMergingKey(row.name) && !row.shared ? videos.byName.get(row.name) : undefined;
  const v = named && named.length === 1 ? named[0] : row.page ? videos.byUrl.get(urlKey(row.page)) : undefined;
  return v && (row.name === undefined || keyOf(v) === row.name) ? v : undefined;
}

/** The row's first name and company as sent: a row's name key, with the tab's mapping and fallbacks. */
export function rowKey(cells: readonly unknown[], layout: ColumnLayout, fallbacks: Fallbacks): string {
  return keyOf(personFromRow(cells, layout, fallbacks).person);
}

/** A person in words: “Sarah at Google”. */
export const who = (p: Named) => [p.firstName, p.company].filter(Boolean).join(' at ') || 'someone';
