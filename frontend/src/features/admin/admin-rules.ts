import { clientErrors, failureMessage, isApiError } from '../../api/base-api';
import type { AdminEvent, EventType, EventWithAdminStatus, StaffInCharge } from '../../api/types';
import type { Option } from '../../components/FormField';
import { fromCampusInput, toCampusInput } from '../../lib/campus-input';
import { staffPasswordError } from '../../lib/password-rules';
import { INSTITUTION_EMAIL_MESSAGE, isAtInstitution, isEmailAddress, nameError } from '../../lib/person-rules';
import { failing } from '../../lib/use-form';

/** The admin side's rules and messages (admin-side spec §5, §8). */

/** The ten clubs that run the festival's events (the server's EVENT_CLUBS). */
const EVENT_CLUBS = [
  'Blue Sky Forum',
  "Readers' Club",
  'Photography Club',
  'Dance Club',
  'Music Club',
  'Drama Club',
  'Tech Club',
  'Literary Club',
  'Sports Club',
  'Cultural Club',
] as const;

export const clubOptions: Option[] = EVENT_CLUBS.map((club) => ({ value: club, label: club }));

const TYPE_LABELS: Record<EventType, string> = {
  solo: 'Solo',
  group: 'Group (teams)',
  workshop: 'Workshop',
  competition: 'Competition',
  seminar: 'Seminar',
  other: 'Other',
};

export const typeOptions: Option[] = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));

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

// The event form

export const EVENT_NAME_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 1000;
const RULES_MAX = 20;
const RULE_MAX_LENGTH = 300;
const TEAM_SIZE_MAX = 20;

/** The form's fields as typed; yes-or-no ones hold 'true' or ''. */
export type EventValues = {
  name: string;
  event_type: string;
  clubInCharge: string;
  description: string;
  maxApplications: string;
  applicationDeadline: string;
  eventDate: string;
  venue: string;
  rules: string;
  minTeamSize: string;
  maxTeamSize: string;
  requiresApproval: string;
  hasGenderBasedTeams: string;
  maxBoyTeams: string;
  maxGirlTeams: string;
  coordinatorName: string;
  coordinatorDept: string;
  isActive: string;
};

export const EMPTY_EVENT: EventValues = {
  name: '',
  event_type: '',
  clubInCharge: '',
  description: '',
  maxApplications: '',
  applicationDeadline: '',
  eventDate: '',
  venue: '',
  rules: '',
  minTeamSize: '',
  maxTeamSize: '',
  requiresApproval: '',
  hasGenderBasedTeams: '',
  maxBoyTeams: '',
  maxGirlTeams: '',
  coordinatorName: '',
  coordinatorDept: '',
  isActive: 'true',
};

const flag = (value: boolean) => (value ? 'true' : '');
const numberText = (value: number | null) => (value === null ? '' : String(value));

/** An event's fields as the edit form starts from them. */
export function eventValues(event: AdminEvent): EventValues {
  return {
    name: event.name,
    event_type: event.event_type,
    clubInCharge: event.clubInCharge ?? '',
    description: event.description,
    maxApplications: numberText(event.maxApplications),
    applicationDeadline: toCampusInput(event.applicationDeadline),
    eventDate: toCampusInput(event.eventDate),
    venue: event.venue ?? '',
    rules: event.rules.join('\n'),
    minTeamSize: numberText(event.minTeamSize),
    maxTeamSize: numberText(event.maxTeamSize),
    requiresApproval: flag(event.requiresApproval),
    hasGenderBasedTeams: flag(event.hasGenderBasedTeams),
    maxBoyTeams: numberText(event.maxBoyTeams),
    maxGirlTeams: numberText(event.maxGirlTeams),
    coordinatorName: event.coordinatorName ?? '',
    coordinatorDept: event.coordinatorDept ?? '',
    isActive: event.isActive ? 'true' : 'false',
  };
}

const isWhole = (text: string) => /^\d+$/.test(text.trim());
const wholeOrNull = (text: string) => (text.trim() ? Number(text.trim()) : null);
const ruleLines = (rules: string) =>
  rules
    .split('\n')
    .map((rule) => rule.trim())
    .filter(Boolean);

export const isGroupEvent = (values: EventValues) => values.event_type === 'group';
export const isGenderBased = (values: EventValues) => isGroupEvent(values) && values.hasGenderBasedTeams === 'true';

function eventNameError(value: string): string | undefined {
  const name = value.trim();
  if (!name) return 'Event name is required';
  if (name.length < 3) return 'Event name must be at least 3 characters';
  return name.length > EVENT_NAME_MAX_LENGTH ? `Event name must be at most ${EVENT_NAME_MAX_LENGTH} characters` : undefined;
}

const maxApplicationsError = (text: string) =>
  !text.trim() || (isWhole(text) && Number(text) >= 1) ? undefined : 'Max applications must be a positive number';

/** A deadline must lie ahead when it is set or changed; one left as it was may have passed. */
function deadlineError(value: string, unchanged: string, now: number): string | undefined {
  if (!value || value === unchanged) return undefined;
  const at = fromCampusInput(value);
  return at && Date.parse(at) > now ? undefined : 'Application deadline must be in the future';
}

const teamSizeError = (text: string) =>
  !text.trim() || (isWhole(text) && Number(text) >= 1 && Number(text) <= TEAM_SIZE_MAX)
    ? undefined
    : `Team size must be a whole number from 1 to ${TEAM_SIZE_MAX}`;

function maxTeamSizeError(values: EventValues): string | undefined {
  const own = teamSizeError(values.maxTeamSize);
  if (own || teamSizeError(values.minTeamSize)) return own;
  const [min, max] = [wholeOrNull(values.minTeamSize), wholeOrNull(values.maxTeamSize)];
  return min !== null && max !== null && max < min ? 'Maximum team size must be at least the minimum' : undefined;
}

const teamLimitError = (text: string) => (!text.trim() || isWhole(text) ? undefined : 'Team limit must be zero or more');

function rulesError(rules: string): string | undefined {
  const lines = ruleLines(rules);
  if (lines.length > RULES_MAX) return `At most ${RULES_MAX} rules, one per line`;
  return lines.some((rule) => rule.length > RULE_MAX_LENGTH) ? `Each rule must be at most ${RULE_MAX_LENGTH} characters` : undefined;
}

interface EventRuleContext {
  /** A club admin's club is fixed, so only the super admin chooses one. */
  choosesClub: boolean;
  /** The deadline the event had (edit), which may stay even if passed. */
  savedDeadline: string;
  now: number;
}

export const eventErrors = (values: EventValues, { choosesClub, savedDeadline, now }: EventRuleContext) => {
  const group = isGroupEvent(values);
  const genderBased = isGenderBased(values);
  return failing<EventValues>({
    name: eventNameError(values.name),
    event_type: values.event_type ? undefined : 'Please select an event type',
    clubInCharge: choosesClub && !values.clubInCharge ? 'Please select a club' : undefined,
    description: values.description.length > DESCRIPTION_MAX_LENGTH ? 'Description must not exceed 1000 characters' : undefined,
    maxApplications: maxApplicationsError(values.maxApplications),
    applicationDeadline: deadlineError(values.applicationDeadline, savedDeadline, now),
    rules: rulesError(values.rules),
    minTeamSize: group ? teamSizeError(values.minTeamSize) : undefined,
    maxTeamSize: group ? maxTeamSizeError(values) : undefined,
    maxBoyTeams: genderBased ? teamLimitError(values.maxBoyTeams) : undefined,
    maxGirlTeams: genderBased ? teamLimitError(values.maxGirlTeams) : undefined,
  });
};

export const STAFF_REQUIRED = 'Please select at least one staff in-charge';

/** What the form sends for its values; a club admin's club is the server's to decide, so it is left out. */
export function eventPayload(values: EventValues, staff: StaffInCharge[], choosesClub: boolean) {
  const group = isGroupEvent(values);
  const genderBased = isGenderBased(values);
  return {
    name: values.name.trim(),
    event_type: values.event_type,
    ...(choosesClub && { clubInCharge: values.clubInCharge }),
    description: values.description.trim(),
    staff_incharges: staff,
    isActive: values.isActive === 'true',
    maxApplications: wholeOrNull(values.maxApplications),
    applicationDeadline: fromCampusInput(values.applicationDeadline),
    eventDate: fromCampusInput(values.eventDate),
    venue: values.venue.trim(),
    rules: ruleLines(values.rules),
    minTeamSize: group ? wholeOrNull(values.minTeamSize) : null,
    maxTeamSize: group ? wholeOrNull(values.maxTeamSize) : null,
    requiresApproval: values.requiresApproval === 'true',
    hasGenderBasedTeams: genderBased,
    maxBoyTeams: genderBased ? wholeOrNull(values.maxBoyTeams) : null,
    maxGirlTeams: genderBased ? wholeOrNull(values.maxGirlTeams) : null,
    coordinatorName: values.coordinatorName.trim(),
    coordinatorDept: values.coordinatorDept.trim(),
  };
}

/** The fields of `next` that differ from `saved`: an update sends only what was changed. */
export function changedFields<T extends object>(next: T, saved: T): Partial<T> {
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(saved[key as keyof T]))) as Partial<T>;
}
