import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { ErrorEnvelope, FieldError } from './envelope.js';
import { TooManyAttemptsException } from './too-many-attempts.exception.js';

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
    const { status, body } = this.toEnvelope(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.headersSent) return;
    if (exception instanceof TooManyAttemptsException) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(status).json(body);
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
  const { message, errors, details } = payload as { message?: unknown; errors?: FieldError[]; details?: Record<string, unknown> };
  // Nest's own exceptions carry an English default ("Cannot GET /x") or a list of messages.
  const text = Array.isArray(message) ? String(message[0] ?? generic) : typeof message === 'string' ? message : generic;
  // `details` are flags a client acts on (a verification link asking for the password).
  const body: ErrorEnvelope = { ...details, success: false, message: text };
  return errors?.length ? { ...body, errors } : body;
}
