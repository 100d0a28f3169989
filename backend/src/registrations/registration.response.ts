import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES, type EventRow, type EventType } from '../database/schema/events.js';
import { REGISTRATION_STATUSES, type RegistrationRow, type RegistrationStatus } from '../database/schema/registrations.js';

/** A registration as My Registrations reads it (student-side §3). */
export class RegistrationResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) eventId: string;
  @ApiProperty() eventName: string;
  @ApiProperty({ enum: EVENT_TYPES }) eventType: EventType;
  @ApiProperty({ type: String, nullable: true }) clubInCharge: string | null;
  @ApiProperty({ enum: REGISTRATION_STATUSES }) status: RegistrationStatus;
  @ApiProperty({ format: 'date-time' }) appliedAt: string;
  @ApiProperty({ type: Object, nullable: true, description: 'Team name, leader and members; null for a solo registration' })
  teamDetails: null;
}

export function toRegistrationResponse(registration: RegistrationRow, event: EventRow): RegistrationResponse {
  return {
    _id: registration.id,
    eventId: event.id,
    eventName: event.name,
    eventType: event.eventType,
    clubInCharge: event.clubInCharge,
    status: registration.status,
    appliedAt: registration.appliedAt.toISOString(),
    teamDetails: null,
  };
}
