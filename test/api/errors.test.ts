import { runInNewContext } from 'node:vm';
import { ApiError, isApiError, isRetryableCode } from '../../src/api/errors';

describe('isRetryableCode', () => {
  it('should retry only a busy campaign, a rate limit and a server fault', () => {
    expect(['campaign_busy', 'rate_limited', 'internal'].map(isRetryableCode)).toEqual([true, true, true]);
  });

  it('should not retry a refusal, nor a network failure whose outcome is unknown', () => {
    const codes = [
      'unauthorized',
      'forbidden',
      'not_found',
      'bad_input',
      'insufficient_credits',
      'past_due',
      'no_voice',
      'needs_refilm',
      'not_ready',
      'cap_reached',
      'network',
      'bad_reply',
      'api_off',
      'quota',
      'someday_code',
      '',
    ];
    expect(codes.filter(isRetryableCode)).toEqual([]);
  });
});

describe('ApiError', () => {
  it('should carry its code, HTTP status and message, and be an Error named ApiError', () => {
    const e = new ApiError('not_found', 404, 'No such campaign.');
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ name: 'ApiError', code: 'not_found', status: 404, message: 'No such campaign.', retryable: false });
  });

  it('should set retryable from its code', () => {
    expect(new ApiError('rate_limited', 429, 'slow down').retryable).toBe(true);
    expect(new ApiError('network', 0, 'no answer').retryable).toBe(false);
  });
});

describe('isApiError', () => {
  it('should recognise an ApiError of this module', () => {
    expect(isApiError(new ApiError('internal', 500, 'x'))).toBe(true);
  });

  it('should recognise an ApiError made in another realm by its name', () => {
    const foreign = runInNewContext('const e = new Error("gone"); e.name = "ApiError"; e.code = "not_found"; e');
    expect(foreign instanceof Error).toBe(false);
    expect(isApiError(foreign)).toBe(true);
  });

  it('should reject other errors and values that are not objects', () => {
    const renamed = new Error('ApiError');
    expect([renamed, new TypeError('x'), { name: 'Error' }, {}, null, undefined, 'ApiError', 0].some(isApiError)).toBe(false);
  });
});
