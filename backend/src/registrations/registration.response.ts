import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES, type EventRow, type EventType } from '../database/schema/events.js';
import { REGISTRATION_STATUSES, type RegistrationRow, type RegistrationStatus } from '../database/schema/registrations.js';

/** A registered team's leader on My Registrations. */
class TeamLeaderDetails {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) rollNumber: string | null;
  @ApiProperty({ type: String, nullable: true }) dept: string | null;
}

/** A registered team's member on My Registrations: an account, or a name listed on the enrolment form. */
class TeamMemberDetails {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null for a member listed without an account' }) _id: string | null;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) rollNumber: string | null;
  @ApiProperty({ type: String, nullable: true }) dept: string | null;
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
}

/** The team a registration was made with (My Registrations' team expansion). */
export class TeamDetails {
  @ApiProperty() teamName: string;
  @ApiProperty({ type: TeamLeaderDetails }) leader: TeamLeaderDetails;
  @ApiProperty({ type: [TeamMemberDetails], description: 'The leader first' }) members: TeamMemberDetails[];
}

/** The seat's ticket, shown at the door on the event day. */
class TicketRef {
  @ApiProperty({
    description: "16 characters of Crockford's base32 (80 random bits; an earlier ticket's, 22 base64url characters); a team's members share their team's",
    example: '7KQ2M9XA4TRBZC01',
  })
  code: string;
}

/** A registration as My Registrations reads it (student-side §3). */
export class RegistrationResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) eventId: string;
  @ApiProperty() eventName: string;
  @ApiProperty({ enum: EVENT_TYPES }) eventType: EventType;
  @ApiProperty({ type: String, nullable: true }) clubInCharge: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "The event's start; null while it is not announced (no calendar invite then)",
  })
  eventDate: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: "The event's end; null when it has no set end" })
  eventEndDate: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Where the event takes place; null while it is not announced' }) venue: string | null;
  @ApiProperty({ enum: REGISTRATION_STATUSES }) status: RegistrationStatus;
  @ApiProperty({ type: String, nullable: true, description: 'Why the organisers rejected it, when they said; null otherwise' })
  rejectionReason: string | null;
  @ApiProperty({ format: 'date-time' }) appliedAt: string;
  @ApiProperty({ type: TeamDetails, nullable: true, description: 'Team name, leader and members; null for a solo registration' })
  teamDetails: TeamDetails | null;
  @ApiProperty({ type: TicketRef, nullable: true, description: 'null once the registration was rejected (it holds no seat), and for a past festival' })
  ticket: TicketRef | null;
  @ApiProperty({ description: "true when the event was part of an earlier festival, now closed: the student's past participation" })
  pastFestival: boolean;
}

export function toRegistrationResponse(
  registration: RegistrationRow,
  event: EventRow,
  teamDetails: TeamDetails | null = null,
  pastFestival = false,
): RegistrationResponse {
  return {
    _id: registration.id,
    eventId: event.id,
    eventName: event.name,
    eventType: event.eventType,
    clubInCharge: event.clubInCharge,
    eventDate: event.eventDate?.toISOString() ?? null,
    eventEndDate: event.eventEndDate?.toISOString() ?? null,
    venue: event.venue,
    status: registration.status,
    rejectionReason: registration.rejectionReason,
    appliedAt: registration.appliedAt.toISOString(),
    teamDetails,
    // A past festival's ticket admits nobody: it is not shown.
    ticket: registration.status === 'rejected' || pastFestival ? null : { code: registration.ticketCode },
    pastFestival,
  };
}
