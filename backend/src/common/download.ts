import type { Readable } from 'node:stream';
import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ApiErrorResponse } from './api-envelope.js';

/** `Code Sprint 2.0!` → `code-sprint-2-0`: a file name's safe part (`fallback` when nothing is left). */
export function slug(name: string, fallback = 'export'): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || fallback
  );
}

/** What a download route writes to: its headers and the file. */
export interface DownloadReply {
  header(name: string, value: string): this;
  send(body: string | Buffer | Readable): unknown;
}

/** Answers a file to save (a spreadsheet, a calendar invite, a PDF, a ZIP written as it is sent) rather than the JSON envelope. */
export function sendDownload(reply: DownloadReply, contentType: string, fileName: string, body: string | Buffer | Readable): void {
  reply.header('Content-Type', contentType).header('Content-Disposition', `attachment; filename="${fileName}"`).send(body);
}

/** Documents a download: the file of its media type, and the error envelopes of the route's own rules. */
export function ApiDownload(mediaType: string, description: string, errors: Record<number, string>) {
  return applyDecorators(
    // A JSON file is a document of its own: an object, not the envelope.
    ApiResponse({ status: 200, description, content: { [mediaType]: { schema: { type: mediaType === 'application/json' ? 'object' : 'string' } } } }),
    ...Object.entries(errors).map(([status, text]) => ApiErrorResponse(Number(status), text)),
  );
}
