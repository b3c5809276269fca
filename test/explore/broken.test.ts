// Proof that the explorer can fail (docs/rules.md#explorer): a bundle built to understate every known charge in the
// spending record by a credit is caught within the seeds `npm test` runs.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (readings of jest.config.cjs this file is not run under)
import { readFileSync } from 'node:fs';
import { BUNDLE } from '../e2e/harness';
import { explore } from './explore';
import { CI_HISTORY, CI_SEEDS } from './seeds';
import { Lab } from './world';

jest.setTimeout(300_000);

/** The built bundle with the record's charged figure one credit short (a money defect the invariants must see). */
function brokenBundle(): string {
  const good = readFileSync(BUNDLE, 'utf8');
  // A known charge's figure, as the minified record writes it: `done ? exact(done.charged) : null`.
  const honest = /\((\w+)\?(\w+)\(\1\.charged\):null\)/g;
  if ((good.match(honest) ?? []).length !== 1) throw new Error('the record’s charged figure is no longer where this test breaks it; update brokenBundle()');
  return good.replace(honest, '($1?$2($1.charged-1):null)');
}

let lab: Lab;
beforeAll(async () => {
  lab = await Lab.open();
});
afterAll(async () => {
  await lab?.close();
});

describe('the explorer on a broken bundle', () => {
  it('should find the understated record within the fixed seeds', async () => {
    const bundleSource = brokenBundle();
    const found: string[] = [];
    for (const seed of CI_SEEDS) {
      const out = await explore(lab, { seed, ...CI_HISTORY, bundleSource, noShrink: true });
      if (out.failure) {
        found.push(...out.failure.broken);
        break;
      }
    }
    expect(found.some((b) => b.startsWith('the record never below the ledger'))).toBe(true);
  });
});
