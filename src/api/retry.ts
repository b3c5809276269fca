// Retries of the API's retryable codes (campaign_busy, rate_limited, internal) with growing waits inside a deadline.
import type { Clock } from '../core/clock';
import { ApiError, isApiError } from './errors';
import { nowOf } from '../core/clock';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Wait before the second attempt; doubled each time after. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 1000, maxDelayMs: 30_000 };

export interface RetryContext {
  clock: Clock;
  /** Epoch ms; no wait may end after it. */
  deadline?: number;
  policy?: RetryPolicy;
  /** The server's Retry-After for this failure, in ms, when it sent one. */
  retryAfterMs?: (e: ApiError) => number | undefined;
}

/** Wait before attempt `attempt + 1` (attempt counts from 1). */
export function backoffMs(attempt: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * Math.pow(2, attempt - 1));
}

/**
 * Runs `attempt` until it succeeds or fails in a way a retry cannot change. Only ApiErrors whose code
 * is retryable are retried; network failures never are, since the first request may have been applied.
 */
export function withRetry<T>(attempt: () => T, ctx: RetryContext): T {
  const policy = ctx.policy || DEFAULT_RETRY_POLICY;
  const deadline = ctx.deadline ?? Number.POSITIVE_INFINITY;
  for (let n = 1; ; n++) {
    try {
      return attempt();
    } catch (e) {
      if (!isApiError(e) || !e.retryable || n >= policy.maxAttempts) throw e;
      const wait = Math.max(0, ctx.retryAfterMs?.(e) ?? backoffMs(n, policy));
      if (nowOf(ctx) + wait > deadline) throw e;
      ctx.clock.sleep(wait);
    }
  }
}

/** Retry-After in ms: delta-seconds, or an HTTP date relative to `now`. Undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
