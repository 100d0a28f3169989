import { clientErrors, failureMessage, isApiError } from '../../api/base-api';
import type { EventWithAdminStatus } from '../../api/types';
import type { Option } from '../../components/FormField';
import { staffPasswordError } from '../../lib/password-rules';
import { INSTITUTION_EMAIL_MESSAGE, isAtInstitution, isEmailAddress, nameError } from '../../lib/person-rules';
import { failing } from '../../lib/use-form';

/** Inviting a club admin and accepting the invitation: the rules and messages (admin-side spec §5, §8). */

// Invitations

export type InviteValues = { email: string; club: string; eventId: string };

/** An event in the invitation form: one that has an admin or an invitation says whose, and cannot be chosen. */
export function inviteEventOption({ _id, name, adminStatus }: EventWithAdminStatus): Option {
  if (adminStatus.status === 'pending') return { value: _id, label: `${name} — invited: ${adminStatus.inviteEmail ?? 'pending'}`, disabled: true };
  if (adminStatus.status === 'assigned') return { value: _id, label: `${name} — admin: ${adminStatus.adminEmail ?? 'assigned'}`, disabled: true };
  return { value: _id, label: name };
}

function inviteEmailError(email: string, domain: string | undefined): string | undefined {
  if (!email.trim()) return 'Email is required';
  if (!isEmailAddress(email)) return 'Invalid email address';
  return isAtInstitution(email, domain) ? undefined : INSTITUTION_EMAIL_MESSAGE;
}

export const inviteErrors = (values: InviteValues, domain: string | undefined, events: EventWithAdminStatus[]) => {
  const event = events.find(({ _id }) => _id === values.eventId);
  return failing<InviteValues>({
    email: inviteEmailError(values.email, domain),
    club: values.club ? undefined : 'Please select a club',
    eventId: !values.eventId
      ? 'Please select an event'
      : event && event.adminStatus.status !== 'available'
        ? 'This event already has an admin assigned'
        : undefined,
  });
};

/** The spec's §8 wording for a refused invitation. */
export function inviteFailureText(error: unknown): string {
  if (isApiError(error) && error.status === null && error.message === clientErrors.network) return 'Network error. Please try again.';
  const message = failureMessage(error, 'Failed to send invitation');
  if (/already exists/i.test(message)) return 'User with this email already exists';
  if (/already sent/i.test(message)) return 'Invitation already sent for this email and event';
  return message;
}

// Accepting an invitation

/** The departments of the older accept form (admin-side §3, the server's ADMIN_DEPARTMENTS); Staff unless another is chosen. */
const ADMIN_DEPARTMENTS = ['CSE', 'IT', 'ECE', 'EEE', 'MECH', 'CIVIL', 'CHEM', 'BME', 'Staff'] as const;
export const adminDepartmentOptions: Option[] = ADMIN_DEPARTMENTS.map((dept) => ({ value: dept, label: dept }));

/**
 * Both accept forms' fields: the newer form (/admin/invite/{token}) sends the first four; the older
 * one (/admin/signup/{token}) also the department and the invitation's club.
 */
export type AcceptValues = { name: string; password: string; confirmPassword: string; gender: string; dept: string; club: string };
export type AcceptFormKind = 'newer' | 'older';

const adminPasswordError = (password: string): string | undefined => (password ? staffPasswordError(password) : 'Password is required');

/** Each form's own words for the confirmation (admin-side §5); the password rule is the staff rule in both, as the server's. */
function confirmationError({ password, confirmPassword }: AcceptValues, kind: AcceptFormKind): string | undefined {
  if (kind === 'newer') return !confirmPassword || confirmPassword !== password ? 'Passwords must match' : undefined;
  if (!confirmPassword) return 'Please confirm your password';
  return confirmPassword !== password ? 'Passwords do not match' : undefined;
}

export const acceptErrors = (kind: AcceptFormKind) => (values: AcceptValues) =>
  failing<AcceptValues>({
    name: nameError(values.name),
    password: adminPasswordError(values.password),
    confirmPassword: confirmationError(values, kind),
    gender: values.gender ? undefined : 'Gender is required',
  });
