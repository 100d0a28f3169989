import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_ACTIONS, type AuditAction, type AuditChanges, type AuditRow } from '../database/schema/audit.js';

class AuditActorResponse {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null once the account is deleted' }) _id: string | null;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

class AuditSubjectResponse {
  @ApiProperty({ enum: ['event', 'invite', 'user', 'registration'] }) type: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) id: string | null;
  @ApiProperty() label: string;
}

/** One admin action: who did what to which object, when, and which fields changed (`{ field: { from, to } }`). */
export class AuditEntryResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: AuditActorResponse }) actor: AuditActorResponse;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action: AuditAction;
  @ApiProperty({ type: String, nullable: true }) club: string | null;
  @ApiProperty({ type: AuditSubjectResponse }) subject: AuditSubjectResponse;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'object', properties: { from: {}, to: {} }, required: ['from', 'to'], additionalProperties: false },
    description: 'Each changed field with its value before and after',
  })
  changes: AuditChanges;
}

export function toAuditEntryResponse(row: AuditRow): AuditEntryResponse {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: { _id: row.actorId, name: row.actorName, email: row.actorEmail },
    action: row.action,
    club: row.club,
    subject: { type: row.subjectType, id: row.subjectId, label: row.subjectLabel },
    changes: row.changes,
  };
}
