import { and, eq, inArray, ne } from 'drizzle-orm';
import type { EventRow } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import { waitlistEntries } from '../../backend/src/database/schema/waitlist';
import { WaitlistService } from '../../backend/src/waitlist/waitlist.service';
import { clubAdmin, type Person } from './support/admin';
import { createEvent } from './support/factories';
import { useTestApp } from './support/test-app';
import { accept, cancel, decline, entryOf, expectSeatsExact, join, registerSolo, statusesOf, student as newStudent } from './support/waitlist';

const FULL = 'Registration Full - All spots have been taken';
/** Real time runs in this file; registration closes long after it. */
const DEADLINE = new Date('2030-01-01T00:00:00Z');
// Registration closes when the event starts: the event comes after the deadline.
const EVENT_DAY = new Date('2030-01-02T04:30:00Z');

/**
 * Every path that moves a seat (a cancel, an offer and its answer, a club admin's decision or
 * capacity change, a new registration) racing the others at one event: afterwards the seats
 * taken and held match the registrations and offers, stay within the capacity, and no student
 * holds two places.
 */
describe('one seat, many hands', () => {
  const t = useTestApp();
  const student = () => newStudent(t);
  const students = (n: number) => Promise.all(Array.from({ length: n }, () => student()));
  const sweep = () => t.app.get(WaitlistService).lapseDueOffers();
  const decide = (admin: Person, event: EventRow, status: 'approved' | 'rejected', userIds: string[]) =>
    admin.agent.put(`/api/v1/admin/events/${event.id}/registrations`).send({ status, userIds });
  const setCapacity = (admin: Person, event: EventRow, maxApplications: number) =>
    admin.agent.put(`/api/v1/admin/events/${event.id}`).send({ maxApplications });

  /** A place is a standing registration or an open offer; nobody has two. */
  async function expectOnePlaceEach(event: EventRow): Promise<void> {
    const standing = await t.db
      .select({ userId: registrations.userId })
      .from(registrations)
      .where(and(eq(registrations.eventId, event.id), ne(registrations.status, 'rejected')));
    const offered = await t.db
      .select({ userId: waitlistEntries.userId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, event.id), inArray(waitlistEntries.status, ['offered'])));
    const places = [...standing, ...offered].map((row) => row.userId);
    expect(places.length).toBe(new Set(places).size);
  }

  async function expectInvariants(event: EventRow): Promise<{ taken: number; held: number }> {
    const seats = await expectSeatsExact(t.db, event);
    await expectOnePlaceEach(event);
    return seats;
  }

  /** A solo event of the Tech Club, each seat taken by a registered student, `waiting` students in line after them. */
  async function fullEvent(seats: number, waiting: number, fields: Partial<EventRow> = {}) {
    const event = await createEvent(t.db, {
      maxApplications: seats,
      registrationDeadline: DEADLINE,
      eventDate: EVENT_DAY,
      clubInCharge: 'Tech Club',
      ...fields,
    });
    const holders = await students(seats);
    for (const holder of holders) await registerSolo(holder, event).expect(201);
    const line = await students(waiting);
    for (const s of line) await join(s, event).expect(201);
    return { event, holders, line };
  }

  it('a cancel, a declined offer and an outsider registering at once: each freed seat goes to the line, the outsider finds it full', async () => {
    const { event, holders, line } = await fullEvent(2, 3);
    await cancel(holders[0], event).expect(200);
    const offer = await entryOf(line[0], event);
    const outsider = await student();

    const [cancelled, declined, registered] = await Promise.all([cancel(holders[1], event), decline(line[0], offer.id), registerSolo(outsider, event)]);

    expect([cancelled.status, declined.status, registered.status]).toEqual([200, 200, 409]);
    expect(registered.body.message).toBe(FULL);
    const byStudent = await statusesOf(t.db, event);
    expect(line.map((s) => byStudent.get(s.user.id))).toEqual(['declined', 'offered', 'offered']);
    expect(await expectInvariants(event)).toEqual({ taken: 0, held: 2 });
  });

  it('two paths offering one freed seat at once (a cancel, a capacity saved unchanged, the sweep): it is offered once', async () => {
    const admin = await clubAdmin(t);
    const { event, holders, line } = await fullEvent(1, 2);

    const [cancelled, saved] = await Promise.all([cancel(holders[0], event), setCapacity(admin, event, 1), sweep()]);

    expect([cancelled.status, saved.status]).toEqual([200, 200]);
    const byStudent = await statusesOf(t.db, event);
    expect(line.map((s) => byStudent.get(s.user.id))).toEqual(['offered', 'waiting']);
    expect(await expectInvariants(event)).toEqual({ taken: 0, held: 1 });
  });

  it('an approval, a cancel of the same registration and a rejection at once: the freed seats go to the line, nothing is left half-decided', async () => {
    const admin = await clubAdmin(t);
    const { event, holders, line } = await fullEvent(2, 2, { requiresApproval: true });
    const [first, second] = holders;
    const outsider = await student();

    const [approved, cancelled, rejected, registered] = await Promise.all([
      decide(admin, event, 'approved', [first.user.id]),
      cancel(first, event),
      decide(admin, event, 'rejected', [second.user.id]),
      registerSolo(outsider, event),
    ]);

    expect([approved.status, cancelled.status, rejected.status, registered.status]).toEqual([200, 200, 200, 409]);
    expect([0, 1]).toContain(approved.body.updated);
    expect(rejected.body.updated).toBe(1);
    const byStudent = await statusesOf(t.db, event);
    expect(line.map((s) => byStudent.get(s.user.id))).toEqual(['offered', 'offered']);
    expect(await expectInvariants(event)).toEqual({ taken: 0, held: 2 });
  });

  it('the capacity lowered during a rush of registrations, a cancel and an accept: never more seats taken and held than the capacity', async () => {
    const admin = await clubAdmin(t);
    const { event, holders, line } = await fullEvent(3, 1);
    await setCapacity(admin, event, 8).expect(200);
    // The raised capacity offered the line a seat: its student accepts during the rush.
    const offer = await entryOf(line[0], event);
    const rush = await students(6);

    const [lowered, cancelled, ...answers] = await Promise.all([
      setCapacity(admin, event, 5),
      cancel(holders[0], event),
      accept(line[0], offer.id),
      ...rush.map((s) => registerSolo(s, event)),
    ]);

    expect(cancelled.status).toBe(200);
    const [accepted, ...registered] = answers;
    expect(accepted.status).toBe(200);
    expect(registered.every((response) => response.status === 201 || response.status === 409)).toBe(true);
    const seats = await expectInvariants(event);
    if (lowered.status === 200) expect(seats.taken + seats.held).toBeLessThanOrEqual(5);
    else {
      expect(lowered.status).toBe(409);
      expect(lowered.body.message).toMatch(/^Max applications cannot be below the \d+ seats already taken/);
    }
    expect(registered.filter((response) => response.status === 201).length).toBeGreaterThan(0);
  });
});
