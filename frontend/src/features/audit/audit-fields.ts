import type { EventType, Role } from '../../api/types';
import { EVENT_TYPE_LABELS, ROLE_LABELS } from '../../components/labels';
import { formatDateTime } from '../../lib/dates';
import { yearLabel } from '../../lib/person-rules';

/** How the audit trail names a recorded field and words its values: as the form that changed it does. */
interface FieldView {
  label: string;
  /** The field's own words for a value; the general ones (dates, yes/no, lists) otherwise. */
  value?: (value: unknown) => string | undefined;
}

/** The server's instants (deadlines, event dates) as the API writes them. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const MESSAGE_AUDIENCE_LABELS: Record<string, string> = { registrants: 'Registrants', waitlist: 'Waitlist', everyone: 'Registrants and waitlist' };

const noLimit = (value: unknown) => (value === null ? 'No limit' : undefined);
const capitalised = (value: unknown) => (typeof value === 'string' && value ? value[0].toUpperCase() + value.slice(1) : undefined);

const FIELDS: Record<string, FieldView> = {
  name: { label: 'Event name' },
  event_type: { label: 'Event type', value: (value) => EVENT_TYPE_LABELS[value as EventType] },
  clubInCharge: { label: 'Club in charge' },
  description: { label: 'Description' },
  staff_incharges: { label: 'Staff in-charge' },
  isActive: { label: 'Status', value: (value) => (value ? 'Active' : 'Inactive') },
  maxApplications: { label: 'Max applications', value: (value) => (value === null ? 'Unlimited' : undefined) },
  applicationDeadline: { label: 'Application deadline' },
  eventDate: { label: 'Event date' },
  eventEndDate: { label: 'Event end' },
  venue: { label: 'Venue' },
  rules: { label: 'Rules' },
  minTeamSize: { label: 'Minimum team size' },
  maxTeamSize: { label: 'Maximum team size' },
  requiresApproval: { label: 'Registrations need approval' },
  hasGenderBasedTeams: { label: "Separate limits for boys' and girls' teams" },
  maxBoyTeams: { label: "Boys' teams at most", value: noLimit },
  maxGirlTeams: { label: "Girls' teams at most", value: noLimit },
  coordinatorName: { label: 'Coordinator name' },
  coordinatorDept: { label: 'Coordinator department' },
  role: { label: 'Role', value: (value) => ROLE_LABELS[value as Role] },
  club: { label: 'Club' },
  // The record keeps the event's id, not its name: whether the admin runs one is what it tells.
  assignedEventId: { label: 'Runs an event', value: (value) => (value ? 'Yes' : 'No') },
  status: { label: 'Status', value: capitalised },
  reason: { label: 'Reason' },
  // An organiser's message (the message dialog's words).
  audience: { label: 'Sent to', value: (value) => MESSAGE_AUDIENCE_LABELS[value as string] },
  subject: { label: 'Subject' },
  recipients: { label: 'People reached' },
  winners: { label: 'Winners' },
  clubName: { label: 'Club name' },
  // A student's profile (the profile page's labels).
  fullName: { label: 'Full name' },
  dept: { label: 'Department' },
  year: { label: 'Year', value: (value) => (typeof value === 'string' && value ? yearLabel(value) : undefined) },
  gender: { label: 'Gender' },
  // The festival's settings (the settings page's labels).
  festivalName: { label: 'Festival name' },
  tagline: { label: 'Tagline' },
  firstDay: { label: 'First day' },
  lastDay: { label: 'Last day' },
  registrationOpensAt: { label: 'Registration opens' },
  registrationClosesAt: { label: 'Registration closes', value: (value) => (value === null ? "At each event's deadline" : undefined) },
  maxRegistrationsPerStudent: { label: 'Cap per student', value: (value) => (value === 0 ? 'No cap' : undefined) },
  clashCheck: { label: 'Clash check', value: (value) => (value ? 'On' : 'Off') },
  eventLengthMinutes: { label: 'Event length (minutes)' },
  waitlistOfferHours: { label: 'Waitlist hold (hours)' },
  lead: { label: 'About: lead' },
  accreditation: { label: 'Accreditation' },
  undergraduateProgrammes: { label: 'Undergraduate programmes' },
  postgraduateProgrammes: { label: 'Postgraduate programmes' },
  vision: { label: 'Vision' },
  mission: { label: 'Mission' },
  contactEmail: { label: 'Contact e-mail' },
  contactPhone: { label: 'Contact phone' },
  contactNote: { label: 'Contact note' },
  institutionName: { label: 'Institution name' },
  signatories: { label: 'Certificate signatories' },
  participation: { label: 'Participation certificates' },
  merit: { label: 'Merit certificates' },
  revokedReason: { label: 'Reason' },
  studentName: { label: 'Name on the certificate' },
  code: { label: 'Certificate code' },
};

/** The field as its form labels it; a field recorded before this table knew it keeps its name. */
export const fieldLabel = (field: string): string => FIELDS[field]?.label ?? field;

/**
 * A recorded value in words: the field's own (an empty capacity is "Unlimited"), else dates in
 * campus time, yes/no, lists item by item. `absent` is the side of a creation or a deletion that
 * had no event at all, which says nothing whatever the field.
 */
export function fieldValue(field: string, value: unknown, absent = false): string {
  if (absent) return '—';
  return FIELDS[field]?.value?.(value ?? null) ?? valueText(value);
}

/**
 * A changed value as a reader says it: nothing, yes or no, an instant in campus time, a list
 * item by item (people by name), the text itself, or else the data written out.
 */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return formatDateTime(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(itemText).join('; ');
  return JSON.stringify(value);
}

/** One item of a listed value: a person (a staff in-charge) by name, anything else as a value. */
const itemText = (item: unknown): string =>
  typeof item === 'object' && item !== null && 'name' in item && typeof item.name === 'string' ? item.name : valueText(item);
