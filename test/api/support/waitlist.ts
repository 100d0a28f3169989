import { and, eq, inArray, ne } from 'drizzle-orm';
import type TestAgent from 'supertest/lib/agent';
import type { Database } from '../../../backend/src/database/database.service';
import { type EventRow, eventSeats } from '../../../backend/src/database/schema/events';
import { registrations } from '../../../backend/src/database/schema/registrations';
import type { NewUserRow, UserRow } from '../../../backend/src/database/schema/users';
import { waitlistEntries } from '../../../backend/src/database/schema/waitlist';
import type { WaitlistEntryResponse } from '../../../backend/src/waitlist/waitlist.response';
import { createUser, signedIn } from './accounts';
import type { TestApp } from './test-app';

/** A signed-in student of a test: their account and a client carrying their session. */
export interface Student {
  user: UserRow;
  agent: TestAgent;
}

export async function student(t: TestApp, overrides: Partial<NewUserRow> = {}): Promise<Student> {
  const user = await createUser(t, overrides);
  return { user, agent: await signedIn(t, user) };
}

/** Students put in line for the event one after another, a second apart, so their order is plain. */
export async function studentsInLine(t: TestApp, event: EventRow, count: number): Promise<Student[]> {
  const waiting: Student[] = [];
  for (let i = 0; i < count; i += 1) {
    const s = await student(t);
    t.clock.advance(1000);
    await join(s, event).expect(201);
    waiting.push(s);
  }
  return waiting;
}

export const registerSolo = (s: Student, event: EventRow) => s.agent.post('/api/v1/solo').send({ eventId: event.id, studentId: s.user.id });
export const cancel = (s: Student, event: EventRow, eventName = event.name) => s.agent.post(`/api/v1/registrations/${event.id}/cancel`).send({ eventName });
export const join = (s: Student, event: EventRow, teamId?: string) => s.agent.post(`/api/v1/events/${event.id}/waitlist`).send(teamId ? { teamId } : {});
export const accept = (s: Student, entryId: string) => s.agent.post(`/api/v1/waitlist/${entryId}/accept`);
export const decline = (s: Student, entryId: string) => s.agent.post(`/api/v1/waitlist/${entryId}/decline`);
export const leave = (s: Student, entryId: string) => s.agent.delete(`/api/v1/waitlist/${entryId}`);

/** The student's open entries, as GET /waitlist answers them. */
export async function entriesOf(s: Student): Promise<WaitlistEntryResponse[]> {
  const response = await s.agent.get('/api/v1/waitlist');
  if (response.status !== 200) throw new Error(`GET /waitlist answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.entries;
}

/** The student's one open entry for the event. */
export async function entryOf(s: Student, event: EventRow): Promise<WaitlistEntryResponse> {
  const entry = (await entriesOf(s)).find((e) => e.event.id === event.id);
  if (!entry) throw new Error(`no open entry for ${event.name}`);
  return entry;
}

export async function seatsOf(db: Database, event: EventRow): Promise<{ capacity: number | null; taken: number; held: number }> {
  const [row] = await db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id));
  return { capacity: row.capacity, taken: row.taken, held: row.held };
}

export async function statusesOf(db: Database, event: EventRow): Promise<Map<string, string>> {
  const rows = await db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, event.id));
  return new Map(rows.map((row) => [row.userId, row.status]));
}

/**
 * The seat invariant, read from the tables: `taken` is the seats standing registrations hold (one
 * per solo student, one per team), `held` the open offers, and together within the capacity.
 */
export async function expectSeatsExact(db: Database, event: EventRow): Promise<{ taken: number; held: number }> {
  const seats = await seatsOf(db, event);
  const standing = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.eventId, event.id), ne(registrations.status, 'rejected')));
  const offers = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, event.id), inArray(waitlistEntries.status, ['offered'])));
  expect({ taken: seats.taken, held: seats.held }).toEqual({
    taken: new Set(standing.map((row) => row.teamId ?? `student:${row.userId}`)).size,
    held: offers.length,
  });
  if (seats.capacity !== null) expect(seats.taken + seats.held).toBeLessThanOrEqual(seats.capacity);
  return { taken: seats.taken, held: seats.held };
}
