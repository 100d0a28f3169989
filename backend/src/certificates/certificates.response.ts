import { ApiProperty } from '@nestjs/swagger';
import { CERTIFICATE_KINDS, type CertificateKind, type CertificateRow } from '../database/schema/certificates.js';

/** What a certificate says, as anyone verifying it reads it. */
export class CertificateFactsResponse {
  @ApiProperty({ example: 'K7QX9M2D4TPA8R1B', description: 'Its code, 16 characters' }) code: string;
  @ApiProperty({ enum: CERTIFICATE_KINDS }) kind: CertificateKind;
  @ApiProperty({ type: Number, nullable: true, minimum: 1, description: 'The place won (1 for first) on a merit certificate; null on a participation one' })
  place: number | null;
  @ApiProperty({ description: 'The name as registered when it was issued' }) studentName: string;
  @ApiProperty({ type: String, nullable: true, description: "The winning team's name, on a team member's merit certificate" }) teamName: string | null;
  @ApiProperty() eventName: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) eventDate: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The club that ran the event' }) club: string | null;
  @ApiProperty() festivalName: string;
  @ApiProperty() institutionName: string;
  @ApiProperty({ example: 'Asia/Kolkata', description: "The festival's time zone: the event's day is shown in it" }) timeZone: string;
  @ApiProperty({ format: 'date-time' }) issuedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was revoked; null while it stands' }) revokedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why, as the club admin said' }) revokedReason: string | null;
}

/** A certificate of the event, as its club admins see it. */
export class EventCertificateResponse extends CertificateFactsResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The student; null once the account is gone' }) userId: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The student's name now, when it differs from the one issued (re-issue to print it); null otherwise",
  })
  currentName: string | null;
}

/** A student's own certificate, to download. */
export class StudentCertificateResponse extends CertificateFactsResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) eventId: string | null;
}

/** How many of each kind. */
export class CertificateCounts {
  @ApiProperty({ minimum: 0 }) participation: number;
  @ApiProperty({ minimum: 0 }) merit: number;
}

/** Where the event's certificates stand, for the club admin about to issue them. */
export class CertificateSummaryResponse {
  @ApiProperty({ type: CertificateCounts, description: 'Who is owed one now: every student marked present; each winner (every member of a winning team)' })
  eligible: CertificateCounts;
  @ApiProperty({ type: CertificateCounts, description: 'Standing certificates already issued' }) issued: CertificateCounts;
  @ApiProperty({ type: CertificateCounts, description: 'What issuing now adds: the eligible without one (a revoked certificate is not issued again)' })
  toIssue: CertificateCounts;
  @ApiProperty({ minimum: 0 }) revoked: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why certificates cannot be issued now (results not confirmed, the settings incomplete...); null when they can',
  })
  refusal: string | null;
}

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;

/** A certificate's facts as a plain object, for answers that add their own fields to them. */
type CertificateFacts = { [Field in keyof CertificateFactsResponse]: CertificateFactsResponse[Field] };

export function toCertificateFacts(row: CertificateRow): CertificateFacts {
  return {
    code: row.code,
    kind: row.kind,
    place: row.place,
    studentName: row.studentName,
    teamName: row.teamName,
    eventName: row.eventName,
    eventDate: iso(row.eventDate),
    club: row.club,
    festivalName: row.festivalName,
    institutionName: row.institutionName,
    timeZone: row.timeZone,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    revokedReason: row.revokedReason,
  };
}
