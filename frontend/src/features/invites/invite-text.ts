import type { Invite } from '../../api/types';
import { formatDateTime } from '../../lib/dates';

// The spec's fallbacks (§3) for an invite whose references came without their details.
export const inviterName = (invite: Invite): string => invite.inviterId?.name || 'Unknown';
export const teamName = (invite: Invite): string => invite.teamId?.teamName || 'Unknown Team';
export const eventName = (invite: Invite): string => invite.eventId?.name || invite.teamId?.eventId?.name || 'Unknown Event';
export const inviteMessage = (invite: Invite): string => invite.message || 'invited you to join their team';
export const sentAt = (invite: Invite): string => (invite.createdAt ? formatDateTime(invite.createdAt) : 'Recently');
