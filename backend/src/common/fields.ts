import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, ValidateBy } from 'class-validator';
import { PASSWORD_RULES, type PasswordRule, type StudentPasswordRule } from './password-rules.js';

// applyDecorators registers its decorators first to last and class-validator reports the first
// failure in that order, so each field lists "required" first and the most specific rule last.

/** Trims a string field before it is validated. */
export const Trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * Trimmed, with every run of white space inside (a double space, a no-break space, a tab) made one
 * space: for names that must be unique, so "Tech  Quiz" and "Tech Quiz" are one name.
 */
export const SingleSpaced = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/gu, ' ').trim() : value));

/** Refuses a text in which `pattern` occurs, with `message`. */
export const refusing = (name: string, pattern: RegExp, message: string) =>
  ValidateBy({ name, validator: { validate: (value) => typeof value !== 'string' || !pattern.test(value), defaultMessage: () => message } });

/** Required (`label` names the field in that message) and at most 128 characters (Argon2 hashes whatever it is given). */
const NewPasswordBase = (label: string) =>
  [
    IsNotEmpty({ message: `${label} is required` }),
    IsString({ message: `${label} is required` }),
    MaxLength(128, { message: 'Password must be at most 128 characters' }),
  ] as const;

/** A new password: the base checks and those of its `rule`. */
export const PasswordField = ({ label = 'Password', rule = 'signUp' }: { label?: string; rule?: PasswordRule } = {}) =>
  applyDecorators(
    ...NewPasswordBase(label),
    ...PASSWORD_RULES[rule].checks.map(({ message, test }, i) =>
      ValidateBy({ name: `password_${rule}_${i}`, validator: { validate: (value: unknown) => typeof value === 'string' && test(value) } }, { message }),
    ),
    ApiProperty({ description: PASSWORD_RULES[rule].description, minLength: PASSWORD_RULES[rule].minLength, maxLength: 128 }),
  );

/**
 * A new password of an existing account, whose rule depends on who it is: `studentRule` for a
 * student, the admin rule for staff (club admins and super admins keep the admin side's rule on
 * every path). The field checks the base; the service checks the rule (`accountPasswordRule`)
 * once it knows the account.
 */
export const AccountPasswordField = ({ label = 'Password', studentRule }: { label?: string; studentRule: StudentPasswordRule }) =>
  applyDecorators(
    ...NewPasswordBase(label),
    ApiProperty({
      description: `For a student: ${PASSWORD_RULES[studentRule].description}. For a club admin or super admin: ${PASSWORD_RULES.admin.description}`,
      minLength: PASSWORD_RULES[studentRule].minLength,
      maxLength: 128,
    }),
  );
