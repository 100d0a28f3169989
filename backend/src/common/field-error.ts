import { BadRequestException, ConflictException } from '@nestjs/common';

/** A refusal about one form field, in the envelope's shape: the message, and the field that shows it. */
export function fieldError(field: string, message: string, status: 400 | 409 = 400): BadRequestException | ConflictException {
  const body = { message, errors: [{ field, message }] };
  return status === 400 ? new BadRequestException(body) : new ConflictException(body);
}
