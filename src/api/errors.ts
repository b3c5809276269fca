// The one error type of the API layer: the API's own codes plus the client's (network, bad_reply, api_off).
import type { ApiErrorCode, ClientErrorCode } from './types';

export type ErrorCode = ApiErrorCode | ClientErrorCode | (string & {});

const RETRYABLE: ReadonlySet<string> = new Set(['campaign_busy', 'rate_limited', 'internal']);

export function isRetryableCode(code: string): boolean {
  return RETRYABLE.has(code);
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly retryable: boolean;

  constructor(code: ErrorCode, status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.retryable = isRetryableCode(code);
  }
}

/** How a request left unsent for the run's deadline begins its sentence. */
const RUN_TIME_UP = 'This run’s time was nearly up';

/** A request the run's deadline leaves unsent (`what` names it). */
export function runTimeUp(what: string): ApiError {
  return new ApiError('not_sent', 0, `${RUN_TIME_UP}, so the add-on did not send ${what}; it carries on at the next run.`);
}

/** Whether a request was left unsent because the run's time was up (not because the service went silent). */
export function isRunTimeUp(e: unknown): boolean {
  return isApiError(e) && e.code === 'not_sent' && e.message.startsWith(RUN_TIME_UP);
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError || (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'ApiError');
}

/** An API error's code, or undefined for any other error: one comparison where a code decides. */
export const apiCode = (e: unknown): ErrorCode | undefined => (isApiError(e) ? e.code : undefined);
