/**
 * CSV as RFC 4180 describes it: fields separated by commas, records by CRLF, every field quoted with
 * inner quotes doubled (so commas, quotes and line breaks inside a field stay in it).
 *
 * Spreadsheets run a cell that starts with =, +, - or @ (and tab or carriage return, which some
 * strip first) as a formula, so an audit entry a member could influence (a name, a reason) would
 * run in the moderator's spreadsheet. Such a cell gets a leading apostrophe, which spreadsheets
 * read as "this is text" (OWASP's CSV injection advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null)[])[],
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
