import type { FestivalRules } from '../../backend/src/config/app-config';
import type { EventRow, NewEventRow } from '../../backend/src/database/schema/events';
import { createUser, signedIn } from './support/accounts';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { latestMail } from './support/outbox';
import { useTestApp } from './support/test-app';
import {
  accept,
  cancel,
  entryOf,
  expectSeatsExact,
  join,
  registerSolo,
  type Student,
  statusesOf,
  student as newStudent,
  studentsInLine,
} from './support/waitlist';

/** Inside the default festival's registration window (opens 14 Aug 2025); the factory's events close 28 Aug 23:59 IST. */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const at = (time: string, day = '2025-08-30') => new Date(`${day}T${time}:00+05:30`);
const rules = (overrides: Partial<FestivalRules>): { festivalRules: FestivalRules } => ({
  festivalRules: { maxRegistrationsPerStudent: 0, clashCheck: false, eventLengthMinutes: 120, ...overrides },
});

describe('the waitlist under the festival rules', () => {
  const t = useTestApp(rules({ maxRegistrationsPerStudent: 2, clashCheck: true }), { now: DURING_REGISTRATION });
  const student = () => newStudent(t);

  /** A solo event whose one seat is taken, and the students put in line for it, in order. */
  async function fullEventWithLine(waiting: number, overrides: Partial<NewEventRow> = {}): Promise<{ event: EventRow; holder: Student; line: Student[] }> {
    const event = await createEvent(t.db, { maxApplications: 1, eventDate: at('09:00'), ...overrides });
    const holder = await student();
    await registerSolo(holder, event).expect(201);
    return { event, holder, line: await studentsInLine(t, event, waiting) };
  }

  it('joining the line is refused as registering would be: at the cap, or at the same time as a registration', async () => {
    const { event } = await fullEventWithLine(0, { name: 'Robo Wars' });
    const [busy, clashing] = [await student(), await student()];
    for (const other of [await createEvent(t.db, { eventDate: at('09:00', '2025-08-31') }), await createEvent(t.db, { eventDate: null })]) {
      await registerSolo(busy, other).expect(201);
    }
    await registerSolo(clashing, await createEvent(t.db, { name: 'Quiz', eventDate: at('10:00') })).expect(201);

    expectError(await join(busy, event), 409, 'You can hold at most 2 registrations at this festival.');
    expectError(await join(clashing, event), 409, 'Robo Wars is at the same time as Quiz, which you are registered for.');
  });

  it('a head of the line who reached the cap meanwhile is not offered the seat: told why, and the next one gets it', async () => {
    const { event, holder, line } = await fullEventWithLine(2, { name: 'Robo Wars' });
    const [capped, next] = line;
    for (const other of [await createEvent(t.db, { eventDate: at('09:00', '2025-08-31') }), await createEvent(t.db, { eventDate: null })]) {
      await registerSolo(capped, other).expect(201);
    }

    await cancel(holder, event).expect(200);

    expect(await statusesOf(t.db, event)).toEqual(
      new Map([
        [capped.user.id, 'lapsed'],
        [next.user.id, 'offered'],
      ]),
    );
    expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
    const mail = await latestMail(t.db, capped.user.email);
    expect(mail.subject).toBe('Your place in line for Robo Wars is closed');
    expect(mail.text).toContain('it could not be offered to you: You can hold at most 2 registrations at this festival.');
  });

  it('an offer its student can mend (a clash taken on meanwhile) stays theirs after a refused accept', async () => {
    const { event, holder, line } = await fullEventWithLine(1, { name: 'Robo Wars' });
    const [first] = line;
    await cancel(holder, event).expect(200);
    const quiz = await createEvent(t.db, { name: 'Quiz', eventDate: at('10:00') });
    await registerSolo(first, quiz).expect(201);
    const offer = await entryOf(first, event);

    expectError(await accept(first, offer.id), 409, 'Robo Wars is at the same time as Quiz, which you are registered for.');

    expect((await entryOf(first, event)).status).toBe('offered');
    await cancel(first, quiz).expect(200);
    await accept(first, offer.id).expect(200);
  });

  it('a student accepting their offer and registering for the same event at once: one seat, never a deadlock', async () => {
    const admin = await signedIn(t, await createUser(t, { role: 'admin', club: 'Tech Club' }));
    for (let round = 0; round < 5; round += 1) {
      const { event, holder, line } = await fullEventWithLine(1, { eventDate: at('09:00', `2025-09-0${round + 1}`) });
      const [first] = line;
      await cancel(holder, event).expect(200);
      // A free seat beside the held one, so registering is not refused early as full.
      await admin.put(`/api/v1/admin/events/${event.id}`).send({ maxApplications: 2 }).expect(200);
      const offer = await entryOf(first, event);

      const [accepted, registered] = await Promise.all([accept(first, offer.id), registerSolo(first, event)]);

      expect([accepted.status, registered.status]).toEqual(accepted.status === 200 ? [200, 409] : [409, 201]);
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 0 });
    }
  });
});
