import { saveSentColumns, sentColumns } from '../../src/records/sent-columns';
import { memoryProps } from '../fakes';

describe('sentColumns', () => {
  it("should keep each tab's last columns apart, and none before a send", () => {
    const props = memoryProps();
    expect(sentColumns(props, 1)).toBeNull();
    saveSentColumns(props, 1, 'First name|Company||');
    saveSentColumns(props, 2, '~Full name|||Profile');
    expect([sentColumns(props, 1), sentColumns(props, 2)]).toEqual(['First name|Company||', '~Full name|||Profile']);
  });
});
