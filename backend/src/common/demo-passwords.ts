import type { Role } from '../database/schema/users.js';

/**
 * The demo accounts' passwords, printed in the README for anyone to try the product with: public,
 * so production refuses them (config/app-config.ts) as it refuses the demo data itself.
 */
export const DEMO_PASSWORDS: Readonly<Record<Role, string>> = { student: 'Student@123', admin: 'ClubAdmin@123', superadmin: 'Festival@2025' };
