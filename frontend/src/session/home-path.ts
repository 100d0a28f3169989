import type { SessionUser } from '../api/types';
import { paths } from '../config/paths';

/**
 * Where a user's home is: admins work from their dashboards (the home page sends them there),
 * students and visitors from the home page with its events and about sections.
 */
export function homePathOf(user: SessionUser | null): string {
  if (user?.isSuperAdmin) return paths.superAdminDashboard;
  if (user?.isAdmin) return paths.adminDashboard;
  return paths.home;
}
