import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes every field and doubles inner quotes, so commas, quotes and line breaks stay inside it', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a, "quoted"\nline')).toBe('"a, ""quoted""\nline"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(true)).toBe('"true"');
  });

  it('makes a cell a spreadsheet would run as a formula into text with a leading apostrophe', () => {
    expect(['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'].map(csvCell)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      `"'+1"`,
      `"'-2+3"`,
      `"'@SUM(A1)"`,
      `"'\tcmd"`,
      `"'\rcmd"`,
    ]);
    expect(csvCell('a=b')).toBe('"a=b"');
  });

  it('writes a header and rows separated by CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', null]])).toBe('"a","b"\r\n"1",""\r\n');
  });
});
