import { ForbiddenException } from '@nestjs/common';
import type { Role } from '../database/schema/users.js';

/**
 * Who may reach each class of routes: the one table the guard reads. Per-object rules (this
 * admin's club, this team's leader) live in the services that own the objects.
 */
export const ACCESS = {
  /** Any signed-in account. */
  signedIn: ['student', 'admin', 'superadmin'],
  /** Taking part in events (forming, joining and registering teams): students, never staff. */
  students: ['student'],
  /** Club administration; the super admin may act for every club. */
  admin: ['admin', 'superadmin'],
  superAdmin: ['superadmin'],
} as const satisfies Record<string, readonly Role[]>;

export type Access = keyof typeof ACCESS;

export function isAdminRole(role: Role): boolean {
  return (ACCESS.admin as readonly Role[]).includes(role);
}

/** What the club rule reads of an account and of an event. */
interface ClubMember {
  role: Role;
  club: string | null;
}

/** The super admin runs every club's events; a club admin runs their own club's, and no other's. */
export function administersClub(user: ClubMember, club: string | null): boolean {
  return user.role === 'superadmin' || (user.role === 'admin' && user.club !== null && user.club === club);
}

/** The club whose events the admin runs: undefined (every club) for the super admin; 403 for a club admin without one. */
export function managedClub(admin: ClubMember): string | undefined {
  if (admin.role === 'superadmin') return undefined;
  if (!admin.club) throw new ForbiddenException('Your account is not linked to a club');
  return admin.club;
}
