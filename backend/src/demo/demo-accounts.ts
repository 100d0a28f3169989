import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORDS } from '../common/demo-passwords.js';
import type { NewEventRow } from '../database/schema/events.js';
import type { NewUserRow, Role } from '../database/schema/users.js';

/** A demo account; a club admin names the demo event they run (`event`). */
type DemoAccount = Omit<NewUserRow, 'passwordHash' | 'email' | 'role'> & { role: Role; mailbox: string; event?: string };

const ACCOUNTS: DemoAccount[] = [
  { mailbox: 'superadmin', name: 'Festival Super Admin', role: 'superadmin', dept: 'Staff', year: '0', isVerified: true },
  // Paper Presentation requires approval, so the demo club admin has a queue to work through.
  {
    mailbox: 'bluesky.admin',
    name: 'Nandini Suresh',
    role: 'admin',
    club: 'Blue Sky Forum',
    event: 'Paper Presentation',
    gender: 'Female',
    dept: 'Staff',
    year: '0',
    isVerified: true,
  },
  { mailbox: 'priya.23cse', name: 'Priya Raman', role: 'student', gender: 'Female', dept: 'CSE', year: '3', rollNumber: '23CSE014', isVerified: true },
  { mailbox: 'arjun.22it', name: 'Arjun Mehta', role: 'student', gender: 'Male', dept: 'IT', year: '4', rollNumber: '22IT031', isVerified: true },
  { mailbox: 'meera.23ece', name: 'Meera Krishnan', role: 'student', gender: 'Female', dept: 'ECE', year: '3', rollNumber: '23ECE007', isVerified: true },
  { mailbox: 'karthik.22mech', name: 'Karthik Raj', role: 'student', gender: 'Male', dept: 'MECH', year: '4', rollNumber: '22MECH019', isVerified: true },
  { mailbox: 'sana.24mba', name: 'Sana Sheikh', role: 'student', gender: 'Female', dept: 'MBA', year: '1', rollNumber: '24MBA003', isVerified: true },
];

/** A demo account ready to insert, and the event it runs when it is a club admin. */
interface HashedDemoAccount {
  user: NewUserRow & { id: string };
  event?: string;
}

/** The demo accounts at the institution's domain, with their ids chosen and their passwords already hashed. */
export async function demoAccounts(domain: string, hash: (password: string) => Promise<string>): Promise<HashedDemoAccount[]> {
  const hashed = Object.fromEntries(
    await Promise.all(Object.entries(DEMO_PASSWORDS).map(async ([role, password]) => [role, await hash(password)] as const)),
  ) as Record<Role, string>;
  return ACCOUNTS.map(({ mailbox, event, ...account }) => ({
    user: { ...account, id: randomUUID(), email: `${mailbox}@${domain}`, passwordHash: hashed[account.role] },
    event,
  }));
}

/**
 * Gives each demo club admin their event, as an accepted invitation would: the account's
 * `assignedEventId` and an entry among the event's staff in-charge. The events need their ids.
 */
export function assignDemoAdmins(accounts: HashedDemoAccount[], events: (NewEventRow & { id: string })[]): { users: NewUserRow[]; events: NewEventRow[] } {
  const byName = new Map(events.map((event) => [event.name, event]));
  const staffed = new Map<string, NewEventRow>();
  const users = accounts.map(({ user, event: eventName }) => {
    const event = eventName ? byName.get(eventName) : undefined;
    if (!event) return user;
    const entry = { adminId: user.id, name: user.name, email: user.email, club: event.clubInCharge ?? '' };
    staffed.set(event.id, { ...event, staffInCharges: [...(event.staffInCharges ?? []), entry] });
    return { ...user, assignedEventId: event.id };
  });
  return { users, events: events.map((event) => staffed.get(event.id) ?? event) };
}

/** The demo accounts and their passwords in one sentence, for the start-up log. */
export function describeDemoAccounts(domain: string): string {
  const addresses = (role: Role, about: (account: DemoAccount) => string = () => '') =>
    ACCOUNTS.filter((account) => account.role === role)
      .map((account) => `${account.mailbox}@${domain}${about(account)}`)
      .join(', ');
  const clubAdmins = addresses('admin', ({ club, event }) => ` (club admin of ${club ?? 'no club'}, running ${event ?? 'no event'})`);
  return (
    `Demo accounts (development only): ${addresses('superadmin')} (super admin) with password ${DEMO_PASSWORDS.superadmin}; ` +
    `${clubAdmins} with password ${DEMO_PASSWORDS.admin}; ` +
    `${addresses('student')} (students) with password ${DEMO_PASSWORDS.student}.`
  );
}
