import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES, type EventRow, type EventType, type StaffInCharge } from '../database/schema/events.js';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../database/schema/registrations.js';
import { seatsLeft } from './seat-rule.js';

/** What an event answer shows of the signed-in student's own registration for it (supplied by the registrations module). */
export interface StudentParticipation {
  appliedAt: Date;
  status: RegistrationStatus;
}

class StaffInChargeResponse implements StaffInCharge {
  @ApiProperty({ type: String, nullable: true }) adminId: string | null;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() club: string;
}

class ApplicationResponse {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ format: 'date-time' }) appliedAt: string;
}

/**
 * An event as both specs read it. Several fields appear under two names because the client
 * reads either (`event_date`/`eventDate`, `maxApplications`/`max_participants`, ...).
 */
export class EventResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) event_id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: EVENT_TYPES }) event_type: EventType;
  @ApiProperty({ type: String, nullable: true }) clubInCharge: string | null;
  @ApiProperty({ type: [StaffInChargeResponse] }) staff_incharges: StaffInCharge[];
  @ApiProperty({ type: [String] }) rules: string[];
  @ApiProperty({ type: Number, nullable: true }) minTeamSize: number | null;
  @ApiProperty({ type: Number, nullable: true }) maxTeamSize: number | null;
  @ApiProperty({ format: 'date-time', description: 'The event date, or the creation date when none is set (for cards)' }) event_date: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'The event date; null while it is to be announced' }) eventDate: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When the event ends; null when no end is set' }) eventEndDate: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) registration_deadline: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) applicationDeadline: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Seats; null means unlimited' }) maxApplications: number | null;
  @ApiProperty({ type: Number, nullable: true }) max_participants: number | null;
  @ApiProperty({ description: 'Solo registrations plus registered teams' }) actualSeatsTaken: number;
  @ApiProperty({ type: Number, nullable: true, description: 'null when unlimited' }) availableSeats: number | null;
  @ApiProperty({ type: String, nullable: true }) venue: string | null;
  @ApiProperty({ type: String, nullable: true }) coordinatorName: string | null;
  @ApiProperty({ type: String, nullable: true }) coordinatorDept: string | null;
  @ApiProperty() isActive: boolean;
  @ApiProperty() requiresApproval: boolean;
  @ApiProperty() hasGenderBasedTeams: boolean;
  @ApiProperty({ type: Number, nullable: true }) maxBoyTeams: number | null;
  @ApiProperty({ type: Number, nullable: true }) maxGirlTeams: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ description: 'Whether the signed-in student is registered (false for visitors)' }) isRegistered: boolean;
  @ApiProperty({ enum: [...REGISTRATION_STATUSES, null], nullable: true }) registrationStatus: StudentParticipation['status'] | null;
  @ApiProperty({ type: [ApplicationResponse], description: "Only the signed-in student's own application, never anyone else's" })
  applications: ApplicationResponse[];
}

/** The viewer's own registration for this event, when a signed-in student is looking. */
interface EventViewer {
  userId: string;
  participation: StudentParticipation | undefined;
}

export function toEventResponse(row: EventRow, viewer?: EventViewer): EventResponse {
  return { ...sharedEventFields(row), ...viewerEventFields(viewer) };
}

/** The fields every viewer sees alike, in the answer's order. */
type SharedEventFields = Omit<EventResponse, ViewerField>;
type ViewerField = 'isRegistered' | 'registrationStatus' | 'applications';

/*
 * An event's answer as JSON in two parts, split where the viewer's own fields begin (they come
 * last): the shared part is serialised once per list and each request adds its viewer's fields,
 * so `sharedEventJson(row) + viewerFieldsJson(viewer)` is exactly
 * `JSON.stringify(toEventResponse(row, viewer))`.
 */

/** The shared fields as a JSON object without its closing brace. */
export function sharedEventJson(row: EventRow): string {
  return JSON.stringify(sharedEventFields(row)).slice(0, -1);
}

/** `,"isRegistered":…}`: the viewer's fields and the object's closing brace. */
export function viewerFieldsJson(viewer?: EventViewer): string {
  return viewer?.participation ? `,${JSON.stringify(viewerEventFields(viewer)).slice(1)}` : VISITORS_FIELDS_JSON;
}

/** A visitor's fields, or those of a student who did not register: the same for every event. */
const VISITORS_FIELDS_JSON = `,${JSON.stringify(viewerEventFields(undefined)).slice(1)}`;

function viewerEventFields(viewer: EventViewer | undefined): Pick<EventResponse, ViewerField> {
  const own = viewer?.participation;
  return {
    isRegistered: own !== undefined,
    registrationStatus: own?.status ?? null,
    applications: own && viewer ? [{ userId: viewer.userId, appliedAt: own.appliedAt.toISOString() }] : [],
  };
}

function sharedEventFields(row: EventRow): SharedEventFields {
  const eventDate = row.eventDate?.toISOString() ?? null;
  const deadline = row.registrationDeadline?.toISOString() ?? null;
  return {
    _id: row.id,
    event_id: row.id,
    name: row.name,
    description: row.description,
    event_type: row.eventType,
    clubInCharge: row.clubInCharge,
    staff_incharges: row.staffInCharges,
    rules: row.rules,
    minTeamSize: row.minTeamSize,
    maxTeamSize: row.maxTeamSize,
    event_date: eventDate ?? row.createdAt.toISOString(),
    eventDate,
    eventEndDate: row.eventEndDate?.toISOString() ?? null,
    registration_deadline: deadline,
    applicationDeadline: deadline,
    maxApplications: row.maxApplications,
    max_participants: row.maxApplications,
    actualSeatsTaken: row.seatsTaken,
    availableSeats: seatsLeft(row),
    venue: row.venue,
    coordinatorName: row.coordinatorName,
    coordinatorDept: row.coordinatorDept,
    isActive: row.isActive,
    requiresApproval: row.requiresApproval,
    hasGenderBasedTeams: row.hasGenderBasedTeams,
    maxBoyTeams: row.maxBoyTeams,
    maxGirlTeams: row.maxGirlTeams,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
