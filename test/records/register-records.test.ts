import { printText, registerSpanOf, saveSpan, savePrintText } from '../../src/records/register-records';
import { memoryProps } from '../fakes';

describe('register records', () => {
  it("should keep each tab's rows apart and forget one tab's without the other's", () => {
    const props = memoryProps();
    saveSpan(props, 7, { first: 2, last: 40 });
    saveSpan(props, 8, { first: 41, last: 41 });
    saveSpan(props, 7, null);
    expect([registerSpanOf(props, 7), registerSpanOf(props, 8)]).toEqual([null, { first: 41, last: 41 }]);
  });

  it('should read rows edited into something else as none', () => {
    for (const v of ['', '12', '2-40', 'x:y']) expect(registerSpanOf(memoryProps({ 'sheet.7.registerRows': v }), 7)).toBeNull();
  });

  it('should keep the fingerprint as it was written, and none before the first', () => {
    const props = memoryProps();
    expect(printText(props)).toBeNull();
    savePrintText(props, '3:abc');
    expect(printText(props)).toBe('3:abc');
  });
});
