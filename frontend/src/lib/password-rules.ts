// The password rules more than one feature shows: the staff rule and the shape of a checklist's items.

/** One requirement of a new password, as a checklist shows it. */
export interface PasswordCheck {
  label: string;
  test: (password: string) => boolean;
}

/**
 * The staff rule (admin-side spec, the newer accept form; the server's `admin` rule): club admins'
 * and super admins' passwords, on accepting an invitation, on a reset and on a change alike.
 */
export const STAFF_PASSWORD_CHECKS: PasswordCheck[] = [
  { label: 'At least 8 characters', test: (password) => password.length >= 8 },
  { label: 'A lowercase letter', test: (password) => /[a-z]/.test(password) },
  { label: 'An uppercase letter', test: (password) => /[A-Z]/.test(password) },
  { label: 'A digit', test: (password) => /\d/.test(password) },
];

/** Why a staff password fails the rule, in the server's words; undefined when it meets it. */
export function staffPasswordError(password: string): string | undefined {
  if (password.length < 8) return 'Password must be at least 8 characters';
  return STAFF_PASSWORD_CHECKS.every(({ test }) => test(password)) ? undefined : 'Password must contain a lowercase letter, an uppercase letter and a digit';
}
