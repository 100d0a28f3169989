import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';

const MALFORMED_JSON = 'Malformed JSON';

interface ParsedRequest {
  headers: { 'content-type'?: string };
}

/**
 * The API's JSON body parser: UTF-8 only (another charset answers 415), an object or an array
 * at the top (a bare string or number is malformed here, since no form of ours is one), and an
 * empty body read as an empty object. Keys such as `__proto__` are kept, as `JSON.parse` keeps
 * them, so the input guard can name them in its refusal.
 */
export function parseJsonBody(request: ParsedRequest, body: Buffer, done: (error: Error | null, parsed?: unknown) => void): void {
  try {
    done(null, parse(request, body));
  } catch (error) {
    done(error as Error);
  }
}

function parse(request: ParsedRequest, body: Buffer): unknown {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw new UnsupportedMediaTypeException();
  if (body.length === 0) return {};
  const text = body.toString('utf8');
  // Whitespace JSON does not allow makes JSON.parse fail below, whatever follows it.
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') throw new BadRequestException(MALFORMED_JSON);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequestException(MALFORMED_JSON);
  }
}

interface ReadRequest {
  raw?: { readableAborted?: boolean; complete?: boolean };
}

/**
 * Whether `error` is the body's reading cut short because the client hung up mid-body: Node ends
 * the request stream with `aborted` (code ECONNRESET, the code a lost database connection has
 * too), and no handler, so no query, ever ran. Nobody is left to answer, and nothing failed here.
 */
export function bodyAbortedByClient(error: unknown, request: ReadRequest): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'ECONNRESET' && request.raw?.readableAborted === true && request.raw.complete === false;
}
