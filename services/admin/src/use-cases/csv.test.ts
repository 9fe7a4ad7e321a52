import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

/** The one data row of a CSV with a one-column header. */
const cellOf = (value: string | number | boolean | null) => toCsv(['value'], [[value]]).split('\r\n')[1];

describe('CSV', () => {
  it('quotes every field and doubles inner quotes, so commas, quotes and line breaks stay inside it', () => {
    expect(cellOf('plain')).toBe('"plain"');
    expect(toCsv(['v'], [['a, "quoted"\nline']])).toBe('"v"\r\n"a, ""quoted""\nline"\r\n');
    expect(cellOf(null)).toBe('""');
    expect(cellOf(true)).toBe('"true"');
  });

  it('makes a cell a spreadsheet would run as a formula into text with a leading apostrophe', () => {
    expect(['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tcmd'].map(cellOf)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      `"'+1"`,
      `"'-2+3"`,
      `"'@SUM(A1)"`,
      `"'\tcmd"`,
    ]);
    expect(toCsv(['v'], [['\rcmd']])).toBe(`"v"\r\n"'\rcmd"\r\n`);
    expect(cellOf('a=b')).toBe('"a=b"');
  });

  it('writes a header and rows separated by CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', null]])).toBe('"a","b"\r\n"1",""\r\n');
  });
});
