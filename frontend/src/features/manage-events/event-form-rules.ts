import type { AdminEvent, EventType, RequestBody, StaffInCharge } from '../../api/types';
import type { Option } from '../../components/FormField';
import { fromCampusInput, toCampusInput } from '../../lib/campus-input';
import { failing } from '../../lib/use-form';

/** The event form's rules and messages (admin-side spec §5, §8). */

const TYPE_LABELS: Record<EventType, string> = {
  solo: 'Solo',
  group: 'Group (teams)',
  workshop: 'Workshop',
  competition: 'Competition',
  seminar: 'Seminar',
  other: 'Other',
};

export const typeOptions: Option[] = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));

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
  eventEndDate: string;
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
  eventEndDate: '',
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
    eventEndDate: toCampusInput(event.eventEndDate),
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

/** An earlier festival's event as Create Event starts from it: its details, with no dates (the new festival sets them). */
export function copiedValues(event: AdminEvent): EventValues {
  return { ...eventValues(event), applicationDeadline: '', eventDate: '', eventEndDate: '' };
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

/** An end needs the event's date, and comes after it. */
function eventEndError({ eventDate, eventEndDate }: EventValues): string | undefined {
  if (!eventEndDate) return undefined;
  const [start, end] = [fromCampusInput(eventDate), fromCampusInput(eventEndDate)];
  if (!start) return 'Set the event date before its end';
  return end && Date.parse(end) > Date.parse(start) ? undefined : 'Event end must be after the event date';
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
    eventEndDate: eventEndError(values),
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
    // The form's rules let only a listed type and one of the clubs' names through.
    event_type: values.event_type as EventType,
    ...(choosesClub && { clubInCharge: values.clubInCharge as RequestBody<'/admin/events', 'post'>['clubInCharge'] }),
    description: values.description.trim(),
    staff_incharges: staff,
    isActive: values.isActive === 'true',
    maxApplications: wholeOrNull(values.maxApplications),
    applicationDeadline: fromCampusInput(values.applicationDeadline),
    eventDate: fromCampusInput(values.eventDate),
    eventEndDate: fromCampusInput(values.eventEndDate),
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

/** What Create Event hands Manage Events in the history entry it opens: the event just saved, to mark and focus. */
export interface SavedEventState {
  savedEventId: string;
}
