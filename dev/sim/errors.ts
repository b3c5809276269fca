// The API's error reply as a throwable: a status, a code from docs/api.md#errors, and a sentence.

export type ApiErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'bad_input'
  | 'insufficient_credits'
  | 'past_due'
  | 'no_voice'
  | 'needs_refilm'
  | 'not_ready'
  | 'campaign_busy'
  | 'cap_reached'
  | 'rate_limited'
  | 'internal';

export class ApiFail extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const notFound = (what = 'That resource'): ApiFail => new ApiFail(404, 'not_found', `${what} was not found in this workspace.`);

export const badInput = (message: string): ApiFail => new ApiFail(400, 'bad_input', message);
