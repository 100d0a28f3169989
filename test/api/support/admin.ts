import { eq } from 'drizzle-orm';
import type TestAgent from 'supertest/lib/agent';
import { auditLog } from '../../../backend/src/database/schema/audit';
import { eventSeats } from '../../../backend/src/database/schema/events';
import type { NewUserRow, UserRow } from '../../../backend/src/database/schema/users';
import { createUser, signedIn } from './accounts';
import type { TestApp } from './test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025), before the payload's deadline. */
export const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');

/** A signed-in account and its client. */
export interface Person {
  user: UserRow;
  agent: TestAgent;
}

export async function person(t: TestApp, overrides: Partial<NewUserRow> = {}): Promise<Person> {
  const user = await createUser(t, overrides);
  return { user, agent: await signedIn(t, user) };
}

export const clubAdmin = (t: TestApp, club = 'Tech Club') => person(t, { role: 'admin', club });
export const superAdmin = (t: TestApp) => person(t, { role: 'superadmin' });

let sequence = 0;

/** A valid create form (EventPayload); `overrides` change what a test is about. */
export function eventPayload(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Circuit Debugging ${sequence}`,
    event_type: 'solo',
    description: 'Find the fault in a circuit before the clock runs out.',
    staff_incharges: [{ adminId: null, name: 'Dr. Meena Iyer', email: 'meena.iyer@campus.ac.in', club: 'Tech Club' }],
    maxApplications: 40,
    applicationDeadline: '2025-08-28T18:29:00.000Z',
    eventDate: '2025-08-30T04:30:00.000Z',
    venue: 'Lab 3',
    rules: ['Bring your own multimeter.'],
    coordinatorName: 'Arjun K',
    coordinatorDept: 'ECE',
    ...overrides,
  };
}

export async function seatsOf(t: TestApp, eventId: string) {
  const [seats] = await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, eventId));
  return seats;
}

export function auditOf(t: TestApp, subjectId: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
}
