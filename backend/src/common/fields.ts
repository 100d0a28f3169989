import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, ValidateBy } from 'class-validator';

// applyDecorators registers its decorators first to last and class-validator reports the first
// failure in that order, so each field lists "required" first and the most specific rule last.

/** Trims a string field before it is validated. */
export const Trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * Trimmed, with every run of white space inside (a double space, a no-break space, a tab) made one
 * space: for names that must be unique, so "Tech  Quiz" and "Tech Quiz" are one name.
 */
export const SingleSpaced = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/gu, ' ').trim() : value));

/** Accepted special characters for a changed password, as the spec lists them. */
const SPECIAL = /[!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?]/;

/**
 * The password rules, each with its checks in the order they are reported:
 * - `signUp`: a student's sign-up and reset, 6 or more characters;
 * - `change`: the change-password rule, 6 or more with a letter, a digit and a special character;
 * - `admin`: a club admin's account (admin-side §5), 8 or more with a lowercase and an uppercase letter and a digit.
 */
const PASSWORD_RULES = {
  signUp: {
    description: '6 or more characters',
    minLength: 6,
    checks: [{ message: 'Password must be at least 6 characters', test: (p: string) => p.length >= 6 }],
  },
  change: {
    description: '6 or more characters with a letter, a digit and a special character',
    minLength: 6,
    checks: [
      {
        message: 'Please ensure your new password meets all requirements',
        test: (p: string) => p.length >= 6 && /[A-Za-z]/.test(p) && /\d/.test(p) && SPECIAL.test(p),
      },
    ],
  },
  admin: {
    description: '8 or more characters with a lowercase letter, an uppercase letter and a digit',
    minLength: 8,
    checks: [
      { message: 'Password must be at least 8 characters', test: (p: string) => p.length >= 8 },
      {
        message: 'Password must contain a lowercase letter, an uppercase letter and a digit',
        test: (p: string) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p),
      },
    ],
  },
} as const;

type PasswordRule = keyof typeof PASSWORD_RULES;

/**
 * A new password: required (`label` names the field in that message), at most 128 characters
 * (Argon2 hashes whatever it is given), and the checks of its `rule`.
 */
export const PasswordField = ({ label = 'Password', rule = 'signUp' }: { label?: string; rule?: PasswordRule } = {}) =>
  applyDecorators(
    IsNotEmpty({ message: `${label} is required` }),
    IsString({ message: `${label} is required` }),
    MaxLength(128, { message: 'Password must be at most 128 characters' }),
    ...PASSWORD_RULES[rule].checks.map(({ message, test }, i) =>
      ValidateBy({ name: `password_${rule}_${i}`, validator: { validate: (value: unknown) => typeof value === 'string' && test(value) } }, { message }),
    ),
    ApiProperty({ description: PASSWORD_RULES[rule].description, minLength: PASSWORD_RULES[rule].minLength, maxLength: 128 }),
  );
