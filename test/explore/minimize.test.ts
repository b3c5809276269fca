// test/explore/minimize.ts: delta debugging keeps only what the failure needs.
// @not-under triggers-unlisted, no-document, test-deployment-throws, test-deployment-silent, published-hourly, timeout-360, cache-evicts, quota-rolling, sheets-metered, property-key-and-value (pure: no reading of Apps Script matters)
import { minimize } from './minimize';

describe('minimize', () => {
  it('should cut a sequence down to the items a failure needs, in their order', async () => {
    const fails = async (xs: number[]) => xs.includes(3) && xs.includes(17) && xs.indexOf(3) < xs.indexOf(17);
    expect(
      await minimize(
        Array.from({ length: 40 }, (_, i) => i),
        fails,
      ),
    ).toEqual([3, 17]);
  });

  it('should leave a sequence whose every item is needed as it is', async () => {
    const fails = async (xs: string[]) => xs.join('') === 'abc';
    expect(await minimize(['a', 'b', 'c'], fails)).toEqual(['a', 'b', 'c']);
  });
});
