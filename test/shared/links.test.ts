// When a link may be written: a lead's links only once its video is ready.
import { linksReady } from '../../src/shared/links';

describe('linksReady', () => {
  it('should allow the links of a complete lead whose video is ready', () => {
    expect(linksReady({ status: 'complete', videoReady: true })).toBe(true);
  });

  it('should refuse the links of a complete lead whose video is not there yet', () => {
    expect(linksReady({ status: 'complete', videoReady: false })).toBe(false);
  });

  it('should refuse the links of a lead not complete, whatever videoReady says', () => {
    for (const status of ['pending', 'rendering', 'failed', 'cancelled', 'skipped']) expect(linksReady({ status, videoReady: true })).toBe(false);
  });

  it('should refuse the links when videoReady is missing', () => {
    expect(linksReady({ status: 'complete' })).toBe(false);
    expect(linksReady({ status: 'complete', videoReady: null })).toBe(false);
  });
});
