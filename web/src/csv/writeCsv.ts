/**
 * The client's one CSV writer: every CSV the portal lets you download is written here.
 *
 * Every value is quoted (the spec: "CSV exports are built on the client with every value quoted"), quotes are
 * doubled, records end with CRLF (RFC 4180). A cell that a spreadsheet would read as a formula (=, +, -, @, a tab
 * or a carriage return first: CSV injection) gets a leading apostrophe, so it opens as the text it is.
 */
import { saveBlob } from '../ui/saveBlob';

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as written: the text, made inert when a spreadsheet would run it, quoted. */
export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  const inert = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${inert.replace(/"/g, '""')}"`;
}

/** The CSV text of a header row and the data rows. */
export function writeCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Offers the CSV as a download named `filename` (the browser's save dialog or downloads bar). */
export function downloadCsv(filename: string, header: readonly string[], rows: readonly (readonly CsvValue[])[]): void {
  // a byte-order mark lets spreadsheet programs read the text as UTF-8
  saveBlob(new Blob(['\uFEFF', writeCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
