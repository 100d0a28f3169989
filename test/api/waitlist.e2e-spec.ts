import { eq, sql } from 'drizzle-orm';
import { type EventRow, eventSeats } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import { teamGenderCounts, teams } from '../../backend/src/database/schema/teams';
import type { NewUserRow } from '../../backend/src/database/schema/users';
import { waitlistEntries } from '../../backend/src/database/schema/waitlist';
import { WaitlistService } from '../../backend/src/waitlist/waitlist.service';
import { createUser, signedIn } from './support/accounts';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent, enrolmentForm } from './support/factories';
import { latestMail, mailsTo } from './support/outbox';
import { useTestApp } from './support/test-app';
import {
  accept,
  cancel,
  decline,
  entriesOf,
  entryOf,
  expectSeatsExact,
  join,
  leave,
  registerSolo,
  seatsOf,
  type Student,
  statusesOf,
  student as newStudent,
  studentsInLine,
} from './support/waitlist';

/** Inside the default festival's registration window (opens 14 Aug 2025); the factory's events close 28 Aug 23:59 IST. */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const FULL = 'Registration Full - All spots have been taken';

describe('cancelling a registration and the waitlist', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  beforeAll(async () => {
    contract = await loadApiContract(t);
  });

  const student = (overrides: Partial<NewUserRow> = {}) => newStudent(t, overrides);
  const sweep = () => t.app.get(WaitlistService).lapseDueOffers();

  /** A solo event whose `seats` seats are each taken by a registered student (answered in order). */
  async function fullEvent(seats: number, overrides: Parameters<typeof createEvent>[1] = {}): Promise<{ event: EventRow; holders: Student[] }> {
    const event = await createEvent(t.db, { maxApplications: seats, ...overrides });
    const holders: Student[] = [];
    for (let i = 0; i < seats; i += 1) {
      const holder = await student();
      await registerSolo(holder, event).expect(201);
      holders.push(holder);
    }
    return { event, holders };
  }

  const inLine = (event: EventRow, count: number) => studentsInLine(t, event, count);

  describe('cancelling', () => {
    it("gives the seat back and deletes the student's registration", async () => {
      const { event, holders } = await fullEvent(1, { name: 'Code Sprint' });

      const response = await cancel(holders[0], event);

      contract.expectAnswer('POST /api/v1/registrations/{eventId}/cancel', response, 200);
      expect(response.body).toEqual({ success: true, message: 'Your registration for Code Sprint is cancelled.' });
      expect(await t.db.select().from(registrations)).toEqual([]);
      expect(await seatsOf(t.db, event)).toEqual({ capacity: 1, taken: 0, held: 0 });
      await registerSolo(await student(), event).expect(201);
    });

    it('is confirmed by typing the event name exactly', async () => {
      const { event, holders } = await fullEvent(1, { name: 'Code Sprint' });

      for (const typed of ['code sprint', 'Code', '']) {
        const response = await cancel(holders[0], event, typed);
        expectError(response, 400, 'Type the event name exactly as shown to confirm.');
        expect(response.body.errors).toEqual([{ field: 'eventName', message: 'Type the event name exactly as shown to confirm.' }]);
      }
      expect(await t.db.select().from(registrations)).toHaveLength(1);
    });

    it('answers 404 for an unknown event or a student who is not registered', async () => {
      const { event } = await fullEvent(1, { name: 'Code Sprint' });
      const outsider = await student();

      expectError(await cancel(outsider, event), 404, 'You are not registered for Code Sprint.');
      expectError(await cancel(outsider, { ...event, id: '00000000-0000-4000-8000-000000000000' }), 404, 'Event not found');
    });

    it('is refused after the registration deadline, and without one once the event has started', async () => {
      const { event, holders } = await fullEvent(1, { name: 'Code Sprint', registrationDeadline: new Date(DURING_REGISTRATION.getTime() + HOUR) });
      const undated = await createEvent(t.db, { name: 'Open Mic', registrationDeadline: null, eventDate: new Date(DURING_REGISTRATION.getTime() + HOUR) });
      const singer = await student();
      await registerSolo(singer, undated).expect(201);

      t.clock.advance(HOUR);

      const late = await cancel(holders[0], event);
      contract.expectAnswer('POST /api/v1/registrations/{eventId}/cancel', late);
      expectError(late, 409, 'The registration deadline for Code Sprint has passed: registrations can no longer be cancelled.');
      expectError(await cancel(singer, undated), 409, 'Open Mic has started: registrations can no longer be cancelled.');
      expect(await t.db.select().from(registrations)).toHaveLength(2);
    });

    it('refuses admins, whatever the event', async () => {
      const { event } = await fullEvent(1);
      const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });

      expectError(await cancel({ user: admin, agent: await signedIn(t, admin) }, event), 403, 'Admin Account - Admins cannot register for events');
    });
  });

  describe('joining the line', () => {
    it('answers the place in line, and lists the entry with it', async () => {
      const { event } = await fullEvent(1, { name: 'Robo Wars' });
      const [first, second] = [await student(), await student()];

      const firstAnswer = await join(first, event);
      t.clock.advance(1000);
      const secondAnswer = await join(second, event);

      contract.expectAnswer('POST /api/v1/events/{eventId}/waitlist', firstAnswer, 201);
      expect(firstAnswer.body.message).toBe('You are number 1 in line for Robo Wars.');
      expect(secondAnswer.body.message).toBe('You are number 2 in line for Robo Wars.');
      expect(secondAnswer.body.entry).toEqual({
        id: expect.any(String),
        event: { id: event.id, name: 'Robo Wars' },
        team: null,
        status: 'waiting',
        place: 2,
        offerExpiresAt: null,
        joinedAt: new Date(DURING_REGISTRATION.getTime() + 1000).toISOString(),
        canAnswer: true,
      });
      const listed = await second.agent.get('/api/v1/waitlist');
      contract.expectAnswer('GET /api/v1/waitlist', listed, 200);
      expect(listed.body.entries).toEqual([secondAnswer.body.entry]);
    });

    it('is refused while seats are open, twice, to a registered student, and after the deadline', async () => {
      const open = await createEvent(t.db, { name: 'Poetry Slam', maxApplications: 5 });
      const { event, holders } = await fullEvent(1, { name: 'Robo Wars' });
      const waiting = await student();
      await join(waiting, event).expect(201);

      expectError(await join(waiting, open), 409, 'Seats are still open for Poetry Slam: register instead.');
      expectError(await join(waiting, event), 409, 'You are already in line for Robo Wars.');
      expectError(await join(holders[0], event), 409, 'You are already registered for Robo Wars.');
      t.clock.advance(9 * 24 * HOUR);
      expectError(await join(await student(), event), 409, 'The registration deadline for Robo Wars has passed.');
      expect(await t.db.select().from(waitlistEntries)).toHaveLength(1);
    });

    it('asks for a team on a group event', async () => {
      const event = await createEvent(t.db, { name: 'Hack Night', eventType: 'group', maxApplications: 1, seatsTaken: 1 });

      expectError(await join(await student(), event), 400, 'Hack Night is a team event. Put your team in line from its page.');
    });

    it("counts each entry's place in its own event's line", async () => {
      const [robo, quiz] = [(await fullEvent(1, { name: 'Robo Wars' })).event, (await fullEvent(1, { name: 'Quiz' })).event];
      await inLine(robo, 2);
      const both = await student();
      await join(both, quiz).expect(201);
      t.clock.advance(1000);
      await join(both, robo).expect(201);

      expect((await entriesOf(both)).map((entry) => [entry.event.name, entry.place])).toEqual([
        ['Quiz', 1],
        ['Robo Wars', 3],
      ]);
    });

    it('is no longer listed once registration is over, and the sweep closes it', async () => {
      const { event } = await fullEvent(1, { name: 'Robo Wars', registrationDeadline: new Date(DURING_REGISTRATION.getTime() + HOUR) });
      const [waiting] = await inLine(event, 1);
      const inactive = (await fullEvent(1, { name: 'Quiz' })).event;
      await join(waiting, inactive).expect(201);
      const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });
      await (await signedIn(t, admin)).put(`/api/v1/admin/events/${inactive.id}`).send({ isActive: false }).expect(200);

      t.clock.advance(HOUR);

      expect(await entriesOf(waiting)).toEqual([]);
      expect(await sweep()).toBe(1);
      expect(await statusesOf(t.db, event)).toEqual(new Map([[waiting.user.id, 'lapsed']]));
      const [closed] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, event.id));
      expect(closed.closedAt).toEqual(t.clock.now());
      // An inactive event may open again: its line is kept, only hidden.
      expect(await statusesOf(t.db, inactive)).toEqual(new Map([[waiting.user.id, 'waiting']]));
    });

    it('lets a student leave the line, and the places behind move up', async () => {
      const { event } = await fullEvent(1, { name: 'Robo Wars' });
      const [first, second] = await inLine(event, 2);
      const { id } = await entryOf(first, event);

      const response = await leave(first, id);

      contract.expectAnswer('DELETE /api/v1/waitlist/{entryId}', response, 200);
      expect(response.body.message).toBe('You left the waitlist for Robo Wars.');
      expect(await entriesOf(first)).toEqual([]);
      expect((await entryOf(second, event)).place).toBe(1);
      expectError(await leave(first, id), 409, 'You are no longer in line for Robo Wars.');
    });
  });

  describe('offers', () => {
    it('a cancelled seat is held for the head of the line, who is e-mailed, and taken by accepting', async () => {
      const { event, holders } = await fullEvent(1, { name: 'Robo Wars' });
      const [first, second] = await inLine(event, 2);

      await cancel(holders[0], event).expect(200);

      const offer = await entryOf(first, event);
      expect(offer).toMatchObject({ status: 'offered', place: null, offerExpiresAt: new Date(t.clock.now().getTime() + 12 * HOUR).toISOString() });
      expect(await entryOf(second, event)).toMatchObject({ status: 'waiting', place: 1 });
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
      const mail = await latestMail(t.db, first.user.email);
      expect(mail.subject).toBe('A seat for Robo Wars is yours until 20 August 2025, 10:00 pm IST');
      expect(mail.text).toContain('held for you until 20 August 2025, 10:00 pm IST');
      expect(mail.text).toContain(`/event/${event.id}`);
      // The held seat is not free: a newcomer is told the event is full.
      expectError(await registerSolo(await student(), event), 409, FULL);

      const accepted = await accept(first, offer.id);

      contract.expectAnswer('POST /api/v1/waitlist/{entryId}/accept', accepted, 200);
      expect(accepted.body).toEqual({ success: true, message: 'Successfully registered for Robo Wars!' });
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 0 });
      expect((await statusesOf(t.db, event)).get(first.user.id)).toBe('accepted');
      const [registration] = await t.db.select().from(registrations).where(eq(registrations.userId, first.user.id));
      expect(registration).toMatchObject({ eventId: event.id, status: 'approved' });
      expectError(await accept(first, offer.id), 409, 'This seat is no longer offered to you.');
    });

    it("is answered only by its student: someone else's entry is not found", async () => {
      const { event, holders } = await fullEvent(1);
      const [first] = await inLine(event, 1);
      await cancel(holders[0], event).expect(200);
      const { id } = await entryOf(first, event);
      const stranger = await student();

      expectError(await accept(stranger, id), 404, 'Waitlist entry not found');
      expectError(await decline(stranger, id), 404, 'Waitlist entry not found');
      expectError(await leave(stranger, id), 404, 'Waitlist entry not found');
      expectError(await accept(first, '00000000-0000-4000-8000-000000000000'), 404, 'Waitlist entry not found');
    });

    it('lapses after 12 hours: the sweep passes the seat to the next in line, and the late accept is told so', async () => {
      const { event, holders } = await fullEvent(1, { name: 'Robo Wars' });
      const [first, second] = await inLine(event, 2);
      await cancel(holders[0], event).expect(200);
      const { id } = await entryOf(first, event);

      t.clock.advance(12 * HOUR - MINUTE);
      expect(await sweep()).toBe(0);
      t.clock.advance(2 * MINUTE);
      expect(await sweep()).toBe(1);

      expect(await statusesOf(t.db, event)).toEqual(
        new Map([
          [first.user.id, 'lapsed'],
          [second.user.id, 'offered'],
        ]),
      );
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
      expect((await mailsTo(t.db, second.user.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^A seat for Robo Wars is yours until /)]);
      const late = await accept(first, id);
      contract.expectAnswer('POST /api/v1/waitlist/{entryId}/accept', late);
      expectError(late, 409, 'This offer has lapsed: the seat passed to the next in line.');
      expect(await entriesOf(first)).toEqual([]);
    });

    it('an accept after the expiry, before any sweep, lapses the offer itself and passes the seat on', async () => {
      const { event, holders } = await fullEvent(1);
      const [first, second] = await inLine(event, 2);
      await cancel(holders[0], event).expect(200);
      const { id } = await entryOf(first, event);
      t.clock.advance(12 * HOUR);

      expectError(await accept(first, id), 409, 'This offer has lapsed: the seat passed to the next in line.');

      expect(await statusesOf(t.db, event)).toEqual(
        new Map([
          [first.user.id, 'lapsed'],
          [second.user.id, 'offered'],
        ]),
      );
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
      expect(await sweep()).toBe(0);
    });

    it('a declined offer with nobody else in line frees the seat for anyone, and says so', async () => {
      const { event, holders } = await fullEvent(1, { name: 'Kite Derby' });
      const [only] = await inLine(event, 1);
      await cancel(holders[0], event).expect(200);

      const declined = await decline(only, (await entryOf(only, event)).id);

      expect(declined.status).toBe(200);
      expect(declined.body.message).toBe('You declined the seat for Kite Derby. Nobody else is in line, so it is free for anyone to register.');
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 0 });
    });

    it('a declined offer passes to the next in line; leaving with an offer does too', async () => {
      const { event, holders } = await fullEvent(1, { name: 'Robo Wars' });
      const [first, second, third] = await inLine(event, 3);
      await cancel(holders[0], event).expect(200);

      const declined = await decline(first, (await entryOf(first, event)).id);

      contract.expectAnswer('POST /api/v1/waitlist/{entryId}/decline', declined, 200);
      expect(declined.body.message).toBe('You declined the seat for Robo Wars. It passes to the next in line.');
      expect((await entryOf(second, event)).status).toBe('offered');
      expect(await entryOf(third, event)).toMatchObject({ status: 'waiting', place: 1 });

      const left = await leave(second, (await entryOf(second, event)).id);

      expect(left.body.message).toBe('You left the waitlist for Robo Wars.');
      expect((await entryOf(third, event)).status).toBe('offered');
      expect(await statusesOf(t.db, event)).toEqual(
        new Map([
          [first.user.id, 'declined'],
          [second.user.id, 'declined'],
          [third.user.id, 'offered'],
        ]),
      );
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
      expectError(
        await decline(first, (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, first.user.id)))[0].id),
        409,
        'This seat is no longer offered to you.',
      );
    });

    it('the last one to let a seat go frees it: nobody waits, so anyone may register', async () => {
      const { event, holders } = await fullEvent(1);
      const [first] = await inLine(event, 1);
      await cancel(holders[0], event).expect(200);

      await decline(first, (await entryOf(first, event)).id).expect(200);

      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 0 });
      await registerSolo(await student(), event).expect(201);
    });

    it('expire at the registration deadline when it comes first; then no seat is offered and the line is closed', async () => {
      const { event, holders } = await fullEvent(2, { registrationDeadline: new Date(DURING_REGISTRATION.getTime() + 5 * HOUR) });
      const [first, second] = await inLine(event, 2);

      await cancel(holders[0], event).expect(200);

      expect((await entryOf(first, event)).offerExpiresAt).toBe(event.registrationDeadline?.toISOString());
      t.clock.advance(5 * HOUR);
      expect(await sweep()).toBe(2);
      expect(await statusesOf(t.db, event)).toEqual(
        new Map([
          [first.user.id, 'lapsed'],
          [second.user.id, 'lapsed'],
        ]),
      );
      expect(await entriesOf(second)).toEqual([]);
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 0 });
      expect(await mailsTo(t.db, second.user.email)).toEqual([]);
      expectError(await cancel(holders[1], event), 409, /has passed: registrations can no longer be cancelled\.$/);
    });

    it('a failing sweep of one event leaves the others swept', async () => {
      const broken = await fullEvent(1, { name: 'Robo Wars' });
      const fine = await fullEvent(1, { name: 'Quiz' });
      const [stuck] = await inLine(broken.event, 1);
      const [lapsing, next] = await inLine(fine.event, 2);
      await cancel(broken.holders[0], broken.event).expect(200);
      await cancel(fine.holders[0], fine.event).expect(200);
      t.clock.advance(12 * HOUR);
      // A real failure of the database on one event's rows: its lapse is refused by a trigger.
      await t.db.execute(sql.raw(`create function waitlist_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`));
      await t.db.execute(
        sql.raw(
          `create trigger waitlist_refuse before update on waitlist_entries for each row when (old.event_id = '${broken.event.id}') execute function waitlist_refuse()`,
        ),
      );
      try {
        expect(await sweep()).toBe(1);
      } finally {
        // One statement per call: the embedded database prepares each, and a prepared statement holds one command.
        await t.db.execute(sql.raw('drop trigger waitlist_refuse on waitlist_entries'));
        await t.db.execute(sql.raw('drop function waitlist_refuse()'));
      }

      expect(await statusesOf(t.db, fine.event)).toEqual(
        new Map([
          [lapsing.user.id, 'lapsed'],
          [next.user.id, 'offered'],
        ]),
      );
      expect(await statusesOf(t.db, broken.event)).toEqual(new Map([[stuck.user.id, 'offered']]));
      expect(await sweep()).toBe(1);
      expect(await statusesOf(t.db, broken.event)).toEqual(new Map([[stuck.user.id, 'lapsed']]));
    });

    it('a deleted event tells everyone in its line, offered or waiting, as it tells those registered', async () => {
      const { event, holders } = await fullEvent(2, { name: 'Robo Wars' });
      const [offered, waiting] = await inLine(event, 2);
      await cancel(holders[0], event).expect(200);
      const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });

      await (await signedIn(t, admin)).delete(`/api/v1/admin/events/${event.id}`).expect(200);

      for (const inLineStudent of [offered, waiting]) {
        const mail = await latestMail(t.db, inLineStudent.user.email);
        expect(mail.subject).toBe('Robo Wars has been cancelled');
        expect(mail.text).toContain('your place in its waitlist is closed too');
      }
      expect((await latestMail(t.db, holders[1].user.email)).text).toContain('your registration for it is cancelled too');
      expect(await t.db.select().from(waitlistEntries)).toEqual([]);
    });

    it("a club admin's rejection offers the seat to the line", async () => {
      const { event, holders } = await fullEvent(1, { requiresApproval: true });
      const [first] = await inLine(event, 1);
      const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });

      await (
        await signedIn(t, admin)
      )
        .put(`/api/v1/admin/events/${event.id}/registrations`)
        .send({ status: 'rejected', userIds: [holders[0].user.id] })
        .expect(200);

      expect((await entryOf(first, event)).status).toBe('offered');
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
      expect((await latestMail(t.db, first.user.email)).subject).toMatch(/^A seat for .* is yours until /);
      // The accepted seat waits for the club's approval, as any registration of the event does.
      expect((await accept(first, (await entryOf(first, event)).id)).status).toBe(200);
      const [registration] = await t.db.select().from(registrations).where(eq(registrations.userId, first.user.id));
      expect(registration.status).toBe('pending');
    });

    it('a raised capacity offers the new seats to the line, one each', async () => {
      const { event } = await fullEvent(1);
      const [first, second, third] = await inLine(event, 3);
      const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });

      await (await signedIn(t, admin)).put(`/api/v1/admin/events/${event.id}`).send({ maxApplications: 3 }).expect(200);

      expect([(await entryOf(first, event)).status, (await entryOf(second, event)).status, (await entryOf(third, event)).status]).toEqual([
        'offered',
        'offered',
        'waiting',
      ]);
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 2 });
      const lowered = await (await signedIn(t, admin)).put(`/api/v1/admin/events/${event.id}`).send({ maxApplications: 2 });
      expectError(lowered, 409, 'Max applications cannot be below the 3 seats already taken or held for the waitlist');
    });

    it('a capacity lifted to unlimited ends the line: offers let go, everyone in line told to register', async () => {
      const { event, holders } = await fullEvent(1, { name: 'Robo Wars' });
      const [first, second] = await inLine(event, 2);
      await cancel(holders[0], event).expect(200);
      const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });

      await (await signedIn(t, admin)).put(`/api/v1/admin/events/${event.id}`).send({ maxApplications: null }).expect(200);

      expect(await statusesOf(t.db, event)).toEqual(
        new Map([
          [first.user.id, 'lapsed'],
          [second.user.id, 'lapsed'],
        ]),
      );
      expect(await seatsOf(t.db, event)).toEqual({ capacity: null, taken: 0, held: 0 });
      for (const waited of [first, second]) {
        expect(await entriesOf(waited)).toEqual([]);
        const mail = await latestMail(t.db, waited.user.email);
        expect(mail.subject).toBe('Seats are open for Robo Wars: register now.');
        expect(mail.text).toContain(`/event/${event.id}`);
      }
      await registerSolo(first, event).expect(201);
      await registerSolo(second, event).expect(201);
    });

    it('an offer that can never be taken (the student registered meanwhile) is closed by the accept, and its seat passes on', async () => {
      const { event, holders } = await fullEvent(1, { name: 'Robo Wars' });
      const [first, second] = await inLine(event, 2);
      await cancel(holders[0], event).expect(200);
      const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });
      // One more seat, free for anyone: the offered student takes it by registering.
      await (await signedIn(t, admin)).put(`/api/v1/admin/events/${event.id}`).send({ maxApplications: 3 }).expect(200);
      expect((await entryOf(second, event)).status).toBe('offered');
      await registerSolo(first, event).expect(201);
      const { id } = (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, first.user.id)))[0];

      expectError(await accept(first, id), 409, 'You are already registered for Robo Wars. The offer is closed: the seat passed to the next in line.');

      expect((await statusesOf(t.db, event)).get(first.user.id)).toBe('lapsed');
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 1 });
      await registerSolo(await student(), event).expect(201);
    });
  });

  describe('a team in line', () => {
    const groupEvent = (overrides: Parameters<typeof createEvent>[1] = {}) =>
      createEvent(t.db, { eventType: 'group', minTeamSize: 2, maxTeamSize: 3, maxApplications: 1, ...overrides });

    async function team(event: EventRow, name: string, gender: 'Male' | 'Female' = 'Female'): Promise<{ id: string; leader: Student; member: Student }> {
      const [leader, member] = [await student({ gender }), await student({ gender })];
      const id = (await leader.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: name }).expect(201)).body.team._id;
      await leader.agent
        .post('/api/v1/teams/invite')
        .send({ teamId: id, userIds: [member.user.id] })
        .expect(200);
      const invites = (await member.agent.get('/api/v1/teams/notifications').expect(200)).body.invites;
      await member.agent.post(`/api/v1/teams/invite/${invites[0]._id}/respond`).send({ response: 'accept' }).expect(200);
      return { id, leader, member };
    }

    /** Byte Me registered in the event's seat, and Null Pointers then Stack Smash in line behind it, a second apart. */
    async function twoTeamsInLine(event: EventRow) {
      const registered = await team(event, 'Byte Me');
      await registered.leader.agent.post('/api/v1/teams/register').send({ teamId: registered.id }).expect(200);
      const [first, second] = [await team(event, 'Null Pointers'), await team(event, 'Stack Smash')];
      await join(first.leader, event, first.id).expect(201);
      t.clock.advance(1000);
      await join(second.leader, event, second.id).expect(201);
      return { registered, first, second };
    }

    it('waits as a whole, takes the seat its leader accepts, and a cancel by the leader frees it again', async () => {
      const event = await groupEvent({ name: 'Hack Night' });
      const registered = await team(event, 'Byte Me');
      await registered.leader.agent.post('/api/v1/teams/register').send({ teamId: registered.id }).expect(200);
      const waiting = await team(event, 'Null Pointers');
      expectError(await join(waiting.member, event, waiting.id), 403, 'Only the team leader can put the team in line.');

      const joined = await join(waiting.leader, event, waiting.id);

      expect(joined.status).toBe(201);
      expect(joined.body.message).toBe('You are number 1 in line for Hack Night.');
      expect(joined.body.entry.team).toEqual({ id: waiting.id, name: 'Null Pointers' });
      expect(await entryOf(waiting.member, event)).toMatchObject({ team: { id: waiting.id, name: 'Null Pointers' }, canAnswer: false });

      expectError(await cancel(registered.member, event), 403, "Only the team leader can cancel the team's registration.");
      const cancelled = await cancel(registered.leader, event);

      expect(cancelled.body.message).toBe('Team "Byte Me"\'s registration for Hack Night is cancelled.');
      const [byteMe] = await t.db.select().from(teams).where(eq(teams.id, registered.id));
      expect(byteMe.registeredAt).toBeNull();
      expect((await t.db.select().from(registrations).where(eq(registrations.teamId, registered.id))).length).toBe(0);
      // The member whose ticket the leader's cancel voided is told; the leader, who did it, is not.
      const told = await latestMail(t.db, registered.member.user.email);
      expect(told.subject).toBe("Byte Me's registration for Hack Night is cancelled");
      expect(told.text).toContain("your team's leader, has cancelled Byte Me's registration for Hack Night");
      expect((await mailsTo(t.db, registered.leader.user.email)).map((mail) => mail.subject)).not.toContain(
        "Byte Me's registration for Hack Night is cancelled",
      );
      expect((await latestMail(t.db, waiting.leader.user.email)).text).toContain('held for your team Null Pointers until');
      const offer = await entryOf(waiting.leader, event);
      expect(offer.status).toBe('offered');
      expectError(await accept(waiting.member, offer.id), 403, "Only the team leader can answer for the team's place in line.");

      const accepted = await accept(waiting.leader, offer.id);

      expect(accepted.body).toEqual({ success: true, message: 'Team registered successfully!' });
      const rows = await t.db.select().from(registrations).where(eq(registrations.teamId, waiting.id));
      expect(rows.map((row) => row.userId).sort()).toEqual([waiting.leader.user.id, waiting.member.user.id].sort());
      const [nullPointers] = await t.db.select().from(teams).where(eq(teams.id, waiting.id));
      expect(nullPointers.registeredAt).not.toBeNull();
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 0 });
      // Byte Me stayed, with its members, and may register or wait again like any team.
      expect((await join(registered.leader, event, registered.id).expect(201)).body.message).toBe('You are number 1 in line for Hack Night.');
    });

    it('discarded while holding an offer: the sweep gives its held seat to the next in line', async () => {
      const event = await groupEvent();
      const { registered, first: offered, second: next } = await twoTeamsInLine(event);
      await cancel(registered.leader, event).expect(200);
      expect((await entryOf(offered.leader, event)).status).toBe('offered');

      await offered.leader.agent.delete(`/api/v1/teams/${offered.id}`).expect(200);

      expect(await seatsOf(t.db, event)).toMatchObject({ taken: 0, held: 1 });
      expect(await sweep()).toBe(0);
      expect((await entryOf(next.leader, event)).status).toBe('offered');
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
    });

    it('a team short of members when a seat comes free is not offered it: its place closes and the next team gets the seat', async () => {
      const event = await groupEvent({ name: 'Hack Night' });
      const { registered, first: short, second: next } = await twoTeamsInLine(event);
      await short.member.agent.post(`/api/v1/teams/${short.id}/leave`).expect(200);

      await cancel(registered.leader, event).expect(200);

      expect(await statusesOf(t.db, event)).toEqual(
        new Map([
          [short.leader.user.id, 'lapsed'],
          [next.leader.user.id, 'offered'],
        ]),
      );
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
      const mail = await latestMail(t.db, short.leader.user.email);
      expect(mail.subject).toBe('Your place in line for Hack Night is closed');
      expect(mail.text).toContain('it could not be offered to you: A team needs at least 2 members to register for Hack Night.');
    });

    it('the group form forms a team on a full event, to wait in line, and registers nobody', async () => {
      const event = await groupEvent({ name: 'Hack Night', maxApplications: 1, seatsTaken: 1 });
      const [leader, member] = [await student({ name: 'Priya Raman' }), await student({ name: 'Asha Menon' })];

      const response = await leader.agent.post('/api/v1/group').send(enrolmentForm(event, leader.user, [member.user]));

      expect(response.status).toBe(201);
      expect(response.body.team).toMatchObject({
        isRegistered: false,
        pendingInvites: [expect.objectContaining({ inviteeId: expect.objectContaining({ _id: member.user.id }) })],
      });
      expect(await seatsOf(t.db, event)).toMatchObject({ taken: 1, held: 0 });
      expect(await t.db.select().from(registrations)).toEqual([]);
    });

    it("is refused as registering refuses it: too few members, or its gender's teams all registered", async () => {
      const event = await groupEvent({ name: 'Tug Rush', hasGenderBasedTeams: true, maxBoyTeams: 1, maxGirlTeams: 1, maxApplications: 1 });
      const boys = await team(event, 'Iron Boys', 'Male');
      const moreBoys = await team(event, 'Steel Boys', 'Male');
      await boys.leader.agent.post('/api/v1/teams/register').send({ teamId: boys.id }).expect(200);
      const lonely = await student();
      const soloTeam = (await lonely.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Just Me' }).expect(201)).body.team._id;

      expectError(await join(moreBoys.leader, event, moreBoys.id), 409, 'Cannot register team! Maximum limit of 1 boy teams has been reached for Tug Rush');
      expectError(await join(lonely, event, soloTeam), 409, 'A team needs at least 2 members to register for Tug Rush.');
      expectError(await join(boys.leader, event, boys.id), 409, 'You are already registered for Tug Rush.');

      const girls = await team(event, 'Pearl Girls');
      await join(girls.leader, event, girls.id).expect(201);
      await cancel(boys.leader, event).expect(200);

      // The boys' place is given back with the seat, which goes to the girls' team in line.
      expect(await t.db.select({ gender: teamGenderCounts.gender, registered: teamGenderCounts.registered }).from(teamGenderCounts)).toEqual([
        { gender: 'Male', registered: 0 },
      ]);
      await accept(girls.leader, (await entryOf(girls.leader, event)).id).expect(200);
      const counts = await t.db.select({ gender: teamGenderCounts.gender, registered: teamGenderCounts.registered }).from(teamGenderCounts);
      expect(new Map(counts.map((c) => [c.gender, c.registered]))).toEqual(
        new Map([
          ['Male', 0],
          ['Female', 1],
        ]),
      );
      expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 0 });
      const [seats] = await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id));
      expect(seats.capacity).toBe(1);
    });
  });
});
