// Histories the explorer printed (docs/rules.md#explorer), kept as tests: each replays in a fresh world and must break
// no invariant. Paste a failing history's ready test here once its defect is fixed.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import type { Action } from './actions';
import { replay } from './explore';

jest.setTimeout(120_000);

describe('histories the explorer found', () => {
  it('should hold every invariant when Generate’s answer is lost and a stop, refunds, midnight and another tab’s Generate follow', async () => {
    const actions: Action[] = [
      { k: 'add', t: 0, from: 2, n: 3 },
      { k: 'limit', v: 20 },
      { k: 'fault', f: 'drop', then: { k: 'generate', stale: false } },
      { k: 'timer' },
      { k: 'fault', f: 'html502', then: { k: 'stop' } },
      { k: 'midnight' },
      { k: 'timer' },
      { k: 'refresh' },
      { k: 'add', t: 1, from: 2, n: 3 },
      { k: 'generate', stale: false },
    ];
    expect(await replay(actions, { failRate: 0.5 })).toEqual([]);
  });

  it('should settle a row whose POST /leads hung during Add once the timer runs, with its Lead ID and its person once', async () => {
    const actions: Action[] = [
      { k: 'fault', f: 'hang', then: { k: 'add', t: 0, from: 2, n: 1 } },
      { k: 'wait', ms: 60000 },
    ];
    expect(await replay(actions)).toEqual([]);
  });
});
