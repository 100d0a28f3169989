import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { ReportGate } from '../../backend/src/common/report-gate';
import { auditLog } from '../../backend/src/database/schema/audit';
import type { EventRow, NewEventRow } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import { eventWinners } from '../../backend/src/database/schema/results';
import { users } from '../../backend/src/database/schema/users';
import { signedIn } from './support/accounts';
import { clubAdmin, DURING_REGISTRATION, type Person, person, superAdmin } from './support/admin';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { registeredTeamFromForm } from './support/teams';
import { useTestApp } from './support/test-app';

const APPLICANTS = 'GET /api/v1/admin/events/{id}/applicants';
const ATTENDANCE = 'PUT /api/v1/admin/events/{id}/attendance';
const TICKET = 'GET /api/v1/admin/tickets/{code}';
const CHECK_IN = 'POST /api/v1/admin/tickets/{code}/check-in';
const WINNERS = 'PUT /api/v1/admin/events/{id}/winners';
const RESULTS = 'GET /api/v1/events/{id}/results';
const MY_REGISTRATIONS = 'GET /api/v1/user/registrations';

/** The factory's event is at 10:00 in India on 30 Aug 2025 (04:30 UTC). */
const EVENT_DATE = new Date('2025-08-30T04:30:00.000Z');
/** A minute into the event's day in India: still 29 Aug in UTC, so the rule must count India's days. */
const EVENT_DAY_STARTS = new Date('2025-08-30T00:01:00+05:30');
const EVENT_EVE = new Date('2025-08-29T23:59:00+05:30');
/** Half an hour after the event's start (10:00 in India): winners can be chosen from its start. */
const EVENT_UNDERWAY = new Date('2025-08-30T10:30:00+05:30');
const NOT_THE_DAY = 'Attendance can be marked only on the event date.';
const TICKET_CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/;

describe('the event day: applicants, attendance, tickets, winners and results', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  let admin: Person;
  let otherAdmin: Person;
  beforeEach(async () => {
    contract ??= await loadApiContract(t);
    admin = await clubAdmin(t, 'Tech Club');
    otherAdmin = await clubAdmin(t, 'Arts Club');
  });

  const soloEvent = (overrides: Partial<NewEventRow> = {}) =>
    createEvent(t.db, { name: 'Code Sprint', clubInCharge: 'Tech Club', eventDate: EVENT_DATE, ...overrides });
  const groupEvent = () => createEvent(t.db, { name: 'Hackathon', eventType: 'group', clubInCharge: 'Tech Club', eventDate: EVENT_DATE, maxTeamSize: 4 });

  async function registered(event: EventRow, overrides: Parameters<typeof person>[1] = {}): Promise<Person> {
    const student = await person(t, overrides);
    await student.agent.post('/api/v1/solo').send({ eventId: event.id, studentId: student.user.id }).expect(201);
    return student;
  }

  /** A team formed on the enrolment form, every member accepting, registered by its leader. */
  const registeredTeam = (event: EventRow, leader: Person, ...members: Person[]) => registeredTeamFromForm(event, leader, members);

  /** Moves the clock to `at`; the admins sign in again, as ten days later their sessions have ended. */
  async function moveTo(at: Date): Promise<void> {
    t.clock.advance(at.getTime() - t.clock.now().getTime());
    admin = { user: admin.user, agent: await signedIn(t, admin.user) };
    otherAdmin = { user: otherAdmin.user, agent: await signedIn(t, otherAdmin.user) };
  }
  const mark = (by: Person, event: EventRow, attendance: object[], extra: object = {}) =>
    by.agent.put(`/api/v1/admin/events/${event.id}/attendance`).send({ attendance, ...extra });
  const presence = async (event: EventRow, student: Person) =>
    (
      await t.db
        .select()
        .from(registrations)
        .where(and(eq(registrations.eventId, event.id), eq(registrations.userId, student.user.id)))
    )[0];
  const ticketOf = async (student: Person) => (await student.agent.get('/api/v1/user/registrations').expect(200)).body.registrations[0].ticket;
  const download = (by: Person, path: string) =>
    by.agent
      .get(path)
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      });

  describe('applicants', () => {
    it('lists every student holding a seat with their details, but not a rejected one, and searches names and roll numbers', async () => {
      const event = await soloEvent({ requiresApproval: true });
      const asha = await registered(event, { name: 'Asha Verma', rollNumber: '23CSE001', dept: 'CSE', year: '3' });
      const bala = await registered(event, { name: 'Bala Murugan', rollNumber: '23ECE042', dept: 'ECE', year: '2' });
      const chitra = await registered(event, { name: 'Chitra Das' });
      await admin.agent
        .put(`/api/v1/admin/events/${event.id}/registrations`)
        .send({ status: 'approved', userIds: [asha.user.id] })
        .expect(200);
      await admin.agent
        .put(`/api/v1/admin/events/${event.id}/registrations`)
        .send({ status: 'rejected', userIds: [chitra.user.id] })
        .expect(200);

      const response = await admin.agent.get(`/api/v1/admin/events/${event.id}/applicants`);

      contract.expectAnswer(APPLICANTS, response, 200);
      expect(response.body).toEqual({
        success: true,
        teams: [],
        applicants: [
          {
            userId: asha.user.id,
            name: 'Asha Verma',
            email: asha.user.email,
            dept: 'CSE',
            year: '3',
            rollNum: '23CSE001',
            teamId: null,
            teamName: null,
            isPresent: false,
            checkedInAt: null,
            checkedInDoor: null,
          },
          expect.objectContaining({ userId: bala.user.id, name: 'Bala Murugan', rollNum: '23ECE042', dept: 'ECE', year: '2' }),
        ],
      });
      const found = async (search: string) =>
        (await admin.agent.get(`/api/v1/admin/events/${event.id}/applicants`).query({ search }).expect(200)).body.applicants.map(
          (applicant: { name: string }) => applicant.name,
        );
      expect(await found('BALA')).toEqual(['Bala Murugan']);
      expect(await found('23cse')).toEqual(['Asha Verma']);
      expect(await found('nobody')).toEqual([]);
    });

    it("lists a team's members one by one and the team with its leader first", async () => {
      const event = await groupEvent();
      const leader = await person(t, { name: 'Asha Rao', dept: 'IT', year: '4' });
      const member = await person(t, { name: 'Ravi Kumar', dept: 'ECE', year: '2' });
      const teamId = await registeredTeam(event, leader, member);

      const response = await admin.agent.get(`/api/v1/admin/events/${event.id}/applicants`);

      contract.expectAnswer(APPLICANTS, response, 200);
      expect(
        response.body.applicants.map((applicant: { name: string; teamId: string; teamName: string }) => [applicant.name, applicant.teamId, applicant.teamName]),
      ).toEqual([
        ['Asha Rao', teamId, "Asha Rao's team"],
        ['Ravi Kumar', teamId, "Asha Rao's team"],
      ]);
      const leaderShown = { name: 'Asha Rao', email: leader.user.email, dept: 'IT', year: '4' };
      expect(response.body.teams).toEqual([
        {
          _id: teamId,
          teamName: "Asha Rao's team",
          leader: leaderShown,
          members: [leaderShown, { name: 'Ravi Kumar', email: member.user.email, dept: 'ECE', year: '2' }],
        },
      ]);
      const searched = await admin.agent.get(`/api/v1/admin/events/${event.id}/applicants`).query({ search: 'ravi' }).expect(200);
      expect(searched.body.applicants.map((applicant: { name: string }) => applicant.name)).toEqual(['Ravi Kumar']);
      expect(searched.body.teams.map((team: { _id: string }) => team._id)).toEqual([teamId]);
    });

    it("is refused to another club's admin and answers an unknown event or a long search clearly", async () => {
      const event = await soloEvent();
      expectError(await otherAdmin.agent.get(`/api/v1/admin/events/${event.id}/applicants`), 403, "You don't have permission to edit this event");
      expectError(await admin.agent.get('/api/v1/admin/events/00000000-0000-4000-8000-000000000000/applicants'), 404, 'Event not found');
      expectError(await admin.agent.get('/api/v1/admin/events/nope/applicants'), 400, 'Invalid event id');
      expectError(
        await admin.agent.get(`/api/v1/admin/events/${event.id}/applicants`).query({ search: 'x'.repeat(101) }),
        400,
        'Search text must be at most 100 characters',
      );
      const superAdminsView = await (await superAdmin(t)).agent.get(`/api/v1/admin/events/${event.id}/applicants`);
      contract.expectAnswer(APPLICANTS, superAdminsView, 200);
    });
  });

  describe('attendance', () => {
    it("is marked from the first minute of the event's day in India, sets and clears the check-in time, and a repeat changes nothing", async () => {
      const event = await soloEvent();
      const asha = await registered(event, { name: 'Asha Verma' });
      const bala = await registered(event, { name: 'Bala Murugan' });
      const rows = [
        { userId: asha.user.id, isPresent: true },
        { userId: bala.user.id, isPresent: true },
      ];

      await moveTo(EVENT_EVE);
      const early = await mark(admin, event, rows);
      contract.expectAnswer(ATTENDANCE, early, 409);
      expectError(early, 409, NOT_THE_DAY);
      expect((await presence(event, asha)).isPresent).toBe(false);

      await moveTo(EVENT_DAY_STARTS);
      const response = await mark(admin, event, rows, { eventId: event.id });
      contract.expectAnswer(ATTENDANCE, response, 200);
      expect(response.body).toEqual({ success: true, message: 'Attendance updated successfully!', updated: 2 });
      expect(await presence(event, asha)).toMatchObject({ isPresent: true, checkedInAt: EVENT_DAY_STARTS });
      expect((await mark(admin, event, rows).expect(200)).body.updated).toBe(0);

      const absent = await mark(admin, event, [{ userId: bala.user.id, isPresent: false }]).expect(200);
      expect(absent.body.updated).toBe(1);
      expect(await presence(event, bala)).toMatchObject({ isPresent: false, checkedInAt: null });
      const listed = (await admin.agent.get(`/api/v1/admin/events/${event.id}/applicants`).expect(200)).body.applicants;
      expect(listed.map((applicant: { isPresent: boolean; checkedInAt: string | null }) => [applicant.isPresent, applicant.checkedInAt])).toEqual([
        [true, EVENT_DAY_STARTS.toISOString()],
        [false, null],
      ]);
    });

    it('may still be marked after the event day, and never for an event without a date', async () => {
      const event = await soloEvent();
      const asha = await registered(event);
      const undated = await soloEvent({ name: 'Open Mic', eventDate: null });
      const bala = await registered(undated);
      await moveTo(new Date('2025-09-02T12:00:00+05:30'));
      expect((await mark(admin, event, [{ userId: asha.user.id, isPresent: true }]).expect(200)).body.updated).toBe(1);
      expectError(await mark(admin, undated, [{ userId: bala.user.id, isPresent: true }]), 409, 'This event has no date yet.');
    });

    it('names the first student who is not registered, a rejected one included, and changes nothing', async () => {
      const event = await soloEvent({ requiresApproval: true });
      const asha = await registered(event, { name: 'Asha Verma' });
      const rejected = await registered(event, { name: 'Rejected Student' });
      const stranger = await person(t, { name: 'Stranger Danger' });
      await admin.agent
        .put(`/api/v1/admin/events/${event.id}/registrations`)
        .send({ status: 'rejected', userIds: [rejected.user.id] })
        .expect(200);
      await moveTo(EVENT_DAY_STARTS);

      const strangers = [
        { userId: asha.user.id, isPresent: true },
        { userId: stranger.user.id, isPresent: true },
      ];
      const response = await mark(admin, event, strangers);
      contract.expectAnswer(ATTENDANCE, response, 400);
      expectError(response, 400, 'Stranger Danger is not registered for this event');
      expectError(await mark(admin, event, [{ userId: rejected.user.id, isPresent: true }]), 400, 'Rejected Student is not registered for this event');
      const unknown = '00000000-0000-4000-8000-000000000000';
      expectError(await mark(admin, event, [{ userId: unknown, isPresent: true }]), 400, `${unknown} is not registered for this event`);
      expect((await presence(event, asha)).isPresent).toBe(false);
    });

    it('answers every malformed request with its message', async () => {
      const event = await soloEvent();
      const asha = await registered(event);
      await moveTo(EVENT_DAY_STARTS);
      const cases: [object, string][] = [
        [{}, 'Please mark at least one student'],
        [{ attendance: [] }, 'Please mark at least one student'],
        [{ attendance: 'all' }, 'Please mark at least one student'],
        [{ attendance: Array.from({ length: 501 }, () => ({ userId: asha.user.id, isPresent: true })) }, 'Please mark at most 500 students at once'],
        [{ attendance: [{ userId: 'nope', isPresent: true }] }, 'Invalid user id'],
        [{ attendance: [{ isPresent: true }] }, 'Please choose a student'],
        [{ attendance: [{ userId: asha.user.id, isPresent: 'yes' }] }, 'Present must be true or false'],
        [{ attendance: [{ userId: asha.user.id, isPresent: true }], eventId: 'nope' }, 'Invalid event id'],
        [{ attendance: [{ userId: asha.user.id, isPresent: true }], eventId: '00000000-0000-4000-8000-000000000000' }, 'This attendance is for another event'],
      ];
      for (const [body, message] of cases) {
        const response = await admin.agent.put(`/api/v1/admin/events/${event.id}/attendance`).send(body);
        contract.expectAnswer(ATTENDANCE, response, 400);
        expectError(response, 400, message);
      }
      expectError(await mark(otherAdmin, event, [{ userId: asha.user.id, isPresent: true }]), 403, "You don't have permission to edit this event");
    });

    it('marks each student once when the same request arrives twice at once', async () => {
      const event = await soloEvent();
      const students = await Promise.all(['Asha Verma', 'Bala Murugan', 'Chitra Das', 'Deepak Jain'].map((name) => registered(event, { name })));
      await moveTo(EVENT_DAY_STARTS);
      const rows = students.map((student) => ({ userId: student.user.id, isPresent: true }));

      const answers = await Promise.all([mark(admin, event, rows), mark(admin, event, rows)]);

      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(answers.map((answer) => answer.body.updated).sort()).toEqual([0, 4]);
      const marked = await t.db.select().from(registrations).where(eq(registrations.eventId, event.id));
      expect(marked.every((row) => row.isPresent && row.checkedInAt?.getTime() === EVENT_DAY_STARTS.getTime())).toBe(true);
    });
  });

  describe('tickets', () => {
    it("gives each solo registration its own code and a team's members their team's one code; a rejected registration has none", async () => {
      const solo = await soloEvent({ requiresApproval: true });
      const asha = await registered(solo);
      const bala = await registered(solo);
      const group = await groupEvent();
      const leader = await person(t, { name: 'Asha Rao' });
      const member = await person(t, { name: 'Ravi Kumar' });
      await registeredTeam(group, leader, member);

      const response = await asha.agent.get('/api/v1/user/registrations');
      contract.expectAnswer(MY_REGISTRATIONS, response, 200);
      const ashas = response.body.registrations[0].ticket.code;
      expect(ashas).toMatch(TICKET_CODE);
      expect((await ticketOf(bala)).code).not.toBe(ashas);
      const teams = (await ticketOf(leader)).code;
      expect(teams).toMatch(TICKET_CODE);
      expect(await ticketOf(member)).toEqual({ code: teams });

      await admin.agent
        .put(`/api/v1/admin/events/${solo.id}/registrations`)
        .send({ status: 'rejected', userIds: [bala.user.id] })
        .expect(200);
      expect(await ticketOf(bala)).toBeNull();
    });

    it('reads a ticket as its holders, for its club only', async () => {
      const group = await groupEvent();
      const leader = await person(t, { name: 'Asha Rao' });
      const member = await person(t, { name: 'Ravi Kumar' });
      const teamId = await registeredTeam(group, leader, member);
      const { code } = await ticketOf(member);

      const response = await admin.agent.get(`/api/v1/admin/tickets/${code}`);

      contract.expectAnswer(TICKET, response, 200);
      expect(response.body.ticket.event).toEqual({ _id: group.id, name: 'Hackathon' });
      expect(response.body.ticket.holders.map((holder: { name: string; teamId: string }) => [holder.name, holder.teamId])).toEqual([
        ['Asha Rao', teamId],
        ['Ravi Kumar', teamId],
      ]);
      expectError(await otherAdmin.agent.get(`/api/v1/admin/tickets/${code}`), 403, "You don't have permission to edit this event");
      const unknown = await admin.agent.get(`/api/v1/admin/tickets/${'A'.repeat(22)}`);
      contract.expectAnswer(TICKET, unknown, 404);
      expectError(unknown, 404, 'Ticket not found');
      expectError(await admin.agent.get('/api/v1/admin/tickets/short'), 404, 'Ticket not found');
    });

    it('reads a code typed by hand whatever its case, spaces and dashes, with O, I and L read as 0, 1 and 1', async () => {
      const event = await soloEvent();
      const asha = await registered(event, { name: 'Asha Rao' });
      const { code } = (await ticketOf(asha)) as { code: string };
      // As a club admin types it from the student's phone, in fours, lower case, its look-alikes mistaken.
      const typed = code
        .toLowerCase()
        .replace(/0/g, 'o')
        .replace(/1/g, 'l')
        .replace(/(.{4})(?=.)/g, '$1 - ');

      const response = await admin.agent.get(`/api/v1/admin/tickets/${encodeURIComponent(typed)}`);

      contract.expectAnswer(TICKET, response, 200);
      expect(response.body.ticket.holders.map((holder: { name: string }) => holder.name)).toEqual(['Asha Rao']);
      await moveTo(EVENT_DAY_STARTS);
      await admin.agent
        .post(`/api/v1/admin/tickets/${encodeURIComponent(typed)}/check-in`)
        .send({})
        .expect(200);
      expect((await presence(event, asha)).isPresent).toBe(true);
    });

    it("checks in a ticket's holders on the event day, every one by default or those named, and a repeat changes nothing", async () => {
      const group = await groupEvent();
      const leader = await person(t, { name: 'Asha Rao' });
      const member = await person(t, { name: 'Ravi Kumar' });
      const outsider = await person(t, { name: 'Outsider Person' });
      await registeredTeam(group, leader, member);
      const { code } = await ticketOf(leader);
      const checkIn = (body: object) => admin.agent.post(`/api/v1/admin/tickets/${code}/check-in`).send(body);

      await moveTo(EVENT_EVE);
      const early = await checkIn({});
      contract.expectAnswer(CHECK_IN, early, 409);
      expectError(early, 409, NOT_THE_DAY);

      await moveTo(EVENT_DAY_STARTS);
      expectError(await checkIn({ userIds: [outsider.user.id] }), 400, 'Outsider Person is not on this ticket');
      expectError(await checkIn({ userIds: ['nope'] }), 400, 'Invalid user id');
      expectError(await checkIn({ userIds: [] }), 400, 'Please choose at least one student');
      const one = await checkIn({ userIds: [member.user.id] });
      contract.expectAnswer(CHECK_IN, one, 200);
      expect(one.body.message).toBe('Checked in: Ravi Kumar');
      expect(one.body.holders.map((holder: { name: string; isPresent: boolean }) => [holder.name, holder.isPresent])).toEqual([
        ['Asha Rao', false],
        ['Ravi Kumar', true],
      ]);

      const all = await checkIn({}).expect(200);
      expect(all.body.message).toBe('Checked in: Asha Rao, Ravi Kumar');
      expect(all.body.holders.every((holder: { isPresent: boolean }) => holder.isPresent)).toBe(true);
      expect((await checkIn({}).expect(200)).body.holders).toEqual(all.body.holders);
      expect(await presence(group, member)).toMatchObject({ isPresent: true, checkedInAt: EVENT_DAY_STARTS });
      expectError(await otherAdmin.agent.post(`/api/v1/admin/tickets/${code}/check-in`).send({}), 403, "You don't have permission to edit this event");
    });
  });

  describe('winners and results', () => {
    async function presentSolo(names: string[]): Promise<{ event: EventRow; students: Person[] }> {
      const event = await soloEvent();
      const students: Person[] = [];
      for (const name of names) students.push(await registered(event, { name, dept: 'CSE', rollNumber: `R-${name}` }));
      return { event, students };
    }
    const choose = (by: Person, event: EventRow, winners: object[]) => by.agent.put(`/api/v1/admin/events/${event.id}/winners`).send({ winners });

    it('confirms present students in their places, publishes the results without contact details, and records it', async () => {
      const { event, students } = await presentSolo(['Asha Verma', 'Bala Murugan', 'Chitra Das']);
      const [asha, bala] = students;
      expectError(await request(t.http).get(`/api/v1/events/${event.id}/results`), 404, 'Results are not published yet');
      await moveTo(EVENT_UNDERWAY);
      await mark(
        admin,
        event,
        [asha, bala].map((student) => ({ userId: student.user.id, isPresent: true })),
      ).expect(200);

      const response = await choose(admin, event, [
        { place: 2, userId: bala.user.id },
        { place: 1, userId: asha.user.id },
      ]);

      contract.expectAnswer(WINNERS, response, 200);
      expect(response.body.message).toBe('Winners selected successfully!');
      expect(response.body.winners).toEqual([
        { place: 1, name: 'Asha Verma', teamName: null, members: null, dept: 'CSE', userId: asha.user.id, teamId: null },
        { place: 2, name: 'Bala Murugan', teamName: null, members: null, dept: 'CSE', userId: bala.user.id, teamId: null },
      ]);
      const results = await request(t.http).get(`/api/v1/events/${event.id}/results`);
      contract.expectAnswer(RESULTS, results, 200);
      expect(results.body.results).toEqual({
        event: { _id: event.id, name: 'Code Sprint', clubInCharge: 'Tech Club', eventDate: EVENT_DATE.toISOString() },
        confirmedAt: EVENT_UNDERWAY.toISOString(),
        winners: [
          { place: 1, name: 'Asha Verma', teamName: null, members: null, dept: 'CSE' },
          { place: 2, name: 'Bala Murugan', teamName: null, members: null, dept: 'CSE' },
        ],
      });
      expect(JSON.stringify(results.body)).not.toMatch(/@|R-Asha/);
      const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'event.winners_confirmed'));
      expect(record).toMatchObject({
        actorId: admin.user.id,
        club: 'Tech Club',
        subjectId: event.id,
        subjectLabel: 'Code Sprint',
        changes: { winners: { from: null, to: ['1. Asha Verma', '2. Bala Murugan'] } },
      });

      await choose(admin, event, [{ place: 1, userId: bala.user.id }]).expect(200);
      expect((await request(t.http).get(`/api/v1/events/${event.id}/results`).expect(200)).body.results.winners.map((w: { name: string }) => w.name)).toEqual([
        'Bala Murugan',
      ]);
      expect(await t.db.select().from(eventWinners)).toHaveLength(1);
    });

    it('waits for the event to start: on its day before then, attendance is open and winners are not', async () => {
      const { event, students } = await presentSolo(['Asha Verma']);
      const [asha] = students;
      await moveTo(EVENT_DAY_STARTS);
      await mark(admin, event, [{ userId: asha.user.id, isPresent: true }]).expect(200);
      const early = await choose(admin, event, [{ place: 1, userId: asha.user.id }]);
      contract.expectAnswer(WINNERS, early, 409);
      expectError(early, 409, 'Winners can be chosen once Code Sprint has started (30 August 2025, 10:00 am IST).');
      expect(await t.db.select().from(eventWinners).where(eq(eventWinners.eventId, event.id))).toEqual([]);

      await moveTo(EVENT_DATE);
      await choose(admin, event, [{ place: 1, userId: asha.user.id }]).expect(200);
    });

    it('refuses a choice that breaks a rule, naming it, and keeps the earlier winners', async () => {
      const { event, students } = await presentSolo(['Asha Verma', 'Bala Murugan']);
      const [asha, bala] = students;
      const stranger = await person(t, { name: 'Stranger Danger' });
      await moveTo(EVENT_EVE);
      expectError(await choose(admin, event, [{ place: 1, userId: asha.user.id }]), 409, NOT_THE_DAY);
      await moveTo(EVENT_UNDERWAY);
      await mark(admin, event, [{ userId: asha.user.id, isPresent: true }]).expect(200);
      await choose(admin, event, [{ place: 1, userId: asha.user.id }]).expect(200);

      const cases: [object[], string][] = [
        [
          [
            { place: 1, userId: asha.user.id },
            { place: 2, userId: bala.user.id },
            { place: 3, userId: stranger.user.id },
          ],
          'Choose between 1 and 2 winners',
        ],
        [[{ place: 1, userId: bala.user.id }], 'Bala Murugan was not marked present'],
        [[{ place: 1, userId: stranger.user.id }], 'Stranger Danger is not registered for this event'],
        [[{ place: 2, userId: asha.user.id }], 'Places must run from 1 to 1, each used once'],
        [
          [
            { place: 1, userId: asha.user.id },
            { place: 2, userId: asha.user.id },
          ],
          'Each winner can take only one place',
        ],
        [[{ place: 1, teamId: asha.user.id }], 'Choose a student (userId) for each place'],
        [[{ place: 0, userId: asha.user.id }], 'Place must be 1 or more'],
        [[{ place: 1.5, userId: asha.user.id }], 'Place must be a whole number'],
        [[], 'Please choose at least one winner'],
      ];
      for (const [winners, message] of cases) {
        const response = await choose(admin, event, winners);
        contract.expectAnswer(WINNERS, response, 400);
        expectError(response, 400, message);
      }
      expectError(await choose(otherAdmin, event, [{ place: 1, userId: asha.user.id }]), 403, "You don't have permission to edit this event");
      expect((await t.db.select().from(eventWinners)).map((row) => row.userId)).toEqual([asha.user.id]);
    });

    it('takes whole teams on a group event, only when every member was marked present', async () => {
      const event = await groupEvent();
      const leader = await person(t, { name: 'Asha Rao', dept: 'IT' });
      const member = await person(t, { name: 'Ravi Kumar' });
      const teamId = await registeredTeam(event, leader, member);
      await moveTo(EVENT_UNDERWAY);
      await mark(admin, event, [{ userId: leader.user.id, isPresent: true }]).expect(200);
      expectError(await choose(admin, event, [{ place: 1, teamId }]), 400, "Asha Rao's team has members not marked present");
      expectError(await choose(admin, event, [{ place: 1, userId: leader.user.id }]), 400, 'Choose a team (teamId) for each place');
      await mark(admin, event, [{ userId: member.user.id, isPresent: true }]).expect(200);

      const response = await choose(admin, event, [{ place: 1, teamId }]);

      contract.expectAnswer(WINNERS, response, 200);
      expect(response.body.winners).toEqual([
        { place: 1, name: 'Asha Rao', teamName: "Asha Rao's team", members: ['Asha Rao', 'Ravi Kumar'], dept: 'IT', userId: null, teamId },
      ]);
    });

    it('leaves one whole set when two choices arrive at once, never a mix', async () => {
      const { event, students } = await presentSolo(['Asha Verma', 'Bala Murugan', 'Chitra Das', 'Deepak Jain']);
      await moveTo(EVENT_UNDERWAY);
      await mark(
        admin,
        event,
        students.map((student) => ({ userId: student.user.id, isPresent: true })),
      ).expect(200);
      const ids = students.map((student) => student.user.id);
      const first = [ids[0], ids[1], ids[2]].map((userId, index) => ({ place: index + 1, userId }));
      const second = [ids[3], ids[2]].map((userId, index) => ({ place: index + 1, userId }));

      const answers = await Promise.all([choose(admin, event, first), choose(admin, event, second)]);

      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const rows = await t.db.select().from(eventWinners).where(eq(eventWinners.eventId, event.id));
      const kept = rows.sort((a, b) => a.place - b.place).map((row) => ({ place: row.place, userId: row.userId }));
      expect([first, second]).toContainEqual(kept);
      expect(new Set(rows.map((row) => row.confirmedAt.getTime())).size).toBe(1);
    });
  });
  describe('only an approved registration takes part', () => {
    const decide = (event: EventRow, body: object) => admin.agent.put(`/api/v1/admin/events/${event.id}/registrations`).send(body).expect(200);
    const choose = (event: EventRow, winners: object[]) => admin.agent.put(`/api/v1/admin/events/${event.id}/winners`).send({ winners });
    const shownWinners = async (event: EventRow) =>
      (await request(t.http).get(`/api/v1/events/${event.id}/results`).expect(200)).body.results.winners.map(
        (winner: { place: number; name: string }) => `${winner.place}. ${winner.name}`,
      );

    it('refuses to mark present, check in or choose as a winner a student still waiting for approval, naming them', async () => {
      const event = await soloEvent({ requiresApproval: true });
      const asha = await registered(event, { name: 'Asha Verma' });
      const bala = await registered(event, { name: 'Bala Murugan' });
      await decide(event, { status: 'approved', userIds: [bala.user.id] });
      const { code } = await ticketOf(asha);
      await moveTo(EVENT_UNDERWAY);

      const marked = await mark(admin, event, [{ userId: asha.user.id, isPresent: true }]);
      contract.expectAnswer(ATTENDANCE, marked, 409);
      expectError(marked, 409, 'Asha Verma is still waiting for approval');
      const checkedIn = await admin.agent.post(`/api/v1/admin/tickets/${code}/check-in`).send({});
      contract.expectAnswer(CHECK_IN, checkedIn, 409);
      expectError(checkedIn, 409, 'Asha Verma is still waiting for approval');
      expect(await presence(event, asha)).toMatchObject({ isPresent: false, checkedInAt: null });
      // A mark made before this rule existed does not make a pending student a winner either.
      await t.db.update(registrations).set({ isPresent: true }).where(eq(registrations.userId, asha.user.id));
      await mark(admin, event, [{ userId: bala.user.id, isPresent: true }]).expect(200);
      const chosen = await choose(event, [{ place: 1, userId: asha.user.id }]);
      contract.expectAnswer(WINNERS, chosen, 400);
      expectError(chosen, 400, 'Asha Verma is still waiting for approval');
      expect(await t.db.select().from(eventWinners)).toEqual([]);

      await decide(event, { status: 'approved', userIds: [asha.user.id] });
      await admin.agent.post(`/api/v1/admin/tickets/${code}/check-in`).send({}).expect(200);
      await choose(event, [{ place: 1, userId: asha.user.id }]).expect(200);
    });

    it('refuses a team still waiting for approval at the door and among the winners, naming the team', async () => {
      const event = await createEvent(t.db, {
        name: 'Hackathon',
        eventType: 'group',
        clubInCharge: 'Tech Club',
        eventDate: EVENT_DATE,
        maxTeamSize: 4,
        requiresApproval: true,
      });
      const leader = await person(t, { name: 'Asha Rao' });
      const member = await person(t, { name: 'Ravi Kumar' });
      const teamId = await registeredTeam(event, leader, member);
      const { code } = await ticketOf(member);
      await moveTo(EVENT_UNDERWAY);

      expectError(
        await admin.agent.post(`/api/v1/admin/tickets/${code}/check-in`).send({ userIds: [member.user.id] }),
        409,
        "Asha Rao's team is still waiting for approval",
      );
      expectError(await mark(admin, event, [{ userId: leader.user.id, isPresent: true }]), 409, "Asha Rao's team is still waiting for approval");
      await t.db.update(registrations).set({ isPresent: true }).where(eq(registrations.teamId, teamId));
      expectError(await choose(event, [{ place: 1, teamId }]), 400, "Asha Rao's team is still waiting for approval");
      expect(await t.db.select().from(eventWinners)).toEqual([]);
    });

    it('leaves a winner out of the results once their registration is cancelled or rejected', async () => {
      // The deadline after the event's start lets a student cancel on the event day.
      const event = await soloEvent({ registrationDeadline: new Date('2025-08-31T18:00:00+05:30'), requiresApproval: true });
      const students: Person[] = [];
      for (const name of ['Asha Verma', 'Bala Murugan', 'Chitra Das']) students.push(await registered(event, { name }));
      await decide(event, { status: 'approved', userIds: students.slice(0, 2).map((student) => student.user.id) });
      await moveTo(EVENT_UNDERWAY);
      const [winner, runnerUp, waiting] = students;
      await mark(
        admin,
        event,
        [winner, runnerUp].map((student) => ({ userId: student.user.id, isPresent: true })),
      ).expect(200);
      await choose(event, [
        { place: 1, userId: winner.user.id },
        { place: 2, userId: runnerUp.user.id },
      ]).expect(200);
      // A pending student chosen before only approved ones could be, as the winners' table may still hold.
      await t.db.insert(eventWinners).values({ eventId: event.id, place: 3, userId: waiting.user.id, confirmedAt: EVENT_UNDERWAY });
      expect(await shownWinners(event)).toEqual(['1. Asha Verma', '2. Bala Murugan']);

      const student = await signedIn(t, winner.user);
      await student.post(`/api/v1/registrations/${event.id}/cancel`).send({ eventName: event.name }).expect(200);
      await decide(event, { status: 'rejected', userIds: [waiting.user.id] });

      expect(await shownWinners(event)).toEqual(['2. Bala Murugan']);
      const csv = await download(admin, '/api/v1/admin/clubs/Tech%20Club/export.csv');
      expect(csv.body).toContain('2. Bala Murugan');
      expect(csv.body).not.toMatch(/Asha Verma|Chitra Das/);
      await (await signedIn(t, runnerUp.user)).post(`/api/v1/registrations/${event.id}/cancel`).send({ eventName: event.name }).expect(200);
      expectError(await request(t.http).get(`/api/v1/events/${event.id}/results`), 404, 'Results are not published yet');
    });
  });

  describe("the event's day once it is recorded", () => {
    const moveDate = (event: EventRow, eventDate: string | null) => admin.agent.put(`/api/v1/admin/events/${event.id}`).send({ eventDate });
    const dateOf = async (event: EventRow) => (await admin.agent.get(`/api/v1/admin/events/${event.id}`).expect(200)).body.event.eventDate;

    it('moves freely until attendance is marked, then only within its day', async () => {
      const event = await soloEvent();
      const asha = await registered(event, { name: 'Asha Verma' });
      await moveDate(event, '2025-08-31T04:30:00.000Z').expect(200);
      // Into the past and back, with nothing recorded meanwhile: a postponement's correction.
      await moveDate(event, '2025-08-19T04:30:00.000Z').expect(200);
      await mark(admin, event, [{ userId: asha.user.id, isPresent: true }]).expect(200);

      const back = await moveDate(event, EVENT_DATE.toISOString());
      expectError(back, 409, 'Code Sprint already has attendance or winners recorded, so its date can no longer move to another day.');
      expectError(await moveDate(event, null), 409, 'Code Sprint already has attendance or winners recorded, so its date can no longer move to another day.');
      expect(await dateOf(event)).toBe('2025-08-19T04:30:00.000Z');
      await moveDate(event, '2025-08-19T11:00:00.000Z').expect(200);
      expect(await dateOf(event)).toBe('2025-08-19T11:00:00.000Z');
    });

    it('keeps the day of an event whose winners are confirmed, after its attendance is cleared', async () => {
      const event = await soloEvent();
      const asha = await registered(event, { name: 'Asha Verma' });
      await moveTo(EVENT_UNDERWAY);
      await mark(admin, event, [{ userId: asha.user.id, isPresent: true }]).expect(200);
      await admin.agent
        .put(`/api/v1/admin/events/${event.id}/winners`)
        .send({ winners: [{ place: 1, userId: asha.user.id }] })
        .expect(200);
      await t.db.update(registrations).set({ isPresent: false }).where(eq(registrations.eventId, event.id));

      expectError(
        await moveDate(event, '2025-09-06T04:30:00.000Z'),
        409,
        'Code Sprint already has attendance or winners recorded, so its date can no longer move to another day.',
      );
    });

    it('lets either the attendance or the move through when both arrive at once, never both', async () => {
      for (let round = 0; round < 5; round += 1) {
        // Later today: registration closes when the event starts, and attendance opens on its day.
        const event = await soloEvent({ name: `Code Sprint ${round}`, eventDate: new Date('2025-08-20T10:30:00.000Z') });
        const asha = await registered(event);
        const [marked, moved] = await Promise.all([mark(admin, event, [{ userId: asha.user.id, isPresent: true }]), moveDate(event, EVENT_DATE.toISOString())]);

        expect([marked.status, moved.status].sort()).toEqual([200, 409]);
        const present = (await presence(event, asha)).isPresent;
        expect(await dateOf(event)).toBe(present ? '2025-08-20T10:30:00.000Z' : EVENT_DATE.toISOString());
        expect(present).toBe(marked.status === 200);
      }
    });
  });

  describe('exports', () => {
    /** The file as a spreadsheet reads it: RFC 4180 cells (quoted ones may hold commas and doubled quotes), CRLF rows. */
    function parseCsv(text: string): string[][] {
      const rows: string[][] = [];
      let row: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < text.length; i += 1) {
        const char = text[i];
        if (quoted && char === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (char === '"') {
          quoted = !quoted;
        } else if (!quoted && char === ',') {
          row.push(cell);
          cell = '';
        } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
          rows.push([...row, cell]);
          row = [];
          cell = '';
          i += 1;
        } else {
          cell += char;
        }
      }
      return rows;
    }

    it("writes the event's applicants cell by cell, neutralising formulas and quoting quotes and commas", async () => {
      const event = await createEvent(t.db, { name: 'Hack & Learn 2.0', eventType: 'group', clubInCharge: 'Tech Club', eventDate: EVENT_DATE, maxTeamSize: 4 });
      const leader = await person(t, { name: 'Asha Rao', rollNumber: '23CSE001', dept: 'CSE', year: '3' });
      const member = await person(t, { name: 'Anand Rao', rollNumber: '-23IT002', dept: 'IT', year: '2' });
      await registeredTeam(event, leader, member);
      // Names the sign-up form would refuse, as an import or an older account might hold: the file must stay safe whatever is stored.
      await t.db.update(users).set({ name: '=HYPERLINK("http://evil.example","click")' }).where(eq(users.id, leader.user.id));
      await t.db.update(users).set({ name: 'Anand "Andy" Rao, Jr.' }).where(eq(users.id, member.user.id));
      // The database stamps applications with its own time: fix it to read the IST column.
      await t.db
        .update(registrations)
        .set({ appliedAt: new Date('2025-08-20T04:30:00.000Z') })
        .where(eq(registrations.eventId, event.id));
      const solo = await soloEvent();
      await registered(solo, { name: 'Solo Student' });
      await moveTo(EVENT_UNDERWAY);
      await mark(admin, event, [{ userId: member.user.id, isPresent: true }]).expect(200);

      const response = await download(admin, `/api/v1/admin/events/${event.id}/export.csv`);

      contract.expectAnswer('GET /api/v1/admin/events/{id}/export.csv', response, 200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="hack-learn-2-0-applicants.csv"');
      const text = response.body as string;
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replaceAll('\r\n', '')).not.toContain('\n');
      expect(parseCsv(text.slice(1))).toEqual([
        ['Name', 'Email', 'Roll Number', 'Department', 'Year', 'Team', 'Role', 'Status', 'Registered At (IST)', 'Present'],
        [
          `'=HYPERLINK("http://evil.example","click")`,
          leader.user.email,
          '23CSE001',
          'CSE',
          '3',
          "Asha Rao's team",
          'Leader',
          'Approved',
          '2025-08-20 10:00',
          'No',
        ],
        ['Anand "Andy" Rao, Jr.', member.user.email, "'-23IT002", 'IT', '2', "Asha Rao's team", 'Member', 'Approved', '2025-08-20 10:00', 'Yes'],
      ]);
      expect(text).toContain('"Anand ""Andy"" Rao, Jr."');
      expectError(await otherAdmin.agent.get(`/api/v1/admin/events/${event.id}/export.csv`), 403, "You don't have permission to edit this event");
      expectError(await admin.agent.get('/api/v1/admin/events/00000000-0000-4000-8000-000000000000/export.csv'), 404, 'Event not found');
    });

    it("writes the club's events with their seats, registrations, teams, attendance and winners, for the club only", async () => {
      const event = await soloEvent({ name: 'Code Sprint', venue: 'Lab 1', maxApplications: 30 });
      const asha = await registered(event, { name: 'Asha Verma' });
      await registered(event, { name: 'Bala Murugan' });
      await createEvent(t.db, { name: 'Poetry Slam', clubInCharge: 'Music Club', eventDate: EVENT_DATE });
      const undated = await soloEvent({ name: 'Open Mic', eventDate: null, venue: 'Hall 2', maxApplications: null });
      await moveTo(EVENT_UNDERWAY);
      await mark(admin, event, [{ userId: asha.user.id, isPresent: true }]).expect(200);
      await admin.agent
        .put(`/api/v1/admin/events/${event.id}/winners`)
        .send({ winners: [{ place: 1, userId: asha.user.id }] })
        .expect(200);

      const response = await download(admin, '/api/v1/admin/clubs/Tech%20Club/export.csv');

      contract.expectAnswer('GET /api/v1/admin/clubs/{club}/export.csv', response, 200);
      expect(response.headers['content-disposition']).toBe('attachment; filename="tech-club-events.csv"');
      expect(parseCsv((response.body as string).slice(1))).toEqual([
        ['Event', 'Type', 'Date (IST)', 'Venue', 'Seats', 'Taken', 'Registrations', 'Teams', 'Present', 'Winners'],
        ['Code Sprint', 'solo', '2025-08-30 10:00', 'Lab 1', '30', '2', '2', '0', '1', '1. Asha Verma'],
        [undated.name, 'solo', '', 'Hall 2', 'Unlimited', '0', '0', '0', '0', ''],
      ]);
      expectError(await otherAdmin.agent.get('/api/v1/admin/clubs/Tech%20Club/export.csv'), 403, "You don't have permission to export this club's events");
      expectError(await admin.agent.get('/api/v1/admin/clubs/Chess%20Club/export.csv'), 404, 'Club not found');
      const superAdmins = await download(await superAdmin(t), '/api/v1/admin/clubs/Music%20Club/export.csv');
      expect(parseCsv((superAdmins.body as string).slice(1)).map((row) => row[0])).toEqual(['Event', 'Poetry Slam']);
    });

    it("are refused with 503 and Retry-After, all at once, while the instance's places for heavy reports are taken, and served once one frees", async () => {
      const event = await soloEvent();
      const gate = t.app.get(ReportGate);
      // Every place held by reports that have not finished (REPORTS_IN_FLIGHT, 4 by default).
      let finish = () => {};
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const held = Array.from({ length: 4 }, () => gate.run(() => finished));
      const boss = await superAdmin(t);

      const asked = await Promise.all([
        ...Array.from({ length: 3 }, () => admin.agent.get(`/api/v1/admin/events/${event.id}/export.csv`)),
        admin.agent.get('/api/v1/admin/clubs/Tech%20Club/export.csv'),
        boss.agent.get('/api/v1/admin/dashboard/stats'),
        boss.agent.get('/api/v1/admin/dashboard/club-stats'),
      ]);
      for (const response of asked) {
        expectError(response, 503, 'Many reports are being prepared right now. Please try again in a few seconds.');
        expect(response.headers['retry-after']).toBe('5');
      }
      // Who may not have the report hears so first.
      expect((await otherAdmin.agent.get(`/api/v1/admin/events/${event.id}/export.csv`)).status).toBe(403);

      finish();
      await Promise.all(held);
      const served = await Promise.all([
        download(admin, `/api/v1/admin/events/${event.id}/export.csv`),
        download(admin, '/api/v1/admin/clubs/Tech%20Club/export.csv'),
        boss.agent.get('/api/v1/admin/dashboard/stats'),
      ]);
      expect(served.map((response) => response.status)).toEqual([200, 200, 200]);
    });
  });
});
