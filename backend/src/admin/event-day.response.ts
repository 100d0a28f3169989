import { ApiProperty } from '@nestjs/swagger';
import type { RegistrationRow } from '../database/schema/registrations.js';
import type { UserRow } from '../database/schema/users.js';

/** A student expected on the event day (admin-side §3, Applicant). */
export class ApplicantResponse {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) dept: string | null;
  @ApiProperty({ type: String, nullable: true }) year: string | null;
  @ApiProperty({ type: String, nullable: true }) rollNum: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null for a solo registration' }) teamId: string | null;
  @ApiProperty({ type: String, nullable: true }) teamName: string | null;
  @ApiProperty() isPresent: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When they were marked present; null while absent' })
  checkedInAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The door that checked them in, by its name; null when marked otherwise, or absent' })
  checkedInDoor: string | null;
}

/** A registered team's person, as the attendance page lists them. */
class TeamPerson {
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) dept: string | null;
  @ApiProperty({ type: String, nullable: true }) year: string | null;
}

/** A registered team of the event with its registered members (admin-side §3, Team). */
export class EventTeamResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() teamName: string;
  @ApiProperty({ type: TeamPerson }) leader: TeamPerson;
  @ApiProperty({ type: [TeamPerson], description: 'The leader first' }) members: TeamPerson[];
}

class TicketEventRef {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
}

/** A ticket as the door reads it: its event and who it admits. */
export class TicketResponse {
  @ApiProperty({ type: TicketEventRef }) event: TicketEventRef;
  @ApiProperty({ type: [ApplicantResponse], description: "One for a solo registration; every registered member of a team's" }) holders: ApplicantResponse[];
}

/** What an applicant's answer reads: the registration, its student's account and its team's name. */
export function toApplicantResponse(
  registration: Pick<RegistrationRow, 'userId' | 'teamId' | 'isPresent' | 'checkedInAt' | 'checkedInDoor'>,
  student: Pick<UserRow, 'name' | 'email' | 'dept' | 'year' | 'rollNumber'> | undefined,
  teamName: string | null,
): ApplicantResponse {
  return {
    userId: registration.userId,
    name: student?.name ?? '',
    email: student?.email ?? '',
    dept: student?.dept ?? null,
    year: student?.year ?? null,
    rollNum: student?.rollNumber ?? null,
    teamId: registration.teamId,
    teamName,
    isPresent: registration.isPresent,
    checkedInAt: registration.checkedInAt?.toISOString() ?? null,
    checkedInDoor: registration.checkedInDoor,
  };
}

/**
 * The order admins read registrations in: oldest application first; a team's members (registered
 * in one statement, so at one time) leader first, then by name.
 */
export function inApplicationOrder(
  rows: readonly RegistrationRow[],
  leaderOf: (teamId: string) => string | undefined,
  nameOf: (userId: string) => string,
): RegistrationRow[] {
  const leads = (row: RegistrationRow) => (row.teamId && leaderOf(row.teamId) === row.userId ? 0 : 1);
  return [...rows].sort((a, b) => a.appliedAt.getTime() - b.appliedAt.getTime() || leads(a) - leads(b) || nameOf(a.userId).localeCompare(nameOf(b.userId)));
}
