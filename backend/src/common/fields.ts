import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, MinLength, ValidateBy } from 'class-validator';

// applyDecorators registers its decorators first to last and class-validator reports the first
// failure in that order, so each field lists "required" first and the most specific rule last.

/** Trims a string field before it is validated. */
export const Trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Accepted special characters for a changed password, as the spec lists them. */
const SPECIAL = /[!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?]/;

/** The change-password rule: 6 or more characters with a letter, a digit and a special character. */
function isStrongPassword(password: string): boolean {
  return password.length >= 6 && /[A-Za-z]/.test(password) && /\d/.test(password) && SPECIAL.test(password);
}

/**
 * A new password: required (`label` names the field in that message), at most 128 characters
 * (Argon2 hashes whatever it is given), and either 6 or more characters (sign-up, reset) or,
 * `strong`, the change-password rule.
 */
export const PasswordField = ({ label = 'Password', strong = false }: { label?: string; strong?: boolean } = {}) =>
  applyDecorators(
    IsNotEmpty({ message: `${label} is required` }),
    IsString({ message: `${label} is required` }),
    ...(strong ? [] : [MinLength(6, { message: 'Password must be at least 6 characters' })]),
    MaxLength(128, { message: 'Password must be at most 128 characters' }),
    ...(strong
      ? [
          ValidateBy(
            { name: 'strongPassword', validator: { validate: (value: unknown) => typeof value === 'string' && isStrongPassword(value) } },
            { message: 'Please ensure your new password meets all requirements' },
          ),
        ]
      : []),
    ApiProperty(strong ? { description: '6 or more characters with a letter, a digit and a special character' } : { minLength: 6 }),
  );
