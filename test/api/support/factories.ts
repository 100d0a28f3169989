import { sql } from 'drizzle-orm';
import type { Database } from '../../../backend/src/database/database.service';
import { clubs } from '../../../backend/src/database/schema/clubs';
import { type EventRow, eventSeats, events, type NewEventRow } from '../../../backend/src/database/schema/events';
import { editions } from '../../../backend/src/database/schema/festival-settings';
import type { UserRow } from '../../../backend/src/database/schema/users';

let sequence = 0;

/** The club a fixture names, made when the database lacks it (a fresh one holds the first ten). */
export async function ensureClub(db: Database, name: string | null | undefined): Promise<void> {
  if (name) await db.insert(clubs).values({ name }).onConflictDoNothing();
}

/** The open edition's id, as the statement that inserts an event reads it. */
const OPEN_EDITION = sql`(select ${editions.id} from ${editions} where ${editions.closedAt} is null)`;

/** An event with sensible defaults and its seats, in the open edition unless one is named; `overrides` set what a test cares about. */
export async function createEvent(db: Database, overrides: Partial<NewEventRow> & { editionId?: number } = {}): Promise<EventRow> {
  const n = (sequence += 1);
  const { maxApplications = 30, seatsTaken = 0, editionId, ...fields } = overrides;
  await ensureClub(db, fields.clubInCharge);
  const [event] = await db
    .insert(events)
    .values({
      name: `Test Event ${n}`,
      description: 'An event made by a test.',
      eventType: 'solo',
      clubInCharge: 'Tech Club',
      rules: ['Be on time.'],
      eventDate: new Date('2025-08-30T04:30:00.000Z'),
      registrationDeadline: new Date('2025-08-28T18:29:00.000Z'),
      venue: 'Seminar Hall 1',
      coordinatorName: 'Test Coordinator',
      coordinatorDept: 'CSE',
      ...fields,
      editionId: editionId ?? OPEN_EDITION,
    })
    .returning();
  await db.insert(eventSeats).values({ eventId: event.id, capacity: maxApplications, taken: seatsTaken });
  return { ...event, maxApplications, seatsTaken, seatsHeld: 0 };
}

/** A member as the enrolment form lists one: as their account describes them unless `listedAs` says otherwise. */
interface FormMember {
  name: string;
  email: string;
  dept: string | null;
  year: string | null;
  listedAs?: { year: string; branch: string };
}

/** The enrolment form's body (`POST /api/v1/group`) for the leader and the members listed. */
export function enrolmentForm(event: Pick<EventRow, 'id'>, leader: Pick<UserRow, 'id' | 'name' | 'email'>, members: FormMember[]) {
  return {
    eventId: event.id,
    teamLeadName: leader.name,
    teamLeadEmail: leader.email,
    teamLeaderId: leader.id,
    members: members.map(({ name, email, dept, year, listedAs = { year: year ?? '', branch: dept ?? '' } }) => ({ name, ...listedAs, email })),
  };
}
