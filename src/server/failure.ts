// Turning any error into the reply the sidebar shows: a stable code and a sentence for a person.
import { isApiError } from '../api/errors';
import { sentenceFor } from '../api/sentences';
import type { Failure } from './contract';
import { RegisterBroken } from '../register/identity';
import { errorText } from '../core/error-text';

/** What a failure may carry beside its sentence (contract: Failure). */
export type FailureExtra = Pick<Failure, 'estimate' | 'campaign' | 'progress' | 'unsettled' | 'limit'>;

/** An expected condition of the add-on itself (no settings, no campaign, …) with its sentence. */
export class AddonError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly extra: FailureExtra = {},
  ) {
    super(message);
    this.name = 'AddonError';
  }
}

/** The person's input cannot be used as it is: what to change, in a sentence. */
export const badInput = (message: string): AddonError => new AddonError('bad_input', message);

/**
 * Sheets' refusals the add-on says in a sentence of its own, each with its code: a write to a protected range (Data ›
 * Protect sheets and ranges), and growing a spreadsheet past the cells it may hold (docs/rules.md#cells).
 */
const SHEETS_REFUSALS: [RegExp, string, string][] = [
  [
    /protected cell or object/i,
    'protected',
    'Some cells the add-on writes are protected (Data › Protect sheets and ranges), so it could not write them and stopped there. Ask the owner to let you edit the columns Lead ID, Campaign ID, Page URL, Video URL, Video Status and Video Note (and the Video credits tab), or to remove the protection. Nothing is lost: rows it could not write keep what they had, and the next press or refresh writes them.',
  ],
  [
    /limit of [\d,]+ cells/,
    'spreadsheet_full',
    'This spreadsheet is full: Google Sheets holds 10 million cells at most, so the add-on stopped there. Delete tabs, rows or columns you do not need, then try again.',
  ],
];

export function toFailure(e: unknown): Failure {
  if (isApiError(e)) return { ok: false, error: { code: e.code, message: sentenceFor(e.code, e.message) } };
  if (e instanceof AddonError) return { ok: false, error: { code: e.code, message: e.message }, ...e.extra };
  if (e instanceof RegisterBroken) return { ok: false, error: { code: e.code, message: e.message } };
  const message = errorText(e);
  for (const [re, code, sentence] of SHEETS_REFUSALS) if (re.test(message)) return { ok: false, error: { code, message: sentence } };
  return { ok: false, error: { code: 'internal', message: `Something went wrong in the add-on: ${message}` } };
}
