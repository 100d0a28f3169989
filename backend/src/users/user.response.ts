import { ApiProperty } from '@nestjs/swagger';
import { isAdminRole } from '../common/permissions.js';
import type { SessionUser } from '../common/session-user.js';
import { GENDERS, type Gender, ROLES, type Role, type UserRow } from '../database/schema/users.js';

/** The session user as the client reads it (GET /user/load, sign-in). Never any password material. */
export class UserResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty({ description: 'True for club admins and the super admin' }) isAdmin: boolean;
  @ApiProperty() isSuperAdmin: boolean;
  @ApiProperty() isVerified: boolean;
  @ApiProperty({ enum: [...GENDERS, null], nullable: true }) gender: Gender | null;
  @ApiProperty({ type: String, nullable: true }) dept: string | null;
  @ApiProperty({ type: String, nullable: true, description: "'1' to '6'; '0' means staff" }) year: string | null;
  @ApiProperty({ type: String, nullable: true }) rollNumber: string | null;
  @ApiProperty({ type: String, nullable: true }) club: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: "Whether the day-before reminders of the student's events are e-mailed (My Registrations turns them off)" })
  eventReminders: boolean;
}

export function toUserResponse(user: UserRow | SessionUser): UserResponse {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    isAdmin: isAdminRole(user.role),
    isSuperAdmin: user.role === 'superadmin',
    isVerified: user.isVerified,
    gender: user.gender,
    dept: user.dept,
    year: user.year,
    rollNumber: user.rollNumber,
    club: user.club,
    createdAt: user.createdAt.toISOString(),
    eventReminders: user.eventReminders,
  };
}

/** A student's own profile (GET and PUT /users/me/profile): what they may change, and what identifies them. */
export class ProfileResponse {
  @ApiProperty() name: string;
  @ApiProperty({ description: "The account's identity: it does not change" }) email: string;
  @ApiProperty({ type: String, nullable: true }) dept: string | null;
  @ApiProperty({ type: String, nullable: true, description: "'1' to '6', depending on the department" }) year: string | null;
  @ApiProperty({ enum: [...GENDERS, null], nullable: true }) gender: Gender | null;
  @ApiProperty({ type: String, nullable: true, description: 'Given at sign-up; null for an account made without one' }) rollNumber: string | null;
}

export function toProfileResponse({ name, email, dept, year, gender, rollNumber }: UserRow): ProfileResponse {
  return { name, email, dept, year, gender, rollNumber };
}
