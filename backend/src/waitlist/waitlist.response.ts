import { ApiProperty } from '@nestjs/swagger';
import type { WaitlistEntryRow } from '../database/schema/waitlist.js';

/** What the open entry is for: its event or its team, by id and name. */
class NamedRef {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

/** The statuses an open entry has: in line, or holding an offered seat. */
const OPEN_STATUSES = ['waiting', 'offered'] as const;
type OpenStatus = (typeof OPEN_STATUSES)[number];

/** A place in an event's line, or the seat offered from it (the bell and the event page). */
export class WaitlistEntryResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: NamedRef }) event: NamedRef;
  @ApiProperty({ type: NamedRef, nullable: true, description: 'The team in line; null for a solo student' }) team: NamedRef | null;
  @ApiProperty({ enum: OPEN_STATUSES }) status: OpenStatus;
  @ApiProperty({ type: Number, nullable: true, description: 'The 1-based place in line while waiting; null once offered' }) place: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Until when the offered seat is held; null while waiting' })
  offerExpiresAt: string | null;
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
  @ApiProperty({ description: "Whether the caller answers for the entry: the solo student, or the team's leader" }) canAnswer: boolean;
}

export function toWaitlistEntryResponse(
  entry: WaitlistEntryRow,
  names: { event: string; team: string | null },
  place: number | null,
  callerId: string,
): WaitlistEntryResponse {
  return {
    id: entry.id,
    event: { id: entry.eventId, name: names.event },
    team: entry.teamId ? { id: entry.teamId, name: names.team ?? '' } : null,
    status: entry.status === 'offered' ? 'offered' : 'waiting',
    place: entry.status === 'waiting' ? place : null,
    offerExpiresAt: entry.status === 'offered' ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    joinedAt: entry.joinedAt.toISOString(),
    canAnswer: entry.userId === callerId,
  };
}
