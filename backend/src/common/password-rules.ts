// The password rules: their one home, read by the forms' fields, the services and the configuration.

import type { Role } from '../database/schema/users.js';

/** Accepted special characters for a changed password, as the spec lists them. */
const SPECIAL = /[!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?]/;

/**
 * The password rules, each with its checks in the order they are reported:
 * - `signUp`: a student's sign-up and reset, 6 or more characters;
 * - `change`: the change-password rule, 6 or more with a letter, a digit and a special character;
 * - `admin`: a staff account's (club admin or super admin, admin-side §5), 8 or more with a lowercase and an uppercase
 *   letter and a digit: at invitation acceptance, reset, change and the super admin's creation alike.
 */
export const PASSWORD_RULES = {
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

export type PasswordRule = keyof typeof PASSWORD_RULES;

/** The first check of `rule` the password fails, as its message; undefined when it meets the rule. */
export function passwordProblem(rule: PasswordRule, password: string): string | undefined {
  return PASSWORD_RULES[rule].checks.find(({ test }) => !test(password))?.message;
}

export type StudentPasswordRule = Exclude<PasswordRule, 'admin'>;

/** The rule of an account's new password: a student's is the path's own, staff (club admins and super admins) keep the admin rule on every path. */
export const accountPasswordRule = (role: Role, studentRule: StudentPasswordRule): PasswordRule => (role === 'student' ? studentRule : 'admin');
