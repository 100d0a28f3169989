import { ApiDownload, type DownloadReply, sendDownload } from './download.js';

/** Byte order mark: spreadsheet programs read the file as UTF-8 (names in Tamil or Hindi stay whole). */
const BOM = '\uFEFF';
/**
 * A cell a spreadsheet would run as a formula (or a DDE command) begins with one of these; a
 * leading apostrophe makes it text ("CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts neutralised, then quoted when it holds a quote, a comma or a line break (quotes doubled). */
function cell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV file as spreadsheets open it: BOM, the header row, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return BOM + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export type CsvReply = DownloadReply;

export function sendCsv(reply: CsvReply, fileName: string, body: string): void {
  sendDownload(reply, 'text/csv; charset=utf-8', fileName, body);
}

/** Documents a CSV download: the file, and the error envelopes of the route's own rules. */
export function ApiCsv(description: string, errors: Record<number, string>) {
  return ApiDownload('text/csv', description, errors);
}
