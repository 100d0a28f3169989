import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldError } from './envelope.js';

/**
 * Validates every body, query and parameter DTO: unknown fields are refused, values are
 * converted to their declared types, and the DTOs' own messages come back verbatim.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fieldErrors = flatten(errors);
      return new BadRequestException({ message: fieldErrors[0]?.message ?? 'The request is not valid.', errors: fieldErrors });
    },
  });
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
      field,
      message: constraint === 'whitelistValidation' ? `${field} is not an accepted field` : message,
    }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}
