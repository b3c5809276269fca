// What "Add selected rows" (and a send again) did, as sentences: shared by the Send section and its follow-up blocks.
import { count, people } from './format';
import type { AddRowsResult } from '../src/server/contract';

/** The result as sentences, one per non-zero outcome. */
export function resultLines(r: AddRowsResult): string[] {
  const lines = [`Added ${people(r.added)}${r.newParts ? `, in ${r.newParts > 1 ? `${r.newParts} new parts` : 'a new part'} of the campaign` : ''}.`];
  if (r.skipped) lines.push(`${count(r.skipped, 'person was', 'people were')} already in the campaign; links written back.`);
  if (r.alreadySent) lines.push(`${count(r.alreadySent, 'row')} sent before, left alone.`);
  if (r.empty) lines.push(`${count(r.empty, 'empty row')} skipped.`);
  if (r.invalid) lines.push(`${count(r.invalid, 'row')} not sent: see Video Note.`);
  if (r.unmatchable) lines.push(`${count(r.unmatchable, 'row')} left in “sending”: see Video Note.`);
  // The reply's total is one part's (docs/rules.md#parts): the campaign's own count is the top line's.
  return lines;
}
