// The explorer in CI (docs/rules.md#explorer): fixed seeds, short histories, every invariant after every action.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling (readings of jest.config.cjs this file is not run under)
import { explore, type Outcome } from './explore';
import { Lab } from './world';

import { CI_HISTORY, CI_SEEDS } from './seeds';

jest.setTimeout(300_000);

let lab: Lab;
beforeAll(async () => {
  lab = await Lab.open();
});
afterAll(async () => {
  await lab?.close();
});

describe('the explorer’s fixed seeds', () => {
  it.each(CI_SEEDS)('should break no invariant in the histories of seed %i', async (seed) => {
    const out: Outcome = await explore(lab, { seed, ...CI_HISTORY });
    if (out.failure) console.log(`${out.failure.broken.join('\n')}\n\n${out.failure.test}`);
    expect(out.failure?.broken ?? []).toEqual([]);
    expect(out.actions).toBeGreaterThan(0);
  });
});
