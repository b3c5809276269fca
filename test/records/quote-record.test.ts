// The estimate the person last saw of a campaign of several parts (docs/rules.md#parts).
import { lastQuote, saveQuote } from '../../src/records/quote-record';
import { memoryProps } from '../fakes';

describe('quote record', () => {
  it('should keep the quotes of 200 parts in values a store accepts, and read them back whole', () => {
    const props = memoryProps();
    const estimate = { leads: 500, low: 1000, high: 1500, balance: 9000, affordable: true };
    const parts = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`550e8400-e29b-41d4-a716-${String(i).padStart(12, '0')}`, estimate]));
    saveQuote(props, 'c1', { at: 1, parts });
    expect(lastQuote(props, 'c1')).toEqual({ at: 1, parts });
    expect(Math.max(...[...props.m.values()].map((v) => Buffer.byteLength(v)))).toBeLessThan(9 * 1024);
    expect(lastQuote(props, 'c2')).toBeNull();
  });
});
