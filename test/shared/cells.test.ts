import fc from 'fast-check';
import { cellText, isErrorText, literal } from '../../src/shared/cells';

describe('cellText', () => {
  it('should trim and collapse stray spaces and line breaks', () => {
    expect(cellText('  Ada \u00a0 Lovelace\n')).toBe('Ada Lovelace');
  });

  it('should treat error values as empty', () => {
    expect(cellText('#N/A')).toBe('');
    expect(cellText('#REF!')).toBe('');
    expect(isErrorText('#DIV/0!')).toBe(true);
  });

  it('should turn other values into their text', () => {
    expect(cellText(42)).toBe('42');
    expect(cellText(null)).toBe('');
  });

  it('should clean every text as the whole rewrite would, whether or not it looks clean', () => {
    const rewrite = (v: string) => {
      const s = v
        .replace(/[\u00a0\u2007\u202f\r\n\t]+/g, ' ')
        .replace(/ {2,}/g, ' ')
        .trim();
      return isErrorText(s) ? '' : s;
    };
    const piece = fc.constantFrom(
      'Ada',
      ' ',
      '  ',
      '\u00a0',
      '\u2007',
      '\u202f',
      '\r\n',
      '\t',
      '\u3000',
      '\ufeff',
      '#N/A',
      'Loading...',
      'L',
      '#',
      '#REF!',
      'é',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string()), { maxLength: 6 }), (parts) => cellText(parts.join('')) === rewrite(parts.join(''))),
      { numRuns: 2000 },
    );
  });
});

describe('literal', () => {
  it('should force text for strings Sheets would read as formulas', () => {
    expect(literal('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(literal('+1')).toBe("'+1");
    expect(literal('-x')).toBe("'-x");
    expect(literal('@me')).toBe("'@me");
  });

  it('should force text for strings Sheets would read as numbers, dates or booleans', () => {
    expect(literal('00123')).toBe("'00123");
    expect(literal('2026-11-22')).toBe("'2026-11-22");
    expect(literal('50%')).toBe("'50%");
    expect(literal('TRUE')).toBe("'TRUE");
  });

  it('should leave plain strings and non-strings alone', () => {
    expect(literal('https://x/p/1')).toBe('https://x/p/1');
    expect(literal('ld_123')).toBe('ld_123');
    expect(literal(3)).toBe(3);
  });
});
