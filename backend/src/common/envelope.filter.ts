import { STATUS_CODES } from 'node:http';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailable, RETRY_AFTER_SECONDS } from '../database/database-unavailable.js';
import type { ErrorEnvelope, FieldError } from './envelope.js';
import { describeForLog } from './error-log.js';
import { bodyAbortedByClient } from './json-body.js';
import { TooManyAttemptsException } from './too-many-attempts.exception.js';

const GENERIC_MESSAGES: Record<number, string> = {
  [HttpStatus.BAD_REQUEST]: 'The request is not valid.',
  [HttpStatus.UNAUTHORIZED]: 'Please sign in to continue.',
  [HttpStatus.FORBIDDEN]: 'You are not allowed to do that.',
  [HttpStatus.NOT_FOUND]: 'Not found.',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'The request is too large.',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'Please send the request as JSON in UTF-8 (Content-Type: application/json).',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Too many requests. Please wait a moment and try again.',
};
const UNEXPECTED = 'Something went wrong on our side. Please try again.';
const SERVICE_UNAVAILABLE: number = HttpStatus.SERVICE_UNAVAILABLE;
const DATABASE_AWAY: ErrorEnvelope = { success: false, message: DATABASE_UNAVAILABLE_MESSAGE };

/**
 * What Nest and Fastify say on their own: status texts ('Not Found'), the router's
 * 'Cannot GET /path' (which would echo a token in the path), pipes' 'Validation failed (...)'
 * and a refusing guard's 'Forbidden resource'. The product's own texts never look like these.
 */
const REASON_PHRASES: ReadonlySet<string | undefined> = new Set([...Object.values(STATUS_CODES), 'Forbidden resource', 'Internal server error']);
const FRAMEWORK_TEXT = /^(Cannot [A-Z]+ \/|Validation failed\b)/;

/**
 * Turns every error, expected or not, into the `{ success: false, message }` envelope with an
 * honest status. Unexpected errors are logged with their stack and never leak details.
 */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (bodyAbortedByClient(exception, host.switchToHttp().getRequest())) {
      // The client went away mid-body: a debug note, no outage (no 503, no Retry-After), and a plain 400 for the request log.
      this.logger.debug({ msg: 'Client closed the connection before its request body arrived', requestId: requestIdOf(host) });
      this.adapterHost.httpAdapter.reply(host.switchToHttp().getResponse(), genericEnvelope(HttpStatus.BAD_REQUEST), HttpStatus.BAD_REQUEST);
      return;
    }
    const outage = databaseUnavailable(exception);
    // The request was fine, the database was away: no stack, query or parameters in the log.
    if (outage) this.logger.warn(`Database unavailable: ${outage}`);
    const { status, body } = outage ? { status: HttpStatus.SERVICE_UNAVAILABLE, body: DATABASE_AWAY } : this.toEnvelope(exception);
    // With the request's id, as its request log line has it, so the two can be put together.
    if (status >= 500 && status !== SERVICE_UNAVAILABLE) this.logger.error({ msg: describeForLog(exception), requestId: requestIdOf(host) });
    const adapter = this.adapterHost.httpAdapter;
    const response: unknown = host.switchToHttp().getResponse();
    if (adapter.isHeadersSent(response)) return;
    // Every 503 is a moment's absence (the database, or a readiness probe): it says when to come back.
    const retryAfter = exception instanceof TooManyAttemptsException ? exception.retryAfterSeconds : status === SERVICE_UNAVAILABLE && RETRY_AFTER_SECONDS;
    if (retryAfter) adapter.setHeader(response, 'Retry-After', String(retryAfter));
    adapter.reply(response, body, status);
  }

  private toEnvelope(exception: unknown): { status: number; body: ErrorEnvelope } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return { status, body: envelopeFrom(exception, status) };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, message: UNEXPECTED } };
  }
}

function requestIdOf(host: ArgumentsHost): unknown {
  return host.switchToHttp().getRequest<{ id?: unknown }>().id;
}

/** The product's own words for a status, for answers whose cause has none to give. */
export function genericEnvelope(status: number): ErrorEnvelope {
  return { success: false, message: GENERIC_MESSAGES[status] ?? (status >= 500 ? UNEXPECTED : 'The request could not be completed.') };
}

function envelopeFrom(exception: HttpException, status: number): ErrorEnvelope {
  const generic = genericEnvelope(status).message;
  if (isHttpLayerError(exception.cause)) return { success: false, message: generic };
  const payload = exception.getResponse();
  const { message, errors, details } = (typeof payload === 'string' ? { message: payload } : payload) as {
    message?: unknown;
    errors?: FieldError[];
    details?: Record<string, unknown>;
  };
  // A ValidationPipe of Nest's own lists its messages; ours sets one message and `errors`.
  const first: unknown = Array.isArray(message) ? message[0] : message;
  const text = typeof first === 'string' && first && !isFrameworkText(first) ? first : generic;
  // `details` are flags a client acts on (a verification link asking for the password, or used already).
  const body: ErrorEnvelope = { ...details, success: false, message: text };
  return errors?.length ? { ...body, errors } : body;
}

/**
 * The HTTP adapter wraps Fastify's own errors (a body too large, a content type without a
 * parser, a broken percent escape) in an HttpException, with the original, which carries an
 * HTTP status of its own, as cause. Their messages are the framework's, never the product's.
 */
function isHttpLayerError(cause: unknown): boolean {
  if (!(cause instanceof Error) || cause instanceof HttpException) return false;
  const { status, statusCode } = cause as { status?: unknown; statusCode?: unknown };
  return typeof status === 'number' || typeof statusCode === 'number';
}

function isFrameworkText(text: string): boolean {
  return REASON_PHRASES.has(text) || FRAMEWORK_TEXT.test(text);
}
