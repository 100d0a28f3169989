import { HttpException, HttpStatus } from '@nestjs/common';

/** A 429 that knows when to try again; the envelope filter sends that as Retry-After. */
export class TooManyAttemptsException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(`Too many attempts. Please try again in ${describeWait(retryAfterSeconds)}.`, HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfterSeconds = Math.max(retryAfterSeconds, 1);
  }
}

function describeWait(seconds: number): string {
  if (seconds <= 60) return 'a minute';
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hour(s)`;
}
