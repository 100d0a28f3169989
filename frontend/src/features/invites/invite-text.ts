import type { Invite } from '../../api/types';
import { formatDateTime } from '../../lib/dates';

// The spec's fallbacks (§3) for an invite whose references came without their details.
export const inviterName = (invite: Invite): string => invite.inviterId?.name || 'Unknown';
export const teamName = (invite: Invite): string => invite.teamId?.teamName || 'Unknown Team';
export const eventName = (invite: Invite): string => invite.eventId?.name || invite.teamId?.eventId?.name || 'Unknown Event';
export const inviteMessage = (invite: Invite): string => invite.message || 'invited you to join their team';
export const sentAt = (invite: Invite): string => (invite.createdAt ? formatDateTime(invite.createdAt) : 'Recently');

// The spec's 'You have already {status} this invitation.' reads only for the student's own
// answers; an invite that ended without one says what ended it.
const ENDED: Record<Exclude<Invite['status'], 'pending'>, string> = {
  accepted: 'You have already accepted this invitation.',
  declined: 'You have already declined this invitation.',
  expired: 'This invitation has expired.',
  cancelled: 'This invitation was cancelled by the team leader.',
  withdrawn: 'This invitation was withdrawn: its team registered, or you joined another team for this event.',
};
export const endedText = (status: Exclude<Invite['status'], 'pending'>): string => ENDED[status];
