// Turning any error into the reply the sidebar shows: a stable code and a sentence for a person.
import { isApiError } from '../api/errors';
import { sentenceFor } from '../api/sentences';
import type { Failure } from './contract';

/** What a failure may carry beside its sentence (contract: Failure). */
export type FailureExtra = Pick<Failure, 'estimate' | 'campaign' | 'progress' | 'unsettled'>;

/** An expected condition of the add-on itself (no settings, no campaign, …) with its sentence. */
export class AddonError extends Error {
  constructor(readonly code: string, message: string, readonly extra: FailureExtra = {}) {
    super(message);
    this.name = 'AddonError';
  }
}

export function toFailure(e: unknown): Failure {
  if (isApiError(e)) return { ok: false, error: { code: e.code, message: sentenceFor(e.code, e.message) } };
  if (e instanceof AddonError) return { ok: false, error: { code: e.code, message: e.message }, ...e.extra };
  const message = e instanceof Error ? e.message : String(e);
  return { ok: false, error: { code: 'internal', message: `Something went wrong in the add-on: ${message}` } };
}
