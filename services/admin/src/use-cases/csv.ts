import { stringify } from 'csv-stringify/sync';

/**
 * Spreadsheets run a cell that starts with =, +, - or @ (and tab or carriage return, which some
 * strip first) as a formula, so an audit entry a member could influence (a name, a reason) would
 * run in the moderator's spreadsheet. Such a cell gets a leading apostrophe, which spreadsheets
 * read as "this is text" (OWASP's CSV injection advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function safeCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180 CSV (csv-stringify): every field quoted, inner quotes doubled, records ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null)[])[],
): string {
  return stringify(
    [header, ...rows].map((row) => row.map(safeCell)),
    { quoted: true, quoted_empty: true, record_delimiter: 'windows' },
  );
}
