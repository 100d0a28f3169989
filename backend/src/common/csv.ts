import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ApiErrorResponse } from './api-envelope.js';

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

/** `Code Sprint 2.0!` → `code-sprint-2-0`: a file name's safe part (`export` when nothing is left). */
export function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export'
  );
}

/** What a CSV route writes to: its headers and the file. */
export interface CsvReply {
  header(name: string, value: string): this;
  send(body: string): unknown;
}

export function sendCsv(reply: CsvReply, fileName: string, body: string): void {
  reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).send(body);
}

/** Documents a CSV download: the file, and the error envelopes of the route's own rules. */
export function ApiCsv(description: string, errors: Record<number, string>) {
  return applyDecorators(
    ApiResponse({ status: 200, description, content: { 'text/csv': { schema: { type: 'string' } } } }),
    ...Object.entries(errors).map(([status, text]) => ApiErrorResponse(Number(status), text)),
  );
}
