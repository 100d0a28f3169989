import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { EventRow } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import { waitlistEntries } from '../../backend/src/database/schema/waitlist';
import { WaitlistService } from '../../backend/src/waitlist/waitlist.service';
import { createEvent } from './support/factories';
import { mailsTo } from './support/outbox';
import { useTestApp } from './support/test-app';
import { accept, cancel, entryOf, expectSeatsExact, join, registerSolo, type Student, statusesOf, student as newStudent } from './support/waitlist';

const FULL = 'Registration Full - All spots have been taken';
const LAPSED = 'This offer has lapsed: the seat passed to the next in line.';
/** Real time runs in this file, so an offer can expire while an accept of it is in flight; registration closes long after. */
const DEADLINE = new Date('2030-01-01T00:00:00Z');
// Registration closes when the event starts: the event comes after the deadline.
const EVENT_DAY = new Date('2030-01-02T04:30:00Z');

/** Requests fired at the same moment, each racing the others; after each race the tables are checked against each other. */
describe('cancelling and the waitlist under concurrency', () => {
  const t = useTestApp();
  const student = () => newStudent(t);
  const students = (n: number) => Promise.all(Array.from({ length: n }, () => student()));
  const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();
  const sweep = () => t.app.get(WaitlistService).lapseDueOffers();

  /** A solo event with each of its seats taken by a registered student, and `waiting` students in line after them (in order). */
  async function fullEventWithLine(seats: number, waiting: number): Promise<{ event: EventRow; holders: Student[]; line: Student[] }> {
    const event = await createEvent(t.db, { maxApplications: seats, registrationDeadline: DEADLINE, eventDate: EVENT_DAY });
    const holders = await students(seats);
    for (const holder of holders) await registerSolo(holder, event).expect(201);
    const line = await students(waiting);
    for (const s of line) await join(s, event).expect(201);
    return { event, holders, line };
  }

  it('(a) a cancel, an outsider registering and an accept at once: the waiting student keeps their offer and nobody passes the capacity', async () => {
    const { event, holders, line } = await fullEventWithLine(2, 2);
    const [first, second] = line;
    await cancel(holders[0], event).expect(200);
    const offer = await entryOf(first, event);
    const outsider = await student();

    const [cancelled, registered, accepted] = await Promise.all([cancel(holders[1], event), registerSolo(outsider, event), accept(first, offer.id)]);

    expect([cancelled.status, registered.status, accepted.status]).toEqual([200, 409, 200]);
    expect(registered.body.message).toBe(FULL);
    expect(await statusesOf(t.db, event)).toEqual(
      new Map([
        [first.user.id, 'accepted'],
        [second.user.id, 'offered'],
      ]),
    );
    expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 1 });
    expect(await t.db.select().from(registrations).where(eq(registrations.userId, outsider.user.id))).toEqual([]);
  });

  it('(b) two cancels at once with two students waiting: two offers, both seats held', async () => {
    const { event, holders, line } = await fullEventWithLine(2, 2);

    const responses = await Promise.all(holders.map((holder) => cancel(holder, event)));

    expect(statuses(responses)).toEqual([200, 200]);
    expect(await statusesOf(t.db, event)).toEqual(new Map(line.map((s) => [s.user.id, 'offered'])));
    expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 2 });
    for (const s of line) expect(await mailsTo(t.db, s.user.email)).toHaveLength(1);
  });

  it('(b) many cancels at once with a longer line: each freed seat goes to the next waiting student, in order', async () => {
    const { event, holders, line } = await fullEventWithLine(4, 6);

    const responses = await Promise.all(holders.map((holder) => cancel(holder, event)));

    expect(statuses(responses)).toEqual([200, 200, 200, 200]);
    const byStudent = await statusesOf(t.db, event);
    expect(line.map((s) => byStudent.get(s.user.id))).toEqual(['offered', 'offered', 'offered', 'offered', 'waiting', 'waiting']);
    expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 4 });
  });

  it('(c) the sweep against an accept of an offer expiring that moment: exactly one of accepted or lapsed, the seats exact', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { event, holders, line } = await fullEventWithLine(1, 2);
      const [first, second] = line;
      await cancel(holders[0], event).expect(200);
      const offer = await entryOf(first, event);
      await t.db
        .update(waitlistEntries)
        .set({ offerExpiresAt: new Date(Date.now() + 40) })
        .where(eq(waitlistEntries.id, offer.id));
      await sleep(35);

      const [accepted, lapsedBySweep] = await Promise.all([accept(first, offer.id), sweep()]);

      const byStudent = await statusesOf(t.db, event);
      if (accepted.status === 200) {
        expect(lapsedBySweep).toBe(0);
        expect(byStudent).toEqual(
          new Map([
            [first.user.id, 'accepted'],
            [second.user.id, 'waiting'],
          ]),
        );
        expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 0 });
      } else {
        expect(accepted.status).toBe(409);
        expect(accepted.body.message).toBe(LAPSED);
        expect(byStudent).toEqual(
          new Map([
            [first.user.id, 'lapsed'],
            [second.user.id, 'offered'],
          ]),
        );
        expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
      }
    }
  });

  it('(c) an accept of an expired offer and two sweeps at once lapse it once: the seat passes on once', async () => {
    const { event, holders, line } = await fullEventWithLine(1, 3);
    const [first, second, third] = line;
    await cancel(holders[0], event).expect(200);
    const offer = await entryOf(first, event);
    await t.db
      .update(waitlistEntries)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(waitlistEntries.id, offer.id));

    const [accepted, ...swept] = await Promise.all([accept(first, offer.id), sweep(), sweep()]);

    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toBe(LAPSED);
    expect(swept.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(1);
    expect(await statusesOf(t.db, event)).toEqual(
      new Map([
        [first.user.id, 'lapsed'],
        [second.user.id, 'offered'],
        [third.user.id, 'waiting'],
      ]),
    );
    expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
  });

  it('(d) two joins of the same student at once: one entry', async () => {
    const { event } = await fullEventWithLine(1, 0);
    const s = await student();

    const responses = await Promise.all([join(s, event), join(s, event)]);

    expect(statuses(responses)).toEqual([201, 409]);
    expect(responses.find((r) => r.status === 409)?.body.message).toBe(`You are already in line for ${event.name}.`);
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, s.user.id))).toHaveLength(1);
    expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 0 });
  });

  it('a join racing the cancel that frees the last seat: the student is either offered the seat or told to register, never left waiting beside a free seat', async () => {
    const { event, holders } = await fullEventWithLine(1, 0);
    const s = await student();

    const [cancelled, joined] = await Promise.all([cancel(holders[0], event), join(s, event)]);

    expect(cancelled.status).toBe(200);
    const seats = await expectSeatsExact(t.db, event);
    if (joined.status === 201) {
      expect(await statusesOf(t.db, event)).toEqual(new Map([[s.user.id, 'offered']]));
      expect(seats).toEqual({ taken: 0, held: 1 });
    } else {
      expect(joined.status).toBe(409);
      expect(joined.body.message).toBe(`Seats are still open for ${event.name}: register instead.`);
      expect(seats).toEqual({ taken: 0, held: 0 });
    }
  });
});
