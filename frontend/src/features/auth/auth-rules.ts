import type { Role } from '../../api/types';
import { type PasswordCheck, STAFF_PASSWORD_CHECKS } from '../../lib/password-rules';
import { INSTITUTION_EMAIL_MESSAGE, isAtInstitution, isEmailAddress, personErrors } from '../../lib/person-rules';
import { failing } from '../../lib/use-form';

/** The account forms' rules and messages (student-side spec §5). */

/** The server's limit, also set on the input so it is met while typing rather than learned from a refusal. */
export const ROLL_NUMBER_MAX_LENGTH = 20;

/** E-mail rule of every account form: an address at the institution's domain. */
export function emailError(email: string, domain: string | undefined): string | undefined {
  if (!email.trim()) return 'Email is required';
  return isEmailAddress(email) && isAtInstitution(email, domain) ? undefined : INSTITUTION_EMAIL_MESSAGE;
}

type SignInValues = { email: string; password: string };

export const signInErrors = (values: SignInValues, domain: string | undefined) =>
  failing<SignInValues>({
    email: emailError(values.email, domain),
    password: !values.password ? 'Password is required' : values.password.length <= 3 ? 'Password cannot be less than 4 characters.' : undefined,
  });

type ForgotValues = { email: string };

export const forgotErrors = (values: ForgotValues, domain: string | undefined) => failing<ForgotValues>({ email: emailError(values.email, domain) });

/** New password (6 or more) and its confirmation, as sign-up and reset share them. */
const newPasswordError = (password: string) =>
  !password ? 'Password is required' : password.length < 6 ? 'Password must be at least 6 characters' : undefined;

const confirmationError = (password: string, confirm: string) =>
  !confirm ? 'Please confirm your password' : confirm !== password ? 'Passwords do not match' : undefined;

export type SignUpValues = {
  name: string;
  year: string;
  dept: string;
  email: string;
  rollNumber: string;
  gender: string;
  password: string;
  confirmPassword: string;
};

/** A roll number as the server stores it: one Unicode form, trimmed, ASCII letters upper-cased. */
export const normaliseRollNumber = (rollNumber: string) =>
  rollNumber
    .normalize('NFC')
    .trim()
    .replace(/[a-z]+/g, (letters) => letters.toUpperCase());

function rollNumberError(value: string): string | undefined {
  const rollNumber = normaliseRollNumber(value);
  if (!rollNumber) return 'Roll number is required';
  if (rollNumber.length > ROLL_NUMBER_MAX_LENGTH) return `Roll number must be at most ${ROLL_NUMBER_MAX_LENGTH} characters`;
  if (!/^[A-Z0-9/-]*$/.test(rollNumber)) return 'Roll number may contain only letters, digits, hyphens and slashes';
  return /^[A-Z0-9]/.test(rollNumber) ? undefined : 'Roll number must start with a letter or a digit';
}

export const signUpErrors = (values: SignUpValues, domain: string | undefined) =>
  failing<SignUpValues>({
    ...personErrors(values),
    email: emailError(values.email, domain),
    rollNumber: rollNumberError(values.rollNumber),
    password: newPasswordError(values.password),
    confirmPassword: confirmationError(values.password, values.confirmPassword),
  });

type ResetValues = { password: string; confirmPassword: string };

export const resetErrors = (values: ResetValues) =>
  failing<ResetValues>({ password: newPasswordError(values.password), confirmPassword: confirmationError(values.password, values.confirmPassword) });

/** The accepted special characters: ! @ # $ % ^ & * ( ) _ + - = [ ] { } ; ' : " \ | , . < > / ? */
const SPECIAL = /[!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?]/;

/** The change-password checklist, in the order it is shown. */
export const PASSWORD_CHECKS: PasswordCheck[] = [
  { label: 'At least 6 characters', test: (password) => password.length >= 6 },
  { label: 'Contains letters', test: (password) => /[A-Za-z]/.test(password) },
  { label: 'Contains numbers', test: (password) => /\d/.test(password) },
  { label: 'Contains special characters', test: (password) => SPECIAL.test(password) },
];

type ChangePasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

export const changePasswordErrors = (values: ChangePasswordValues) =>
  failing<ChangePasswordValues>({
    // The new password and its confirmation are checked by changePasswordBlock, with the spec's own messages.
    currentPassword: values.currentPassword ? undefined : 'Current password is required',
  });

/** The inline note under the confirmation while it differs from the new password. */
export const confirmationMismatch = ({ newPassword, confirmPassword }: ChangePasswordValues) =>
  confirmPassword && confirmPassword !== newPassword ? 'Passwords do not match' : undefined;

/** The change-password checklist of the signed-in account: the staff rule for club admins and super admins, as the server applies it. */
export const changePasswordChecks = (role: Role | undefined): PasswordCheck[] => (role && role !== 'student' ? STAFF_PASSWORD_CHECKS : PASSWORD_CHECKS);

/** Why a change-password submission is blocked by the account's checklist, or undefined when it may go. */
export function changePasswordBlock({ newPassword, confirmPassword }: ChangePasswordValues, checks: readonly PasswordCheck[]): string | undefined {
  if (!checks.every((check) => check.test(newPassword))) return 'Please ensure your new password meets all requirements';
  if (newPassword !== confirmPassword) return 'New passwords do not match';
  return undefined;
}

/** The reset-request view styles its message by what it says, as the spec describes. */
export const resetRequestTone = (message: string): 'success' | 'error' => (/sent|success/i.test(message) ? 'success' : 'error');
