import { runInNewContext } from 'node:vm';
import { ApiError } from '../../src/api/errors';
import { sentenceFor } from '../../src/api/sentences';
import type { ProgressInfo } from '../../src/server/contract';
import { AddonError, toFailure } from '../../src/server/failure';

describe('toFailure', () => {
  it('should turn an ApiError into its code and the sentence for that code', () => {
    expect(toFailure(new ApiError('insufficient_credits', 402, 'balance 3 < 10'))).toEqual({
      ok: false,
      error: { code: 'insufficient_credits', message: sentenceFor('insufficient_credits', '') },
    });
  });

  it('should keep the service message for bad_input and for a code with no sentence', () => {
    expect(toFailure(new ApiError('bad_input', 400, 'email is invalid.')).error.message).toBe('The video service refused the request: email is invalid.');
    expect(toFailure(new ApiError('network', 0, 'No answer; it may have happened.')).error).toEqual({
      code: 'network',
      message: 'No answer; it may have happened.',
    });
  });

  it('should treat an ApiError from another realm as an API error', () => {
    const foreign = runInNewContext('const e = new Error("x"); e.name = "ApiError"; e.code = "unauthorized"; e');
    expect(toFailure(foreign).error).toEqual({ code: 'unauthorized', message: sentenceFor('unauthorized', 'x') });
  });

  it('should pass an AddonError through with its code and message and nothing else', () => {
    expect(toFailure(new AddonError('no_campaign', 'Pick a campaign first.'))).toEqual({
      ok: false,
      error: { code: 'no_campaign', message: 'Pick a campaign first.' },
    });
  });

  it('should carry an AddonError’s estimate, campaign and progress', () => {
    const estimate = { leads: 3, low: 6, high: 9, balance: 100, affordable: true };
    const progress: ProgressInfo = {
      campaignId: 'c1',
      status: 'rendering',
      counts: { total: 3, pending: 0, rendering: 3, complete: 0, failed: 0, cancelled: 0, skipped: 0 },
      stages: {},
      lastRefresh: null,
    };
    expect(toFailure(new AddonError('quote_changed', 'The price changed.', { estimate }))).toEqual({
      ok: false,
      error: { code: 'quote_changed', message: 'The price changed.' },
      estimate,
    });
    expect(toFailure(new AddonError('campaign_changed', 'Unbound.', { campaign: null }))).toEqual({
      ok: false,
      error: { code: 'campaign_changed', message: 'Unbound.' },
      campaign: null,
    });
    expect(toFailure(new AddonError('network', 'Unknown outcome.', { progress })).progress).toEqual(progress);
  });

  it('should call an unexpected error internal and keep its message', () => {
    expect(toFailure(new TypeError('x is undefined'))).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in the add-on: x is undefined' },
    });
    expect(toFailure('boom').error).toEqual({ code: 'internal', message: 'Something went wrong in the add-on: boom' });
  });
});
