import { ApiProperty } from '@nestjs/swagger';
import type { AdminInviteRow } from '../database/schema/admin-invites.js';
import { EVENT_TYPES, type EventRow, type EventType } from '../database/schema/events.js';

const INVITE_STATUS_LABELS = ['Pending', 'Accepted', 'Expired'] as const;
type InviteStatusLabel = (typeof INVITE_STATUS_LABELS)[number];

class InvitedEventRef {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
}

/** An invitation as the super admin's manage tab lists it (admin-side §4). */
export class AdminInviteResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: InvitedEventRef, nullable: true, description: 'The event the invitee is to run' }) eventId: InvitedEventRef | null;
  @ApiProperty() clubName: string;
  @ApiProperty({ enum: INVITE_STATUS_LABELS, description: 'Accepted once used; Expired past its expiry, swept by the job or not; otherwise Pending' })
  status: InviteStatusLabel;
  @ApiProperty() isUsed: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was accepted' }) usedAt: string | null;
  @ApiProperty({ format: 'date-time' }) inviteTokenExpire: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

const ADMIN_STATUSES = ['available', 'assigned', 'pending'] as const;

class AdminStatusResponse {
  @ApiProperty({ enum: ADMIN_STATUSES, description: 'assigned: an admin runs it; pending: an invitation waits; available: neither' })
  status: (typeof ADMIN_STATUSES)[number];
  @ApiProperty({ type: String, nullable: true, description: 'The assigned admin’s e-mail' }) adminEmail: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The pending invitation’s e-mail' }) inviteEmail: string | null;
}

/** An event in the invitation form's select, with whether it can take an invitation. */
export class EventAdminStatusResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: EVENT_TYPES }) event_type: EventType;
  @ApiProperty({ type: String, nullable: true }) clubInCharge: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) eventDate: string | null;
  @ApiProperty({ type: AdminStatusResponse }) adminStatus: AdminStatusResponse;
}

class InvitationEventRef {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: EVENT_TYPES }) event_type: EventType;
}

/** What the invitation page shows before the account form: the event assignment. */
export class InvitationDetailsResponse {
  @ApiProperty({ type: InvitationEventRef }) event: InvitationEventRef;
  @ApiProperty() clubName: string;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}

export function toEventAdminStatus(event: EventRow, adminEmail: string | undefined, inviteEmail: string | undefined): EventAdminStatusResponse {
  const status = adminEmail ? 'assigned' : inviteEmail ? 'pending' : 'available';
  return {
    _id: event.id,
    name: event.name,
    event_type: event.eventType,
    clubInCharge: event.clubInCharge,
    eventDate: event.eventDate?.toISOString() ?? null,
    adminStatus: { status, adminEmail: adminEmail ?? null, inviteEmail: inviteEmail ?? null },
  };
}

/** The status the manage tab shows at `now`: a pending invitation past its expiry is expired, swept or not. */
function statusLabel(invite: AdminInviteRow, now: Date): InviteStatusLabel {
  if (invite.status === 'accepted') return 'Accepted';
  return invite.status === 'expired' || invite.expiresAt <= now ? 'Expired' : 'Pending';
}

export function toAdminInviteResponse(invite: AdminInviteRow, event: Pick<EventRow, 'id' | 'name'> | undefined, now: Date): AdminInviteResponse {
  const isUsed = invite.status === 'accepted';
  return {
    _id: invite.id,
    email: invite.email,
    eventId: event ? { _id: event.id, name: event.name } : null,
    clubName: invite.clubName,
    status: statusLabel(invite, now),
    isUsed,
    usedAt: isUsed ? (invite.closedAt?.toISOString() ?? null) : null,
    inviteTokenExpire: invite.expiresAt.toISOString(),
    createdAt: invite.createdAt.toISOString(),
  };
}

export function toInvitationDetails(invite: AdminInviteRow, event: EventRow): InvitationDetailsResponse {
  return {
    event: { _id: event.id, name: event.name, event_type: event.eventType },
    clubName: invite.clubName,
    email: invite.email,
    expiresAt: invite.expiresAt.toISOString(),
  };
}
