import { ApiProperty } from '@nestjs/swagger';
import { INVITE_STATUSES, type InviteStatus } from '../database/schema/invites.js';

/** Someone named in a team's answer: their id and name. */
class PersonRef {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
}

/** A team's member: an account, or (listed on the enrolment form without an account) only a name. */
class MemberRef {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null for a member listed without an account' }) _id: string | null;
  @ApiProperty() name: string;
}

class TeamEventRef {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'The fewest members a team registers with (2 when the event sets none)' }) minTeamSize: number;
}

class TeamMemberResponse {
  @ApiProperty({ type: MemberRef }) userId: MemberRef;
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
}

class PendingInviteResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ type: PersonRef }) inviteeId: PersonRef;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}

/** A team as the event page, the team manager and the invite page read it (student-side §3). */
export class TeamResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() teamName: string;
  @ApiProperty({ type: TeamEventRef }) eventId: TeamEventRef;
  @ApiProperty({ type: PersonRef }) leader: PersonRef;
  @ApiProperty({ type: [TeamMemberResponse], description: 'The leader first, then the others in the order they joined' }) members: TeamMemberResponse[];
  @ApiProperty({ type: [PendingInviteResponse], description: 'Invites not yet answered; shown to everyone who may read the team' })
  pendingInvites: PendingInviteResponse[];
  @ApiProperty({ type: Number, nullable: true, description: "The event's largest team (members and pending invites together); null when it sets none" })
  maxMembers: number | null;
  @ApiProperty() isRegistered: boolean;
  @ApiProperty({ enum: ['boy', 'girl', null], nullable: true, description: "The leader's, on events with the same-gender rule; null elsewhere" })
  gender: 'boy' | 'girl' | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

class InviterRef {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

class EventRef {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
}

class InviteTeamRef {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() teamName: string;
  @ApiProperty({ type: EventRef }) eventId: EventRef;
}

/** An invite as the bell and the invite page read it (student-side §3). */
export class InviteResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() isRead: boolean;
  @ApiProperty({ example: 'Asha Rao invited you to join their team Byte Me for Hackathon' }) message: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ enum: INVITE_STATUSES, description: 'A pending invite past its expiry reads expired' }) status: InviteStatus;
  @ApiProperty({ type: InviterRef }) inviterId: InviterRef;
  @ApiProperty({ type: InviteTeamRef }) teamId: InviteTeamRef;
  @ApiProperty({ type: EventRef }) eventId: EventRef;
}

/** One invitee the leader named who was not invited, and why. */
export class InviteRefusal {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() message: string;
}

/** What became of an invitation to several students: how many were invited, and each refusal. */
export class InviteOutcome {
  @ApiProperty() sent: number;
  @ApiProperty({ type: [InviteRefusal] }) errors: InviteRefusal[];
}

export class InviteEnvelope {
  @ApiProperty({ type: InviteResponse }) invite: InviteResponse;
}

export class GenderCount {
  @ApiProperty({ description: 'Teams of this gender registered' }) registered: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Places left; null when this gender has no limit' }) remaining: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The limit; null when none' }) max: number | null;
}

export class GenderStats {
  @ApiProperty({ type: GenderCount }) boyTeams: GenderCount;
  @ApiProperty({ type: GenderCount }) girlTeams: GenderCount;
}
