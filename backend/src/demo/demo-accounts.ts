import type { NewUserRow } from '../database/schema/users.js';

/** Development passwords, listed in the README. Demo data is for trying the product, never production. */
const DEMO_STUDENT_PASSWORD = 'Student@123';
const DEMO_SUPERADMIN_PASSWORD = 'Festival@2025';

type DemoAccount = Omit<NewUserRow, 'passwordHash' | 'email'> & { mailbox: string };

const ACCOUNTS: DemoAccount[] = [
  { mailbox: 'superadmin', name: 'Festival Super Admin', role: 'superadmin', dept: 'Staff', year: '0', isVerified: true },
  { mailbox: 'priya.23cse', name: 'Priya Raman', role: 'student', gender: 'Female', dept: 'CSE', year: '3', rollNumber: '23CSE014', isVerified: true },
  { mailbox: 'arjun.22it', name: 'Arjun Mehta', role: 'student', gender: 'Male', dept: 'IT', year: '4', rollNumber: '22IT031', isVerified: true },
  { mailbox: 'meera.23ece', name: 'Meera Krishnan', role: 'student', gender: 'Female', dept: 'ECE', year: '3', rollNumber: '23ECE007', isVerified: true },
  { mailbox: 'karthik.22mech', name: 'Karthik Raj', role: 'student', gender: 'Male', dept: 'MECH', year: '4', rollNumber: '22MECH019', isVerified: true },
  { mailbox: 'sana.24mba', name: 'Sana Sheikh', role: 'student', gender: 'Female', dept: 'MBA', year: '1', rollNumber: '24MBA003', isVerified: true },
];

/** The demo accounts at the institution's domain, with their passwords already hashed. */
export async function demoAccounts(domain: string, hash: (password: string) => Promise<string>): Promise<NewUserRow[]> {
  const [studentHash, superAdminHash] = await Promise.all([hash(DEMO_STUDENT_PASSWORD), hash(DEMO_SUPERADMIN_PASSWORD)]);
  return ACCOUNTS.map(({ mailbox, ...account }) => ({
    ...account,
    email: `${mailbox}@${domain}`,
    passwordHash: account.role === 'superadmin' ? superAdminHash : studentHash,
  }));
}

/** The demo accounts and their passwords in one sentence, for the start-up log. */
export function describeDemoAccounts(domain: string): string {
  const addresses = (role: DemoAccount['role']) => ACCOUNTS.filter((account) => account.role === role).map(({ mailbox }) => `${mailbox}@${domain}`);
  return (
    `Demo accounts (development only): ${addresses('superadmin').join(', ')} (super admin) with password ${DEMO_SUPERADMIN_PASSWORD}; ` +
    `${addresses('student').join(', ')} (students) with password ${DEMO_STUDENT_PASSWORD}.`
  );
}
