// The grid page's selection model: clicks, shift-clicks, ctrl-clicks and drags as A1 ranges and rectangles.
import { contains, Selection } from '../../../../dev/playground/client/selection';

describe('grid selection', () => {
  it('should start on A1', () => {
    const s = new Selection();
    expect(s.a1s()).toEqual(['A1']);
    expect(s.active).toEqual({ r: 1, c: 1 });
  });

  it('should extend a row selection with shift and give it as whole rows', () => {
    const s = new Selection();
    s.start('rows', { r: 2, c: 1 });
    s.start('rows', { r: 51, c: 1 }, { extend: true });
    expect(s.a1s()).toEqual(['2:51']);
    expect(s.rects(1000, 26)).toEqual([{ row: 2, col: 1, numRows: 50, numCols: 26 }]);
  });

  it('should give a drag upwards and leftwards as a normalised range', () => {
    const s = new Selection();
    s.start('cells', { r: 5, c: 4 });
    s.dragTo({ r: 2, c: 2 });
    expect(s.a1s()).toEqual(['B2:D5']);
    expect(s.active).toEqual({ r: 5, c: 4 });
  });

  it('should add a range with ctrl and start over without it', () => {
    const s = new Selection();
    s.start('cells', { r: 2, c: 1 });
    s.start('cols', { r: 1, c: 3 }, { add: true });
    expect(s.a1s()).toEqual(['A2', 'C:C']);
    s.start('cells', { r: 4, c: 4 });
    expect(s.a1s()).toEqual(['D4']);
  });

  it('should start a new range when shift-click changes kind', () => {
    const s = new Selection();
    s.start('cells', { r: 3, c: 2 });
    s.start('rows', { r: 6, c: 1 }, { extend: true });
    expect(s.a1s()).toEqual(['6:6']);
  });

  it('should adopt the stand-in selection, recognising whole rows and columns', () => {
    const s = new Selection();
    s.adopt(
      [
        { row: 2, col: 1, numRows: 3, numCols: 26 },
        { row: 1, col: 2, numRows: 1000, numCols: 1 },
        { row: 4, col: 4, numRows: 1, numCols: 1 },
      ],
      1000,
      26,
    );
    expect(s.a1s()).toEqual(['2:4', 'B:B', 'D4']);
    expect(
      s.matches(
        [
          { row: 2, col: 1, numRows: 3, numCols: 26 },
          { row: 1, col: 2, numRows: 1000, numCols: 1 },
          { row: 4, col: 4, numRows: 1, numCols: 1 },
        ],
        1000,
        26,
      ),
    ).toBe(true);
  });

  it('should tell which cells a set of rectangles covers', () => {
    const rects = [{ row: 2, col: 2, numRows: 2, numCols: 2 }];
    expect(contains(rects, 3, 3)).toBe(true);
    expect(contains(rects, 4, 3)).toBe(false);
  });
});
