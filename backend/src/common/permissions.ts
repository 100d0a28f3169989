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
