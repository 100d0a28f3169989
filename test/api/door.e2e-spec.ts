import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { doorScans } from '../../backend/src/database/schema/door-scans';
import type { EventRow, NewEventRow } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import { signedIn } from './support/accounts';
import { clubAdmin, DURING_REGISTRATION, type Person, person } from './support/admin';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { registeredTeamFromForm } from './support/teams';
import { useTestApp } from './support/test-app';

const ROSTER = 'GET /api/v1/admin/events/{id}/door-roster';
const SCANS = 'POST /api/v1/admin/events/{id}/door-scans';
/** The factory's event is at 10:00 in India on 30 Aug 2025. */
const EVENT_DATE = new Date('2025-08-30T04:30:00.000Z');
/** The event day, after the doors opened: the syncs happen now, the scans a little before. */
const AT_THE_DOOR = new Date('2025-08-30T11:00:00+05:30');
const at = (time: string) => new Date(`2025-08-30T${time}:00+05:30`).toISOString();

describe('the door that works without the network: its list of tickets and the sync of its scans', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  let admin: Person;
  beforeEach(async () => {
    contract ??= await loadApiContract(t);
    admin = await clubAdmin(t, 'Tech Club');
  });

  const soloEvent = (overrides: Partial<NewEventRow> = {}) =>
    createEvent(t.db, { name: 'Code Sprint', clubInCharge: 'Tech Club', eventDate: EVENT_DATE, ...overrides });
  async function registered(event: EventRow, overrides: Parameters<typeof person>[1] = {}): Promise<Person> {
    const student = await person(t, overrides);
    await student.agent.post('/api/v1/solo').send({ eventId: event.id, studentId: student.user.id }).expect(201);
    return student;
  }
  const ticketOf = async (student: Person, eventId: string) => {
    const mine = (await student.agent.get('/api/v1/user/registrations').expect(200)).body.registrations as {
      eventId: string;
      ticket: { code: string } | null;
    }[];
    return mine.find((registration) => registration.eventId === eventId)?.ticket?.code ?? '';
  };
  /** To the event day: the admin signs in again, as ten days later a session has ended. */
  async function toTheDoor(): Promise<void> {
    t.clock.advance(AT_THE_DOOR.getTime() - t.clock.now().getTime());
    admin = { user: admin.user, agent: await signedIn(t, admin.user) };
  }
  const scan = (code: string, scannedAt: string, extra: object = {}) => ({ id: randomUUID(), code, scannedAt, ...extra });
  const sync = (by: Person, event: EventRow, door: string, scans: object[]) =>
    by.agent.post(`/api/v1/admin/events/${event.id}/door-scans`).send({ door, scans });
  const presence = async (event: EventRow, student: Person) =>
    (
      await t.db
        .select()
        .from(registrations)
        .where(and(eq(registrations.eventId, event.id), eq(registrations.userId, student.user.id)))
    )[0];

  describe('the list', () => {
    it("holds every ticket still holding its seat, a team's as one, with approval and check-in", async () => {
      const event = await soloEvent({ requiresApproval: true });
      const asha = await registered(event, { name: 'Asha Verma', rollNumber: '23CSE001' });
      const bala = await registered(event, { name: 'Bala Murugan' });
      await admin.agent
        .put(`/api/v1/admin/events/${event.id}/registrations`)
        .send({ status: 'approved', userIds: [asha.user.id] })
        .expect(200);
      const hackathon = await createEvent(t.db, { name: 'Hackathon', eventType: 'group', clubInCharge: 'Tech Club', eventDate: EVENT_DATE, maxTeamSize: 3 });
      const [leader, member] = [await person(t, { name: 'Chitra Das' }), await person(t, { name: 'Dev Rao' })];
      await registeredTeamFromForm(hackathon, leader, [member]);

      const solo = await admin.agent.get(`/api/v1/admin/events/${event.id}/door-roster`);
      const team = await admin.agent.get(`/api/v1/admin/events/${hackathon.id}/door-roster`);

      contract.expectAnswer(ROSTER, solo, 200);
      expect(solo.body.roster.event).toEqual({ _id: event.id, name: 'Code Sprint', eventDate: EVENT_DATE.toISOString() });
      expect(solo.body.roster.takenAt).toBe(DURING_REGISTRATION.toISOString());
      expect(solo.body.roster.tickets).toEqual([
        {
          code: await ticketOf(asha, event.id),
          holders: [
            expect.objectContaining({ userId: asha.user.id, name: 'Asha Verma', rollNum: '23CSE001', approved: true, isPresent: false, checkedInScan: null }),
          ],
        },
        { code: await ticketOf(bala, event.id), holders: [expect.objectContaining({ userId: bala.user.id, approved: false })] },
      ]);
      expect(team.body.roster.tickets).toEqual([
        {
          code: await ticketOf(leader, hackathon.id),
          holders: [expect.objectContaining({ name: 'Chitra Das', teamName: expect.any(String) }), expect.objectContaining({ name: 'Dev Rao' })],
        },
      ]);
    });

    it("is refused for another club's event", async () => {
      const event = await soloEvent({ clubInCharge: 'Arts Club' });
      expectError(await admin.agent.get(`/api/v1/admin/events/${event.id}/door-roster`), 403, "You don't have permission to edit this event");
    });
  });

  describe('the sync', () => {
    it('lets a ticket in, and says what every other scan was: already in, unknown, forged, another event, awaiting approval, before the day', async () => {
      const event = await soloEvent({ requiresApproval: true });
      const other = await soloEvent({ name: 'Quiz' });
      const asha = await registered(event);
      const bala = await registered(event);
      const elsewhere = await registered(other);
      await admin.agent
        .put(`/api/v1/admin/events/${event.id}/registrations`)
        .send({ status: 'approved', userIds: [asha.user.id] })
        .expect(200);
      const [ashaTicket, balaTicket, otherTicket] = [await ticketOf(asha, event.id), await ticketOf(bala, event.id), await ticketOf(elsewhere, other.id)];
      await toTheDoor();
      const scans = [
        scan(ashaTicket.toLowerCase(), at('10:40')),
        scan(ashaTicket, at('10:41')),
        scan('0000-0000-0000-0000', at('10:42')),
        scan('https://example.invalid/?ticket=<script>', at('10:43')),
        scan(otherTicket, at('10:44')),
        scan(balaTicket, at('10:45')),
        scan(ashaTicket, new Date('2025-08-29T23:50:00+05:30').toISOString()),
      ];

      const response = await sync(admin, event, 'Door 1', scans);

      contract.expectAnswer(SCANS, response, 200);
      expect(response.body.scans.map((result: { outcome: string }) => result.outcome)).toEqual([
        'admitted',
        'already',
        'unknown',
        'unknown',
        'other-event',
        'not-approved',
        'before-the-day',
      ]);
      expect(response.body.scans[1]).toEqual(
        expect.objectContaining({
          replayed: false,
          holders: [expect.objectContaining({ userId: asha.user.id, checkedInAt: at('10:40'), checkedInDoor: 'Door 1' })],
        }),
      );
      const ashaNow = await presence(event, asha);
      expect(ashaNow).toEqual(
        expect.objectContaining({ isPresent: true, checkedInAt: new Date(at('10:40')), checkedInDoor: 'Door 1', checkedInScan: scans[0].id }),
      );
      expect((await presence(event, bala)).isPresent).toBe(false);
      expect((await presence(other, elsewhere)).isPresent).toBe(false);
      expect(await t.db.select().from(doorScans).where(eq(doorScans.eventId, event.id))).toHaveLength(7);
    });

    it("gives the admission to the earliest scan whichever door syncs first, and the other door's scan then reads as already in", async () => {
      const event = await soloEvent();
      const asha = await registered(event);
      const ticket = await ticketOf(asha, event.id);
      await toTheDoor();
      const later = scan(ticket, at('10:45'));
      const earlier = scan(ticket, at('10:42'));

      const first = await sync(admin, event, 'Door 2', [later]);
      expect(first.body.scans[0]).toEqual(expect.objectContaining({ outcome: 'admitted' }));
      const second = await sync(admin, event, 'Door 1', [earlier]);
      expect(second.body.scans[0]).toEqual(expect.objectContaining({ outcome: 'admitted' }));
      const replayed = await sync(admin, event, 'Door 2', [later]);

      expect(replayed.body.scans[0]).toEqual({
        id: later.id,
        outcome: 'already',
        replayed: true,
        holders: [
          expect.objectContaining({ userId: asha.user.id, isPresent: true, checkedInAt: at('10:42'), checkedInDoor: 'Door 1', checkedInScan: earlier.id }),
        ],
      });
      const ticketAtTheDoor = await admin.agent.get(`/api/v1/admin/tickets/${ticket}`).expect(200);
      expect(ticketAtTheDoor.body.ticket.holders[0]).toEqual(expect.objectContaining({ checkedInAt: at('10:42'), checkedInDoor: 'Door 1' }));
    });

    it('applies a scan sent again once: its replay changes nothing, even after an admin marked the student absent', async () => {
      const event = await soloEvent();
      const asha = await registered(event);
      const once = scan(await ticketOf(asha, event.id), at('10:42'));
      await toTheDoor();
      await sync(admin, event, 'Door 1', [once]).expect(200);
      await admin.agent
        .put(`/api/v1/admin/events/${event.id}/attendance`)
        .send({ attendance: [{ userId: asha.user.id, isPresent: false }] })
        .expect(200);

      const again = await sync(admin, event, 'Door 1', [once, once]);

      expect(again.body.scans).toEqual([expect.objectContaining({ id: once.id, outcome: 'already', replayed: true })]);
      expect(await presence(event, asha)).toEqual(expect.objectContaining({ isPresent: false, checkedInAt: null, checkedInDoor: null, checkedInScan: null }));
      expect(await t.db.select().from(doorScans).where(eq(doorScans.id, once.id))).toHaveLength(1);
    });

    it("lets in the team members ticked at the door, and the rest with a later scan of the team's ticket", async () => {
      const hackathon = await createEvent(t.db, { name: 'Hackathon', eventType: 'group', clubInCharge: 'Tech Club', eventDate: EVENT_DATE, maxTeamSize: 3 });
      const [leader, member] = [await person(t, { name: 'Chitra Das' }), await person(t, { name: 'Dev Rao' })];
      await registeredTeamFromForm(hackathon, leader, [member]);
      const ticket = await ticketOf(leader, hackathon.id);
      await toTheDoor();

      const first = await sync(admin, hackathon, 'Door 1', [scan(ticket, at('10:40'), { holderIds: [leader.user.id] })]);
      const second = await sync(admin, hackathon, 'Door 2', [scan(ticket, at('10:50'))]);

      expect(first.body.scans[0].outcome).toBe('admitted');
      expect(second.body.scans[0].outcome).toBe('admitted');
      expect(await presence(hackathon, leader)).toEqual(expect.objectContaining({ checkedInDoor: 'Door 1', checkedInAt: new Date(at('10:40')) }));
      expect(await presence(hackathon, member)).toEqual(expect.objectContaining({ checkedInDoor: 'Door 2', checkedInAt: new Date(at('10:50')) }));
    });

    it('counts a scan timed after the sync reached the server as made then (a door whose clock runs fast)', async () => {
      const event = await soloEvent();
      const asha = await registered(event);
      const ticket = await ticketOf(asha, event.id);
      await toTheDoor();

      await sync(admin, event, 'Door 1', [scan(ticket, at('18:00'))]).expect(200);

      expect((await presence(event, asha)).checkedInAt).toEqual(AT_THE_DOOR);
    });

    it('refuses a sync that breaks a rule, naming it, and one for a scan id sent for another event', async () => {
      const event = await soloEvent();
      const other = await soloEvent({ name: 'Quiz' });
      await toTheDoor();
      const valid = scan('ABCD', at('10:00'));
      expectError(await sync(admin, event, '', [valid]), 400, 'Please name the door');
      expectError(await sync(admin, event, 'D'.repeat(41), [valid]), 400, "The door's name must be at most 40 characters");
      expectError(await sync(admin, event, 'Door 1', []), 400, 'Please send at least one scan');
      expectError(
        await sync(
          admin,
          event,
          'Door 1',
          Array.from({ length: 301 }, () => scan('ABCD', at('10:00'))),
        ),
        400,
        'Please send at most 300 scans at once',
      );
      expectError(await sync(admin, event, 'Door 1', [{ ...valid, id: 'door-1-scan-1' }]), 400, 'Invalid scan id');
      expectError(await sync(admin, event, 'Door 1', [{ ...valid, scannedAt: 'ten to eleven' }]), 400, 'A scan time must be a date and time');
      expectError(await sync(admin, event, 'Door 1', [{ ...valid, code: '' }]), 400, 'Every scan needs the code it read');
      await sync(admin, other, 'Door 1', [valid]).expect(200);
      expectError(await sync(admin, event, 'Door 1', [valid]), 409, 'A scan of this sync was sent for another event.');
      const otherClub = await soloEvent({ name: 'Poster Design', clubInCharge: 'Arts Club' });
      expectError(await sync(admin, otherClub, 'Door 1', [scan('ABCD', at('10:00'))]), 403, "You don't have permission to edit this event");
    });

    it('admits each student once, by their earliest scan, when two doors sync the same tickets at the same moment', async () => {
      const event = await soloEvent();
      const students = await Promise.all(Array.from({ length: 6 }, () => registered(event)));
      const tickets = await Promise.all(students.map((student) => ticketOf(student, event.id)));
      await toTheDoor();
      const secondAdmin = await clubAdmin(t, 'Tech Club');
      // Door 1 saw the even students first, Door 2 the odd ones.
      const doorOne = tickets.map((ticket, index) => scan(ticket, at(index % 2 === 0 ? '10:10' : '10:20')));
      const doorTwo = tickets.map((ticket, index) => scan(ticket, at(index % 2 === 0 ? '10:20' : '10:10')));

      const [one, two] = await Promise.all([sync(admin, event, 'Door 1', doorOne), sync(secondAdmin, event, 'Door 2', doorTwo)]);

      expect([one.status, two.status]).toEqual([200, 200]);
      const rows = await Promise.all(students.map((student) => presence(event, student)));
      expect(rows.map((row) => [row.isPresent, row.checkedInDoor, row.checkedInAt?.toISOString()])).toEqual(
        students.map((_student, index) => [true, index % 2 === 0 ? 'Door 1' : 'Door 2', at('10:10')]),
      );
      const [replayOne, replayTwo] = await Promise.all([sync(admin, event, 'Door 1', doorOne), sync(secondAdmin, event, 'Door 2', doorTwo)]);
      const outcomes = (body: { scans: { outcome: string }[] }) => body.scans.map((result) => result.outcome);
      expect(outcomes(replayOne.body)).toEqual(tickets.map((_ticket, index) => (index % 2 === 0 ? 'admitted' : 'already')));
      expect(outcomes(replayTwo.body)).toEqual(tickets.map((_ticket, index) => (index % 2 === 0 ? 'already' : 'admitted')));
      expect(await t.db.select().from(doorScans).where(eq(doorScans.eventId, event.id))).toHaveLength(12);
    });
  });
});
