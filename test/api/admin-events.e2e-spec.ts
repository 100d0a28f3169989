import { eq } from 'drizzle-orm';
import request, { type Response } from 'supertest';
import { auditLog } from '../../backend/src/database/schema/audit';
import { type EventRow, events } from '../../backend/src/database/schema/events';
import { teamInvites } from '../../backend/src/database/schema/invites';
import { registrations } from '../../backend/src/database/schema/registrations';
import { teams } from '../../backend/src/database/schema/teams';
import { createUser } from './support/accounts';
import { auditOf, clubAdmin, DURING_REGISTRATION, eventPayload, person, seatsOf, superAdmin } from './support/admin';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { mailsTo } from './support/outbox';
import { registeredTeamFromForm } from './support/teams';
import { useTestApp } from './support/test-app';

const LIST = 'GET /api/v1/admin/events';
const CREATE = 'POST /api/v1/admin/events';
const ONE = 'GET /api/v1/admin/events/{id}';
const UPDATE = 'PUT /api/v1/admin/events/{id}';
const DELETE = 'DELETE /api/v1/admin/events/{id}';
const UNKNOWN = '2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10';

describe("club admins' events", () => {
  // The public list is cached for a minute here, so "shows at once" proves that a write refreshes it.
  const t = useTestApp({ eventListCacheMs: 60_000 }, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  beforeEach(async () => {
    contract ??= await loadApiContract(t);
  });

  const publicList = async () =>
    (await request(t.http).get('/api/v1/events').expect(200)).body.events as { _id: string; name: string; maxApplications: number }[];

  describe('creating', () => {
    it("creates a club admin's event in their own club, whatever club the form names, and lists it publicly at once", async () => {
      const admin = await clubAdmin(t, 'Tech Club');
      expect(await publicList()).toEqual([]);

      const response = await admin.agent.post('/api/v1/admin/events').send(eventPayload({ name: '  Circuit Debugging  ', clubInCharge: 'Music Club' }));

      contract.expectAnswer(CREATE, response, 201);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Event created successfully!',
        event: {
          name: 'Circuit Debugging',
          clubInCharge: 'Tech Club',
          event_type: 'solo',
          maxApplications: 40,
          actualSeatsTaken: 0,
          availableSeats: 40,
          applicationDeadline: '2025-08-28T18:29:00.000Z',
          eventDate: '2025-08-30T04:30:00.000Z',
          staff_incharges: [{ adminId: null, name: 'Dr. Meena Iyer', email: 'meena.iyer@campus.ac.in', club: 'Tech Club' }],
          isActive: true,
          requiresApproval: false,
          applications: [],
          applicationCounts: { pending: 0, approved: 0, rejected: 0 },
        },
      });
      expect((await publicList()).map((event) => event.name)).toEqual(['Circuit Debugging']);
      const [record] = await auditOf(t, response.body.event._id);
      expect(record).toMatchObject({
        action: 'event.created',
        actorId: admin.user.id,
        club: 'Tech Club',
        subjectType: 'event',
        subjectLabel: 'Circuit Debugging',
      });
      expect(record.changes).toMatchObject({ name: { from: null, to: 'Circuit Debugging' }, maxApplications: { from: null, to: 40 } });
    });

    it('has the super admin choose one of the ten clubs', async () => {
      const admin = await superAdmin(t);
      expectError(await admin.agent.post('/api/v1/admin/events').send(eventPayload()), 400, 'Please select a club');
      expectError(await admin.agent.post('/api/v1/admin/events').send(eventPayload({ clubInCharge: 'Chess Club' })), 400, 'Please select a club');
      const created = await admin.agent.post('/api/v1/admin/events').send(eventPayload({ clubInCharge: 'Dance Club', maxApplications: null }));
      contract.expectAnswer(CREATE, created, 201);
      expect(created.body.event).toMatchObject({ clubInCharge: 'Dance Club', maxApplications: null, availableSeats: null });
    });

    it.each([
      ['no name', { name: undefined }, 'name', 'Event name is required'],
      ['a blank name', { name: '   ' }, 'name', 'Event name is required'],
      ['a short name', { name: ' ab ' }, 'name', 'Event name must be at least 3 characters'],
      ['a long name', { name: 'x'.repeat(121) }, 'name', 'Event name must be at most 120 characters'],
      ['no event type', { event_type: undefined }, 'event_type', 'Please select an event type'],
      ['an unknown event type', { event_type: 'party' }, 'event_type', 'Please select an event type'],
      ['a long description', { description: 'd'.repeat(1001) }, 'description', 'Description must not exceed 1000 characters'],
      ['no staff in-charge', { staff_incharges: undefined }, 'staff_incharges', 'Please select at least one staff in-charge'],
      ['an empty staff list', { staff_incharges: [] }, 'staff_incharges', 'Please select at least one staff in-charge'],
      [
        'a staff member without e-mail',
        { staff_incharges: [{ name: 'A B', email: '', club: 'Tech Club' }] },
        'staff_incharges.0.email',
        'Staff in-charge e-mail is required',
      ],
      ['zero seats', { maxApplications: 0 }, 'maxApplications', 'Max applications must be a positive number'],
      ['fractional seats', { maxApplications: 2.5 }, 'maxApplications', 'Max applications must be a positive number'],
      ['seats as text', { maxApplications: '40' }, 'maxApplications', 'Max applications must be a positive number'],
      ['a deadline in the past', { applicationDeadline: '2025-08-19T10:00:00.000Z' }, 'applicationDeadline', 'Application deadline must be in the future'],
      ['a deadline that is no date', { applicationDeadline: 'soon' }, 'applicationDeadline', 'Application deadline must be a date and time'],
      // Valid ISO 8601 whose offset carries it into the year 10000, past what PostgreSQL's timestamps hold.
      ['a date past the year 9999', { eventDate: '9999-12-31T23:59:59-12:00' }, 'eventDate', 'Event date must fall between the years 2000 and 2999'],
      [
        'a deadline before 2000',
        { applicationDeadline: '1999-12-31T00:00:00Z' },
        'applicationDeadline',
        'Application deadline must fall between the years 2000 and 2999',
      ],
      ['teams larger than 20', { event_type: 'group', maxTeamSize: 21 }, 'maxTeamSize', 'Team sizes must be between 1 and 20'],
      [
        'a maximum team size below the minimum',
        { event_type: 'group', minTeamSize: 4, maxTeamSize: 3 },
        'maxTeamSize',
        'Maximum team size must be at least the minimum',
      ],
      ['a negative number of girls’ teams', { maxGirlTeams: -1 }, 'maxGirlTeams', "Girls' teams cannot be negative"],
      ['21 rules', { rules: Array.from({ length: 21 }, () => 'A rule.') }, 'rules', 'At most 20 rules'],
      ['a rule of 301 characters', { rules: ['r'.repeat(301)] }, 'rules', 'Each rule must be at most 300 characters'],
      ['a flag as text', { isActive: 'yes' }, 'isActive', 'Whether the event takes registrations must be true or false'],
      ['a null name', { name: null }, 'name', 'Event name is required'],
      ['an unknown field', { seatsTaken: 0 }, 'seatsTaken', 'seatsTaken is not an accepted field'],
    ])('refuses %s with its message', async (_case, overrides, field, message) => {
      const admin = await clubAdmin(t);
      const response = await admin.agent.post('/api/v1/admin/events').send(eventPayload(overrides));
      contract.expectAnswer(CREATE, response, 400);
      expectError(response, 400, message);
      expect(response.body.errors).toContainEqual({ field, message });
      expect(await t.db.$count(events)).toBe(0);
    });

    it('refuses a name another event has, whatever its case', async () => {
      const admin = await clubAdmin(t);
      await createEvent(t.db, { name: 'Treasure Hunt', clubInCharge: 'Sports Club' });
      const response = await admin.agent.post('/api/v1/admin/events').send(eventPayload({ name: 'treasure HUNT' }));
      contract.expectAnswer(CREATE, response, 409);
      expectError(response, 409, 'An event with this name already exists');
      expect(await t.db.$count(events)).toBe(1);
    });

    it('reads white space inside a name as one space, so spacing makes no second event', async () => {
      const admin = await clubAdmin(t);
      const created = await admin.agent
        .post('/api/v1/admin/events')
        .send(eventPayload({ name: '  Tech \t Quiz ' }))
        .expect(201);
      expect(created.body.event.name).toBe('Tech Quiz');
      for (const name of ['Tech  Quiz', 'Tech\u00a0Quiz', 'TECH\nQUIZ']) {
        expectError(await admin.agent.post('/api/v1/admin/events').send(eventPayload({ name })), 409, 'An event with this name already exists');
      }
      expect(await t.db.$count(events)).toBe(1);
    });

    it('refuses a club admin whose account has no club', async () => {
      const admin = await person(t, { role: 'admin', club: null });
      for (const response of [await admin.agent.post('/api/v1/admin/events').send(eventPayload()), await admin.agent.get('/api/v1/admin/events')]) {
        expectError(response, 403, 'Your account is not linked to a club');
      }
      expect(await t.db.$count(events)).toBe(0);
    });
  });

  describe('reading', () => {
    it("lists a club admin's own club's events and every event for the super admin, by date then name", async () => {
      const late = await createEvent(t.db, { name: 'Zeta Quiz', clubInCharge: 'Tech Club', eventDate: new Date('2025-08-31T04:30:00Z') });
      const early = await createEvent(t.db, { name: 'Beta Quiz', clubInCharge: 'Tech Club', eventDate: new Date('2025-08-29T04:30:00Z') });
      const sameDay = await createEvent(t.db, { name: 'Alpha Quiz', clubInCharge: 'Tech Club', eventDate: new Date('2025-08-31T04:30:00Z') });
      const music = await createEvent(t.db, { name: 'Open Mic', clubInCharge: 'Music Club', eventDate: new Date('2025-08-30T04:30:00Z') });

      const own = contract.expectAnswer(LIST, await (await clubAdmin(t, 'Tech Club')).agent.get('/api/v1/admin/events'), 200);
      expect(own.body.events.map((event: { _id: string }) => event._id)).toEqual([early.id, sameDay.id, late.id]);
      const all = contract.expectAnswer(LIST, await (await superAdmin(t)).agent.get('/api/v1/admin/events'), 200);
      expect(all.body.events.map((event: { _id: string }) => event._id)).toEqual([early.id, music.id, sameDay.id, late.id]);
    });

    it("shows every registration with its student and team, counted per seat, and refuses another club's admin", async () => {
      const event = await createEvent(t.db, {
        name: 'Hack Night',
        eventType: 'group',
        clubInCharge: 'Tech Club',
        minTeamSize: 2,
        maxTeamSize: 3,
        requiresApproval: true,
      });
      const leader = await person(t, { name: 'Lead Student', rollNumber: '23CSE900' });
      const member = await person(t, { name: 'Team Member' });
      await registeredTeamFromForm(event, leader, [member]);
      const [team] = await t.db.select().from(teams).where(eq(teams.eventId, event.id));

      const response = contract.expectAnswer(ONE, await (await clubAdmin(t, 'Tech Club')).agent.get(`/api/v1/admin/events/${event.id}`), 200);

      expect(response.body.event.applicationCounts).toEqual({ pending: 1, approved: 0, rejected: 0 });
      expect(response.body.event.actualSeatsTaken).toBe(1);
      expect(response.body.event.applications).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            userId: leader.user.id,
            name: 'Lead Student',
            email: leader.user.email,
            rollNumber: '23CSE900',
            status: 'pending',
            teamId: team.id,
            teamName: team.name,
          }),
          expect.objectContaining({ userId: member.user.id, name: 'Team Member', status: 'pending', teamId: team.id, teamName: team.name }),
        ]),
      );
      expect(response.body.event.applications).toHaveLength(2);

      const other = await clubAdmin(t, 'Music Club');
      expectError(contract.expectAnswer(ONE, await other.agent.get(`/api/v1/admin/events/${event.id}`)), 403, "You don't have permission to edit this event");
      expectError(contract.expectAnswer(ONE, await other.agent.get(`/api/v1/admin/events/${UNKNOWN}`)), 404, 'Event not found');
      expectError(contract.expectAnswer(ONE, await other.agent.get('/api/v1/admin/events/nope')), 400, 'Invalid event id');
    });
  });

  describe('editing', () => {
    it('changes only the fields sent, records what changed and shows the change publicly at once', async () => {
      const admin = await clubAdmin(t);
      const created = (
        await admin.agent
          .post('/api/v1/admin/events')
          .send(eventPayload({ name: 'Robo Race' }))
          .expect(201)
      ).body.event;
      expect((await publicList())[0].maxApplications).toBe(40);

      const response = await admin.agent.put(`/api/v1/admin/events/${created._id}`).send({ maxApplications: 60, venue: 'Main Ground', rules: ['No wires.'] });

      contract.expectAnswer(UPDATE, response, 200);
      expect(response.body).toMatchObject({
        message: 'Event updated successfully!',
        event: { name: 'Robo Race', maxApplications: 60, venue: 'Main Ground', rules: ['No wires.'] },
      });
      expect((await publicList())[0]).toMatchObject({ name: 'Robo Race', maxApplications: 60 });
      const updated = (await auditOf(t, created._id)).find((record) => record.action === 'event.updated');
      expect(updated?.changes).toEqual({
        maxApplications: { from: 40, to: 60 },
        venue: { from: 'Lab 3', to: 'Main Ground' },
        rules: { from: ['Bring your own multimeter.'], to: ['No wires.'] },
      });
    });

    it('records nothing when nothing changed', async () => {
      const admin = await clubAdmin(t);
      const event = await createEvent(t.db, { clubInCharge: 'Tech Club', venue: 'Lab 3' });
      contract.expectAnswer(UPDATE, await admin.agent.put(`/api/v1/admin/events/${event.id}`).send({ venue: 'Lab 3' }), 200);
      expect(await auditOf(t, event.id)).toEqual([]);
    });

    it('keeps a club admin to their club and lets the super admin move an event', async () => {
      const event = await createEvent(t.db, { name: 'Poetry Slam', clubInCharge: 'Literary Club' });
      const own = await clubAdmin(t, 'Literary Club');
      expectError(
        contract.expectAnswer(UPDATE, await own.agent.put(`/api/v1/admin/events/${event.id}`).send({ clubInCharge: 'Drama Club' })),
        403,
        'Club cannot be changed by club admins',
      );
      contract.expectAnswer(UPDATE, await own.agent.put(`/api/v1/admin/events/${event.id}`).send({ clubInCharge: 'Literary Club' }), 200);
      const other = await clubAdmin(t, 'Drama Club');
      expectError(await other.agent.put(`/api/v1/admin/events/${event.id}`).send({ venue: 'Stage' }), 403, "You don't have permission to edit this event");

      const moved = await (await superAdmin(t)).agent.put(`/api/v1/admin/events/${event.id}`).send({ clubInCharge: 'Drama Club' });
      expect(contract.expectAnswer(UPDATE, moved, 200).body.event.clubInCharge).toBe('Drama Club');
      expectError(await own.agent.get(`/api/v1/admin/events/${event.id}`), 403, "You don't have permission to edit this event");
    });

    it('moves no event that someone runs, or is invited to run, for its club', async () => {
      const chief = await superAdmin(t);
      const [run, invited] = [
        await createEvent(t.db, { name: 'Debate', clubInCharge: 'Literary Club' }),
        await createEvent(t.db, { name: 'Essay', clubInCharge: 'Literary Club' }),
      ];
      await createUser(t, { name: 'Lata Menon', role: 'admin', club: 'Literary Club', assignedEventId: run.id });
      await chief.agent.post('/api/v1/admin/invite').send({ email: 'essay.admin@campus.ac.in', club: 'Literary Club', eventId: invited.id }).expect(201);
      const move = (event: EventRow) => chief.agent.put(`/api/v1/admin/events/${event.id}`).send({ clubInCharge: 'Drama Club' });

      expectError(
        contract.expectAnswer(UPDATE, await move(run), 409),
        409,
        'Lata Menon runs this event for Literary Club. Change their role before moving it to another club.',
      );
      expectError(await move(invited), 409, 'This event has a pending admin invitation for Literary Club. Cancel it before moving the event to another club.');
      expect((await t.db.select().from(events)).map((event) => event.clubInCharge)).toEqual(['Literary Club', 'Literary Club']);
    });

    it('refuses a capacity below the seats taken, a taken name and a new deadline in the past', async () => {
      const admin = await clubAdmin(t);
      const event = await createEvent(t.db, { name: 'Code Golf', clubInCharge: 'Tech Club', maxApplications: 10, seatsTaken: 6 });
      await createEvent(t.db, { name: 'Byte Battle', clubInCharge: 'Tech Club' });
      const put = (body: object) => admin.agent.put(`/api/v1/admin/events/${event.id}`).send(body);

      expectError(contract.expectAnswer(UPDATE, await put({ maxApplications: 5 }), 409), 409, 'Max applications cannot be below the 6 seats already taken');
      expectError(contract.expectAnswer(UPDATE, await put({ name: 'BYTE battle' }), 409), 409, 'An event with this name already exists');
      expectError(await put({ applicationDeadline: '2025-08-20T04:00:00.000Z' }), 400, 'Application deadline must be in the future');
      expectError(await put({ name: null }), 400, 'Event name is required');
      expect((await seatsOf(t, event.id)).capacity).toBe(10);

      expect(contract.expectAnswer(UPDATE, await put({ maxApplications: 6 }), 200).body.event.availableSeats).toBe(0);
      expect(contract.expectAnswer(UPDATE, await put({ maxApplications: null }), 200).body.event.availableSeats).toBeNull();
    });

    it('sets an end after the event date, refuses one before it or without a date, and a new date past the end', async () => {
      const admin = await clubAdmin(t);
      const create = (body: Record<string, unknown>) => admin.agent.post('/api/v1/admin/events').send(eventPayload(body));
      const refusal = async (operation: string, response: Promise<Response>, message: string) => {
        const answer = contract.expectAnswer(operation, await response, 400);
        expectError(answer, 400, message);
        expect(answer.body.errors).toEqual([{ field: 'eventEndDate', message }]);
      };
      await refusal(CREATE, create({ name: 'Backwards', eventEndDate: '2025-08-30T04:00:00.000Z' }), 'Event end must be after the event date');
      await refusal(CREATE, create({ name: 'Undated', eventDate: null, eventEndDate: '2025-08-30T06:00:00.000Z' }), 'Set the event date before its end');

      const created = contract.expectAnswer(CREATE, await create({ name: 'Soldering Lab', eventEndDate: '2025-08-30T06:30:00.000Z' }), 201).body.event;
      expect(created).toMatchObject({ eventDate: '2025-08-30T04:30:00.000Z', eventEndDate: '2025-08-30T06:30:00.000Z' });
      const put = (body: object) => admin.agent.put(`/api/v1/admin/events/${created._id}`).send(body);
      // The form leaves the end alone and moves the date past it: the row as changed is refused, and nothing is written.
      await refusal(UPDATE, put({ eventDate: '2025-08-30T07:00:00.000Z' }), 'Event end must be after the event date');
      await refusal(UPDATE, put({ eventDate: null }), 'Set the event date before its end');
      const [row] = await t.db.select().from(events).where(eq(events.id, created._id));
      expect([row.eventDate?.toISOString(), row.eventEndDate?.toISOString()]).toEqual(['2025-08-30T04:30:00.000Z', '2025-08-30T06:30:00.000Z']);

      const moved = contract.expectAnswer(UPDATE, await put({ eventDate: '2025-08-30T07:00:00.000Z', eventEndDate: '2025-08-30T09:00:00.000Z' }), 200);
      expect(moved.body.event).toMatchObject({ eventDate: '2025-08-30T07:00:00.000Z', eventEndDate: '2025-08-30T09:00:00.000Z' });
      expect(contract.expectAnswer(UPDATE, await put({ eventEndDate: null }), 200).body.event.eventEndDate).toBeNull();
      const changes = (await auditOf(t, created._id)).filter((record) => record.action === 'event.updated').map((record) => record.changes.eventEndDate);
      expect(changes).toEqual([
        { from: '2025-08-30T06:30:00.000Z', to: '2025-08-30T09:00:00.000Z' },
        { from: '2025-08-30T09:00:00.000Z', to: null },
      ]);
    });

    it('keeps a deadline that has passed when the form sends it unchanged', async () => {
      const admin = await clubAdmin(t);
      const passed = new Date('2025-08-19T10:00:00.000Z');
      const event = await createEvent(t.db, { clubInCharge: 'Tech Club', registrationDeadline: passed });
      const response = await admin.agent.put(`/api/v1/admin/events/${event.id}`).send({ applicationDeadline: passed.toISOString(), venue: 'Hall B' });
      expect(contract.expectAnswer(UPDATE, response, 200).body.event).toMatchObject({ applicationDeadline: passed.toISOString(), venue: 'Hall B' });
    });
  });

  describe('deleting', () => {
    it('e-mails every registered student, team members included, withdraws the invitations and keeps an audit record', async () => {
      const admin = await clubAdmin(t);
      const event = await createEvent(t.db, { name: 'Bug Bounty', eventType: 'group', clubInCharge: 'Tech Club', minTeamSize: 2, maxTeamSize: 4 });
      const solo = await createEvent(t.db, { name: 'Keep Me', clubInCharge: 'Tech Club' });
      const leader = await person(t, { name: 'Kavya Nair' });
      const member = await person(t, { name: 'Rahul Menon' });
      const invitee = await person(t, { name: 'Divya Rao' });
      const bystander = await person(t, { name: 'Imran Khan' });
      await registeredTeamFromForm(event, leader, [member]);
      const pendingTeam = (
        await invitee.agent
          .post('/api/v1/teams/create-with-invites')
          .send({ eventId: event.id, teamName: 'Late Team', userIds: [bystander.user.id] })
          .expect(201)
      ).body;
      expect(pendingTeam.success).toBe(true);
      await bystander.agent.post('/api/v1/solo').send({ eventId: solo.id, studentId: bystander.user.id }).expect(201);

      const response = await admin.agent.delete(`/api/v1/admin/events/${event.id}`);

      contract.expectAnswer(DELETE, response, 200);
      expect(response.body).toEqual({ success: true, message: 'Event deleted', cancelledRegistrations: 2 });
      for (const student of [leader, member]) {
        // The member's invitation to the team came first.
        const mail = (await mailsTo(t.db, student.user.email)).find((sent) => sent.subject === 'Bug Bounty has been cancelled');
        expect(mail?.text).toContain('Bug Bounty has been cancelled by its organisers');
      }
      expect(await mailsTo(t.db, invitee.user.email)).toEqual([]);
      expect(await t.db.select().from(teamInvites).where(eq(teamInvites.eventId, event.id))).toEqual([]);
      expect(await t.db.select().from(registrations).where(eq(registrations.eventId, event.id))).toEqual([]);
      expect(await t.db.$count(registrations)).toBe(1);
      expectError(await admin.agent.get(`/api/v1/admin/events/${event.id}`), 404, 'Event not found');
      expect((await publicList()).map((listed) => listed.name)).toEqual(['Keep Me']);
      const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'event.deleted'));
      expect(record).toMatchObject({ subjectId: event.id, subjectLabel: 'Bug Bounty', club: 'Tech Club', actorId: admin.user.id });
      expect(record.changes).toMatchObject({
        name: { from: 'Bug Bounty', to: null },
        event_type: { from: 'group', to: null },
        registrations: { from: 2, to: 0 },
      });
    });

    it("refuses another club's admin and an unknown event, and changes nothing", async () => {
      const event = await createEvent(t.db, { clubInCharge: 'Tech Club' });
      const other = await clubAdmin(t, 'Music Club');
      expectError(
        contract.expectAnswer(DELETE, await other.agent.delete(`/api/v1/admin/events/${event.id}`)),
        403,
        "You don't have permission to edit this event",
      );
      expectError(contract.expectAnswer(DELETE, await other.agent.delete(`/api/v1/admin/events/${UNKNOWN}`)), 404, 'Event not found');
      expect(await t.db.$count(events)).toBe(1);
      expect(await t.db.$count(auditLog)).toBe(0);
    });
  });

  describe('odd input', () => {
    const FIELDS = Object.keys(eventPayload()).concat([
      'event_type',
      'clubInCharge',
      'isActive',
      'minTeamSize',
      'maxTeamSize',
      'requiresApproval',
      'hasGenderBasedTeams',
      'maxBoyTeams',
      'maxGirlTeams',
    ]);
    const ODD_VALUES: unknown[] = [
      0,
      -1,
      1e308,
      2 ** 31,
      true,
      null,
      [],
      {},
      [null],
      [{}],
      '',
      ' ',
      'x',
      '2025-02-30T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '9999-12-31T23:59:59Z',
    ];

    it('answers every odd value of every field in the envelope, below 500, as an admin creating and editing', async () => {
      const admin = await superAdmin(t);
      const event = await createEvent(t.db, { clubInCharge: 'Tech Club', seatsTaken: 3 });
      for (const field of new Set(FIELDS)) {
        for (const value of ODD_VALUES) {
          const created = await admin.agent
            .post('/api/v1/admin/events')
            .send(eventPayload({ [field]: value, clubInCharge: field === 'clubInCharge' ? value : 'Tech Club' }));
          const edited = await admin.agent.put(`/api/v1/admin/events/${event.id}`).send({ [field]: value });
          for (const response of [created, edited]) {
            expect({ field, value, status: response.status < 500, body: typeof response.body.success }).toEqual({
              field,
              value,
              status: true,
              body: 'boolean',
            });
          }
          contract.expectAnswer(CREATE, created);
          contract.expectAnswer(UPDATE, edited);
        }
      }
    });
  });
});
