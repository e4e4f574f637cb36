import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and leaves numbers and negative amounts as they are', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('-120.50')).toBe('-120.50');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
  });

  it('keeps a typed text from becoming a spreadsheet formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('-x')).toBe("'-x");
  });

  it('writes a header and rows, each line ended by CRLF', () => {
    expect(
      toCsv(
        ['id', 'email'],
        [
          [1, 'a@b.test'],
          [2, null],
        ],
      ),
    ).toBe('id,email\r\n1,a@b.test\r\n2,\r\n');
  });
});
