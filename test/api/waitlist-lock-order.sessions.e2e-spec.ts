// Lock order between database sessions: a registration of the student's, elsewhere, holds their
// festival-rules lock while they accept an offer, and others must still register meanwhile. That
// takes sessions side by side: the embedded database serves one connection and a pool of one
// connection one request, so nothing runs beside a waiting transaction there, by design.
// jest.config.cjs runs `*.sessions.e2e-spec.ts` files only on PostgreSQL with a pool of several.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { EventRow, NewEventRow } from '../../backend/src/database/schema/events';
import { createUser, signedIn } from './support/accounts';
import { createEvent } from './support/factories';
import { useTestApp } from './support/test-app';
import { accept, cancel, entryOf, expectSeatsExact, registerSolo, type Student, student as newStudent, studentsInLine } from './support/waitlist';

/** Inside the default festival's registration window (opens 14 Aug 2025); the factory's events close 28 Aug 23:59 IST. */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');

/** The festival rules' advisory lock key of a student, as the registrations module makes it (32 bits of the id's hash, in its space 727002). */
const studentLockKey = (userId: string) => createHash('sha256').update(userId).digest().readInt32BE(0);

/** A transaction on a session outside the app's pool that holds the student's lock until released. */
async function holdStudentLock(userId: string): Promise<{ release(): Promise<void> }> {
  const session = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await session.connect();
  await session.query('begin');
  await session.query('select pg_advisory_xact_lock(727002, $1::int)', [studentLockKey(userId)]);
  return {
    async release() {
      await session.query('commit');
      await session.end();
    },
  };
}

describe('the waitlist under the festival rules, beside another session', () => {
  const t = useTestApp({ festivalRules: { maxRegistrationsPerStudent: 2, clashCheck: true, eventLengthMinutes: 120 } }, { now: DURING_REGISTRATION });

  /** A solo event whose one seat is taken, and the students put in line for it, in order. */
  async function fullEventWithLine(waiting: number, overrides: Partial<NewEventRow> = {}): Promise<{ event: EventRow; holder: Student; line: Student[] }> {
    const event = await createEvent(t.db, { maxApplications: 1, eventDate: new Date('2025-08-30T09:00:00+05:30'), ...overrides });
    const holder = await newStudent(t);
    await registerSolo(holder, event).expect(201);
    return { event, holder, line: await studentsInLine(t, event, waiting) };
  }

  it("an accept waits for the student's own registration in flight before it locks the event's seats, so others still register", async () => {
    const { event, holder, line } = await fullEventWithLine(1, { name: 'Robo Wars' });
    const [first] = line;
    await cancel(holder, event).expect(200);
    const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });
    await (await signedIn(t, admin)).put(`/api/v1/admin/events/${event.id}`).send({ maxApplications: 2 }).expect(200);
    const offer = await entryOf(first, event);
    const outsider = await newStudent(t);

    const elsewhere = await holdStudentLock(first.user.id);
    let released = false;
    try {
      const accepting = accept(first, offer.id).then((response) => response);
      await sleep(300);
      const registered = await Promise.race([registerSolo(outsider, event).then((response) => response.status), sleep(3000).then(() => 'still waiting')]);

      expect(registered).toBe(201);
      await elsewhere.release();
      released = true;
      expect((await accepting).status).toBe(200);
    } finally {
      if (!released) await elsewhere.release();
    }
    expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 2, held: 0 });
  });
});
