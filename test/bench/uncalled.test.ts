// The uncalled-code report: only the outermost functions never called, measured in the bundle's own characters.
import { addCalls, section, uncalled } from '../../bench/uncalled';

describe('bench/uncalled', () => {
  it('should list the outermost functions never called, and no function inside one again', () => {
    const calls = new Map([
      ['0:100', 1],
      ['10:40', 0],
      ['15:30', 0],
      ['50:60', 3],
      ['70:90', 0],
    ]);
    expect(uncalled(calls)).toEqual([
      [10, 40],
      [70, 90],
    ]);
  });

  it('should report the characters never called, largest first, with their opening', () => {
    const code = 'function a(){return 1}function b(){return 22}';
    const calls = new Map([
      ['0:22', 1],
      ['22:45', 0],
    ]);
    const text = section('x.js', code, calls);
    expect(text.split('\n')[0]).toBe('x.js: 45 characters; 2 functions seen, 1 never called, 23 characters');
    expect(text).toContain('function b(){return 22}');
    expect(text).not.toContain('function a');
  });

  it("should add each function's calls by its whole span, summed over the entries of several runs", () => {
    const into: Record<string, number> = {};
    const fn = (s: number, e: number, count: number) => ({
      ranges: [
        { startOffset: s, endOffset: e, count },
        { startOffset: s + 1, endOffset: s + 2, count: 0 },
      ],
    });
    addCalls(into, [fn(0, 10, 0), fn(10, 20, 2)]);
    addCalls(into, [fn(0, 10, 3)]);
    expect(into).toEqual({ '0:10': 3, '10:20': 2 });
  });
});
