import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailable, RETRY_AFTER_SECONDS } from '../database/database-unavailable.js';
import type { ErrorEnvelope, FieldError } from './envelope.js';

const GENERIC_MESSAGES: Record<number, string> = {
  [HttpStatus.BAD_REQUEST]: 'The request is not valid.',
  [HttpStatus.UNAUTHORIZED]: 'Please sign in to continue.',
  [HttpStatus.FORBIDDEN]: 'You are not allowed to do that.',
  [HttpStatus.NOT_FOUND]: 'Not found.',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'The request is too large.',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Too many requests. Please wait a moment and try again.',
};
const UNEXPECTED = 'Something went wrong on our side. Please try again.';

/**
 * Turns every error, expected or not, into the `{ success: false, message }` envelope with an
 * honest status. Unexpected errors are logged with their stack and never leak details.
 */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const outage = databaseUnavailable(exception);
    if (outage) return this.answerDatabaseUnavailable(response, outage);
    const { status, body } = this.toEnvelope(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.headersSent) return;
    response.status(status).json(body);
  }

  /** The request was fine, the database was away: 503 and when to retry; no stack, query or parameters in the log. */
  private answerDatabaseUnavailable(response: Response, reason: string): void {
    this.logger.warn(`Database unavailable: ${reason}`);
    if (response.headersSent) return;
    response.status(HttpStatus.SERVICE_UNAVAILABLE).setHeader('Retry-After', String(RETRY_AFTER_SECONDS)).json({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
  }

  private toEnvelope(exception: unknown): { status: number; body: ErrorEnvelope } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return { status, body: envelopeFrom(exception.getResponse(), status) };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, message: UNEXPECTED } };
  }
}

function envelopeFrom(payload: string | object, status: number): ErrorEnvelope {
  const generic = GENERIC_MESSAGES[status] ?? (status >= 500 ? UNEXPECTED : 'The request could not be completed.');
  if (typeof payload === 'string') return { success: false, message: payload || generic };
  const { message, errors } = payload as { message?: unknown; errors?: FieldError[] };
  // Nest's own exceptions carry an English default ("Cannot GET /x") or a list of messages.
  const text = Array.isArray(message) ? String(message[0] ?? generic) : typeof message === 'string' ? message : generic;
  return errors?.length ? { success: false, message: text, errors } : { success: false, message: text };
}
