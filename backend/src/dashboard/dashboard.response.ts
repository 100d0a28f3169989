import { ApiProperty } from '@nestjs/swagger';

/** An event as a club admin's dashboard names it: what it is, its seats and how many hold them. */
export class AdminEventSummaryResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty() event_type: string;
  @ApiProperty({ type: String, nullable: true }) clubInCharge: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) eventDate: string | null;
  @ApiProperty({ type: String, nullable: true }) venue: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' }) maxApplications: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' }) availableSeats: number | null;
  @ApiProperty({ minimum: 0, description: 'Students holding a place (pending or approved), team members one by one' }) participants: number;
  @ApiProperty({ minimum: 0, description: 'Teams holding a place' }) teamsCount: number;
}

class AdminContactResponse {
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

class ClubAdminsCountResponse {
  @ApiProperty({ description: "The club's name" }) _id: string;
  @ApiProperty({ minimum: 1 }) count: number;
  @ApiProperty({ type: [AdminContactResponse], description: 'By name' }) admins: AdminContactResponse[];
}

/** The dashboard's cards (admin-side §3 "Dashboard stats"), for the festival or for one club. */
export class DashboardStatsResponse {
  @ApiProperty({ minimum: 0 }) totalEvents: number;
  @ApiProperty({ minimum: 0, description: 'Student accounts (super admin; 0 for a club admin)' }) totalUsers: number;
  @ApiProperty({ minimum: 0, description: 'Club admins and super admins (super admin; 0 for a club admin)' }) totalAdmins: number;
  @ApiProperty({ minimum: 0, description: 'Every registration whatever its status, team members one by one' }) totalApplications: number;
  @ApiProperty({ minimum: 0, description: 'Registrations holding a place made in the last 7 days' }) recentRegistrations: number;
  @ApiProperty({ minimum: 0, description: 'Verified student accounts (super admin; 0 for a club admin)' }) verifiedUsers: number;
  @ApiProperty({
    minimum: 0,
    description:
      'People waiting to verify: addresses with an unexpired sign-up and no account, and any unverified student account (super admin; 0 for a club admin)',
  })
  unverifiedUsers: number;
  @ApiProperty({ minimum: 0, description: "Admin invitations that can still be accepted (a club admin: their club's)" }) pendingInvites: number;
  @ApiProperty({ type: [ClubAdminsCountResponse], description: 'Clubs A to Z (a club admin: their own club)' }) adminsByClub: ClubAdminsCountResponse[];
  @ApiProperty({ minimum: 0, description: "Events on or after today (in the festival's time zone)" }) upcomingEvents: number;
  @ApiProperty({ minimum: 0, description: "Events before today (in the festival's time zone); events without a date are neither" }) pastEvents: number;
  @ApiProperty({ minimum: 0, description: 'Registrations holding a place (pending or approved), team members one by one' }) totalRegistrations: number;
  @ApiProperty({ type: String, nullable: true, description: "The club admin's club; null for the super admin" }) clubName: string | null;
}

class PersonRowResponse {
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) dept: string | null;
  @ApiProperty({ type: String, nullable: true }) year: string | null;
}

/** A team in the detailed panel: its leader and the other members (admin-side §3 "Team"). */
export class DashboardTeamResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() teamName: string;
  @ApiProperty({ type: PersonRowResponse }) leader: PersonRowResponse;
  @ApiProperty({ type: [PersonRowResponse], description: 'The members other than the leader, in the order they joined' }) members: PersonRowResponse[];
}

/** A registration in the detailed panel (admin-side §3 "Registration row"). */
class DashboardRegistrationResponse {
  @ApiProperty() userName: string;
  @ApiProperty() userEmail: string;
  @ApiProperty({ type: String, nullable: true }) userDept: string | null;
  @ApiProperty({ type: String, nullable: true }) userYear: string | null;
  @ApiProperty({ format: 'date-time' }) registeredAt: string;
}

/** One event of the detailed panel: its counts, and its latest teams and registrations (docs/decisions.md "Dashboards"). */
export class DetailedEventResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid', description: "The event's id, as the panel shows it" }) event_id: string;
  @ApiProperty() name: string;
  @ApiProperty() event_type: string;
  @ApiProperty() isTeamEvent: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null while it is to be announced; attendance is taken from its day' })
  eventDate: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' }) maxApplications: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' }) availableSeats: number | null;
  @ApiProperty({ minimum: 0, description: 'Students holding a place, team members one by one' }) participants: number;
  @ApiProperty({ minimum: 0 }) teamsCount: number;
  @ApiProperty({ minimum: 0, description: 'Participants who registered in the last 7 days' }) recentCount: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: '(max − available seats) / max in percent, one decimal (a seat held for a waitlist offer is not available); null when unlimited',
  })
  occupancy: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Participants per team, one decimal; null without teams' }) averageTeamSize: number | null;
  @ApiProperty({ type: [DashboardTeamResponse], description: 'The latest teams holding a place, newest first (at most 5)' }) teams: DashboardTeamResponse[];
  @ApiProperty({ type: [DashboardRegistrationResponse], description: 'The latest registrations holding a place, newest first (at most 5)' })
  registrations: DashboardRegistrationResponse[];
}

export class ClubEventsResponse {
  @ApiProperty() clubName: string;
  @ApiProperty({ minimum: 0 }) totalEvents: number;
  @ApiProperty({ minimum: 0 }) totalRegistrations: number;
  @ApiProperty({ type: [DetailedEventResponse], description: 'By date, then name' }) events: DetailedEventResponse[];
}

/** One club's bar in the charts. */
export class ClubStatsResponse {
  @ApiProperty() clubName: string;
  @ApiProperty({ minimum: 0 }) events: number;
  @ApiProperty({ minimum: 0, description: 'Registrations holding a place, team members one by one' }) registrations: number;
  @ApiProperty({ minimum: 0, description: "The club's admins" }) admins: number;
}

export class DayCountResponse {
  @ApiProperty({ example: '2025-08-20', description: "The day in the festival's time zone" }) day: string;
  @ApiProperty({ minimum: 1 }) count: number;
}
