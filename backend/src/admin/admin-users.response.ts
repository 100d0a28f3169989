import { ApiProperty, PickType } from '@nestjs/swagger';
import type { EventRow } from '../database/schema/events.js';
import type { UserRow } from '../database/schema/users.js';
import { toUserResponse, UserResponse } from '../users/user.response.js';

/** The event a club admin was invited for: enough to name it and link to it. */
class AssignedEventResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
}

/** An account as the super admin's user list shows it: the session user's fields and the admin's event. */
export class AdminUserResponse extends UserResponse {
  @ApiProperty({ type: AssignedEventResponse, nullable: true, description: "A club admin's event; null for everyone else and for an admin without one" })
  assignedEvent: AssignedEventResponse | null;
}

/** One club admin on the "Admins by Club" screen. */
class ClubAdminResponse extends PickType(AdminUserResponse, ['_id', 'name', 'email', 'dept', 'year', 'createdAt', 'assignedEvent'] as const) {}

export class ClubAdminsResponse {
  @ApiProperty({ description: "The club's name" }) _id: string;
  @ApiProperty({ minimum: 1 }) count: number;
  @ApiProperty({ type: [ClubAdminResponse], description: 'By name' }) admins: ClubAdminResponse[];
}

/** A club admin or super admin, as the staff in-charge search offers them. */
export class StaffMemberResponse extends PickType(UserResponse, ['_id', 'name', 'email', 'club', 'dept'] as const) {}

/** Events by id, for naming each admin's event. */
export type EventNames = ReadonlyMap<string, Pick<EventRow, 'id' | 'name'>>;

function assignedEvent(user: UserRow, events: EventNames): AssignedEventResponse | null {
  const event = user.assignedEventId ? events.get(user.assignedEventId) : undefined;
  return event ? { _id: event.id, name: event.name } : null;
}

export function toAdminUserResponse(user: UserRow, events: EventNames): AdminUserResponse {
  return Object.assign(toUserResponse(user), { assignedEvent: assignedEvent(user, events) });
}

/** The club's admins in the order given, under the club's name. */
export function toClubAdminsResponse(club: string, admins: UserRow[], events: EventNames): ClubAdminsResponse {
  return {
    _id: club,
    count: admins.length,
    admins: admins.map((admin) => ({
      _id: admin.id,
      name: admin.name,
      email: admin.email,
      dept: admin.dept,
      year: admin.year,
      createdAt: admin.createdAt.toISOString(),
      assignedEvent: assignedEvent(admin, events),
    })),
  };
}

export function toStaffMemberResponse(user: UserRow): StaffMemberResponse {
  return { _id: user.id, name: user.name, email: user.email, club: user.club, dept: user.dept };
}
