import { ApiProperty, OmitType } from '@nestjs/swagger';
import type { EventRow } from '../database/schema/events.js';
import { REGISTRATION_STATUSES, type RegistrationRow, type RegistrationStatus } from '../database/schema/registrations.js';
import type { UserRow } from '../database/schema/users.js';
import { EventResponse, toEventResponse } from '../events/event.response.js';
import { seatOf } from '../registrations/registrations.service.js';

/** One registration in an event's approval queue: the student, their team if any, and its status. */
class AdminApplicationResponse {
  @ApiProperty({ format: 'uuid' }) registrationId: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) dept: string | null;
  @ApiProperty({ type: String, nullable: true }) year: string | null;
  @ApiProperty({ type: String, nullable: true }) rollNumber: string | null;
  @ApiProperty({ enum: REGISTRATION_STATUSES }) status: RegistrationStatus;
  @ApiProperty({ format: 'date-time' }) appliedAt: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) teamId: string | null;
  @ApiProperty({ type: String, nullable: true }) teamName: string | null;
}

/** Applications by status, counted per seat: a team counts once. */
class ApplicationCountsResponse {
  @ApiProperty({ minimum: 0 }) pending: number;
  @ApiProperty({ minimum: 0 }) approved: number;
  @ApiProperty({ minimum: 0 }) rejected: number;
}

/** An event as its club's admins manage it: the public fields, every registration and the counts. */
export class AdminEventResponse extends OmitType(EventResponse, ['applications'] as const) {
  @ApiProperty({ type: [AdminApplicationResponse], description: 'Every registration of the event, team members included, oldest first' })
  applications: AdminApplicationResponse[];

  @ApiProperty({ type: ApplicationCountsResponse })
  applicationCounts: ApplicationCountsResponse;
}

/** What the answer needs beside the event: its registrations, the accounts behind them and the teams' names. */
export interface EventApplications {
  registrations: RegistrationRow[];
  students: Map<string, UserRow>;
  teamNames: Map<string, string>;
}

export function toAdminEventResponse(event: EventRow, { registrations, students, teamNames }: EventApplications): AdminEventResponse {
  const own = registrations.filter((registration) => registration.eventId === event.id);
  const applications = own.map((registration) => {
    const student = students.get(registration.userId);
    return {
      registrationId: registration.id,
      userId: registration.userId,
      name: student?.name ?? '',
      email: student?.email ?? '',
      dept: student?.dept ?? null,
      year: student?.year ?? null,
      rollNumber: student?.rollNumber ?? null,
      status: registration.status,
      appliedAt: registration.appliedAt.toISOString(),
      teamId: registration.teamId,
      teamName: registration.teamId ? (teamNames.get(registration.teamId) ?? null) : null,
    };
  });
  // The public answer's `applications` is a viewer's own; the admins' list replaces it.
  const { applications: _viewersOwn, ...publicFields } = toEventResponse(event);
  return Object.assign(publicFields, { applications, applicationCounts: countPerSeat(own) });
}

/** A team's members are decided together, so the team's one seat has its members' status. */
function countPerSeat(registrations: RegistrationRow[]): ApplicationCountsResponse {
  const seats = new Map(registrations.map((registration) => [seatOf(registration), registration.status]));
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const status of seats.values()) counts[status] += 1;
  return counts;
}
