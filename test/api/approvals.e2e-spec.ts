import { eq } from 'drizzle-orm';
import { auditLog } from '../../backend/src/database/schema/audit';
import type { EventRow } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import { teams } from '../../backend/src/database/schema/teams';
import { clubAdmin, DURING_REGISTRATION, type Person, person, seatsOf, superAdmin } from './support/admin';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent, enrolmentForm } from './support/factories';
import { mailsTo } from './support/outbox';
import { registeredTeamFromForm, registerTeam, teamFromForm } from './support/teams';
import { useTestApp } from './support/test-app';

const DECIDE = 'PUT /api/v1/admin/events/{id}/registrations';
const NAMES = ['Asha Verma', 'Bala Murugan', 'Chitra Das', 'Deepak Jain', 'Esha Gupta', 'Farhan Ali'];

describe('approving and rejecting registrations', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  let admin: Person;
  let event: EventRow;
  beforeEach(async () => {
    contract ??= await loadApiContract(t);
    admin = await clubAdmin(t, 'Tech Club');
    event = await createEvent(t.db, { name: 'Paper Presentation', clubInCharge: 'Tech Club', requiresApproval: true, maxApplications: 10 });
  });

  async function applicant(name = NAMES[0]): Promise<Person> {
    const student = await person(t, { name });
    await student.agent.post('/api/v1/solo').send({ eventId: event.id, studentId: student.user.id }).expect(201);
    return student;
  }

  const decide = (by: Person, body: object, eventId = event.id) => by.agent.put(`/api/v1/admin/events/${eventId}/registrations`).send(body);
  const myStatus = async (student: Person) => (await student.agent.get('/api/v1/user/registrations').expect(200)).body.registrations[0].status;

  it('says at registration that the club has still to approve, for a student and for a team', async () => {
    const student = await person(t, { name: NAMES[0] });
    const solo = await student.agent.post('/api/v1/solo').send({ eventId: event.id, studentId: student.user.id }).expect(201);
    expect(solo.body.message).toBe("Successfully registered for Paper Presentation! It awaits the club's approval: your ticket is valid once it is approved.");
    expect(solo.body.registration.status).toBe('pending');

    const teamEvent = await createEvent(t.db, { name: 'Poster Design', eventType: 'group', minTeamSize: 2, maxTeamSize: 2, requiresApproval: true });
    const [leader, member] = [await person(t, { name: NAMES[1] }), await person(t, { name: NAMES[2] })];
    const team = await registerTeam(leader, await teamFromForm(teamEvent, leader, [member])).expect(200);
    expect(team.body.message).toBe("Team registered successfully! It awaits the club's approval: your ticket is valid once it is approved.");
    // Without approval the spec's words stand alone.
    const open = await createEvent(t.db, { name: 'Open Mic' });
    expect((await student.agent.post('/api/v1/solo').send({ eventId: open.id, studentId: student.user.id }).expect(201)).body.message).toBe(
      'Successfully registered for Open Mic!',
    );
  });

  it('keeps the seat of a pending registration, and approval keeps it too', async () => {
    const student = await applicant();
    expect(await myStatus(student)).toBe('pending');
    expect((await seatsOf(t, event.id)).taken).toBe(1);

    const response = await decide(admin, { status: 'approved', userIds: [student.user.id] });

    contract.expectAnswer(DECIDE, response, 200);
    expect(response.body).toEqual({ success: true, message: '1 registration approved', updated: 1, skipped: 0 });
    expect(await myStatus(student)).toBe('approved');
    expect((await student.agent.get(`/api/v1/events/${event.id}`).expect(200)).body.event.registrationStatus).toBe('approved');
    expect((await seatsOf(t, event.id)).taken).toBe(1);
    const [mail] = await mailsTo(t.db, student.user.email);
    expect(mail).toMatchObject({ subject: 'Your registration for Paper Presentation was approved' });
    expect(mail.text).toContain('Hi Asha Verma,');
    expect(mail.text).toContain('/my-registrations');
    const [record] = await t.db.select().from(auditLog);
    expect(record).toMatchObject({
      action: 'registration.approved',
      actorId: admin.user.id,
      club: 'Tech Club',
      subjectType: 'registration',
      subjectLabel: 'Asha Verma → Paper Presentation',
      changes: { status: { from: 'pending', to: 'approved' } },
    });
  });

  it('frees the seat of a rejected registration and tells the student', async () => {
    const student = await applicant();
    const response = await decide(admin, { status: 'rejected', userIds: [student.user.id] });

    contract.expectAnswer(DECIDE, response, 200);
    expect(response.body).toMatchObject({ message: '1 registration rejected', updated: 1, skipped: 0 });
    expect(await myStatus(student)).toBe('rejected');
    expect((await seatsOf(t, event.id)).taken).toBe(0);
    expect((await admin.agent.get(`/api/v1/admin/events/${event.id}`).expect(200)).body.event.applicationCounts).toEqual({
      pending: 0,
      approved: 0,
      rejected: 1,
    });
    const [mail] = await mailsTo(t.db, student.user.email);
    expect(mail).toMatchObject({ subject: 'Your registration for Paper Presentation was not approved' });
    const [record] = await t.db.select().from(auditLog);
    expect(record.action).toBe('registration.rejected');
  });

  it("tells the student the organisers' reason for a rejection, by e-mail, on My Registrations and in the audit", async () => {
    const student = await applicant();
    const reason = 'The workshop is for  3rd-year students only.';
    const response = await decide(admin, { status: 'rejected', userIds: [student.user.id], reason });
    contract.expectAnswer(DECIDE, response, 200);

    const [mine] = (await student.agent.get('/api/v1/user/registrations').expect(200)).body.registrations;
    expect(mine).toMatchObject({ status: 'rejected', rejectionReason: 'The workshop is for 3rd-year students only.', ticket: null });
    const [mail] = await mailsTo(t.db, student.user.email);
    expect(mail.text).toContain('The organisers said: “The workshop is for 3rd-year students only.”');
    const [record] = await t.db.select().from(auditLog);
    expect(record.changes).toMatchObject({ reason: { from: null, to: 'The workshop is for 3rd-year students only.' } });

    // An approval carries none; a blank reason is no reason.
    const other = await applicant(NAMES[1]);
    expectError(await decide(admin, { status: 'approved', userIds: [other.user.id], reason: 'Welcome!' }), 400, 'Only a rejection carries a reason');
    await decide(admin, { status: 'rejected', userIds: [other.user.id], reason: '   ' }).expect(200);
    const [theirs] = (await other.agent.get('/api/v1/user/registrations').expect(200)).body.registrations;
    expect(theirs).toMatchObject({ status: 'rejected', rejectionReason: null });
  });

  it('refuses a reason that is too long, holds a link or hidden characters, and decides nothing then', async () => {
    const student = await applicant();
    const refused = async (reason: string, message: string) => {
      expectError(await decide(admin, { status: 'rejected', userIds: [student.user.id], reason }), 400, message);
    };
    await refused('x'.repeat(301), 'The reason must be at most 300 characters');
    await refused('See https://example.org/rules', 'The reason cannot contain a link');
    await refused('Full\u202Eedis', 'The reason cannot contain invisible characters');
    expect(await myStatus(student)).toBe('pending');
  });

  it('decides a team as one seat, named by the team or by any member, and e-mails each member', async () => {
    const group = await createEvent(t.db, {
      name: 'Hackathon',
      eventType: 'group',
      clubInCharge: 'Tech Club',
      requiresApproval: true,
      minTeamSize: 2,
      maxTeamSize: 3,
    });
    const register = (leader: Person, member: Person) => registeredTeamFromForm(group, leader, [member]);
    const [lead1, member1, lead2, member2] = await Promise.all(NAMES.slice(0, 4).map((name) => person(t, { name })));
    await register(lead1, member1);
    await register(lead2, member2);
    const teamOf = async (leader: Person) => (await t.db.select().from(teams).where(eq(teams.leaderId, leader.user.id)))[0];
    const [team1, team2] = [await teamOf(lead1), await teamOf(lead2)];
    expect((await seatsOf(t, group.id)).taken).toBe(2);

    const rejected = await decide(admin, { status: 'rejected', teamIds: [team1.id] }, group.id);
    expect(contract.expectAnswer(DECIDE, rejected, 200).body).toMatchObject({ message: '1 registration rejected', updated: 1, skipped: 0 });
    expect((await seatsOf(t, group.id)).taken).toBe(1);
    // The member's invitation to the team came before; of the registration's e-mails only the decision was sent.
    for (const student of [lead1, member1]) {
      const subjects = (await mailsTo(t.db, student.user.email)).map((mail) => mail.subject).filter((subject) => !subject.includes('invited you'));
      expect(subjects).toEqual(['Your registration for Hackathon was not approved']);
    }

    const approved = await decide(admin, { status: 'approved', userIds: [member2.user.id] }, group.id);
    expect(approved.body).toMatchObject({ message: '1 registration approved', updated: 1, skipped: 0 });
    const rows = await t.db.select().from(registrations).where(eq(registrations.teamId, team2.id));
    expect(rows.map((row) => row.status)).toEqual(['approved', 'approved']);
    expect((await seatsOf(t, group.id)).taken).toBe(1);
    const counts = (await admin.agent.get(`/api/v1/admin/events/${group.id}`).expect(200)).body.event.applicationCounts;
    expect(counts).toEqual({ pending: 0, approved: 1, rejected: 1 });
    expect(await t.db.$count(auditLog)).toBe(2);
  });

  it("gives a rejected team's gender place back, so another team of that gender can register", async () => {
    const gendered = await createEvent(t.db, {
      name: 'Throwball',
      eventType: 'group',
      clubInCharge: 'Tech Club',
      requiresApproval: true,
      minTeamSize: 2,
      maxTeamSize: 2,
      hasGenderBasedTeams: true,
      maxGirlTeams: 1,
      maxBoyTeams: 1,
    });
    const [lead1, member1, lead2, member2] = await Promise.all(NAMES.slice(0, 4).map((name) => person(t, { name })));
    await registeredTeamFromForm(gendered, lead1, [member1]);
    expectError(
      await lead2.agent.post('/api/v1/group').send(enrolmentForm(gendered, lead2.user, [member2.user])),
      409,
      'Cannot create team! Maximum limit of 1 girl teams has been reached for Throwball',
    );
    const girlsTeams = async () => (await lead1.agent.get(`/api/v1/teams/event/${gendered.id}/stats`).expect(200)).body.stats;
    expect(await girlsTeams()).toMatchObject({ girlTeams: { registered: 1, remaining: 0, max: 1 } });

    await decide(admin, { status: 'rejected', userIds: [lead1.user.id] }, gendered.id).expect(200);

    expect(await girlsTeams()).toMatchObject({ girlTeams: { registered: 0, remaining: 1, max: 1 } });
    await registeredTeamFromForm(gendered, lead2, [member2]);
    expect((await seatsOf(t, gendered.id)).taken).toBe(1);
  });

  it('decides several at once and skips those already decided or not registered', async () => {
    const [first, second, third] = await Promise.all(NAMES.slice(0, 3).map((name) => applicant(name)));
    await decide(admin, { status: 'rejected', userIds: [third.user.id] }).expect(200);
    const stranger = await person(t, { name: 'Gita Pillai' });

    const response = await decide(admin, { status: 'approved', userIds: [first.user.id, second.user.id, third.user.id, stranger.user.id, first.user.id] });

    expect(contract.expectAnswer(DECIDE, response, 200).body).toEqual({ success: true, message: '2 registrations approved', updated: 2, skipped: 2 });
    expect(await myStatus(third)).toBe('rejected');
    expect((await seatsOf(t, event.id)).taken).toBe(2);
    const again = await decide(admin, { status: 'rejected', userIds: [first.user.id] });
    expect(again.body).toMatchObject({ message: '0 registrations rejected', updated: 0, skipped: 1 });
    expect((await seatsOf(t, event.id)).taken).toBe(2);
  });

  it.each([
    ['no ids', { status: 'approved' }, 'Please select at least one registration'],
    ['empty lists', { status: 'approved', userIds: [], teamIds: [] }, 'Please select at least one registration'],
    ['no status', { userIds: ['2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10'] }, "Please choose 'approved' or 'rejected'"],
    ['an unknown status', { status: 'pending', userIds: ['2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10'] }, "Please choose 'approved' or 'rejected'"],
    ['an invalid user id', { status: 'approved', userIds: ['nope'] }, 'Invalid user id'],
    ['an invalid team id', { status: 'approved', teamIds: ['nope'] }, 'Invalid team id'],
    ['ids as text', { status: 'approved', userIds: 'all' }, 'Please select at least one registration'],
    [
      'more than 200 ids',
      {
        status: 'approved',
        userIds: Array.from({ length: 150 }, (_, i) => `2b1f0c52-6f0e-4c3a-9d57-${String(i).padStart(12, '0')}`),
        teamIds: Array.from({ length: 51 }, (_, i) => `3b1f0c52-6f0e-4c3a-9d57-${String(i).padStart(12, '0')}`),
      },
      'Please decide at most 200 registrations at once',
    ],
  ])('refuses %s with its message', async (_case, body, message) => {
    const student = await applicant();
    const response = await decide(admin, body);
    contract.expectAnswer(DECIDE, response, 400);
    expectError(response, 400, message);
    expect(await myStatus(student)).toBe('pending');
  });

  it("lets the event's club admin and the super admin decide, and no one else", async () => {
    const [first, second] = await Promise.all(NAMES.slice(0, 2).map((name) => applicant(name)));
    const other = await clubAdmin(t, 'Music Club');
    expectError(
      contract.expectAnswer(DECIDE, await decide(other, { status: 'rejected', userIds: [first.user.id] })),
      403,
      "You don't have permission to edit this event",
    );
    expectError(
      contract.expectAnswer(DECIDE, await decide(other, { status: 'rejected', userIds: [first.user.id] }, '2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10')),
      404,
      'Event not found',
    );
    expectError(
      await decide(first, { status: 'approved', userIds: [first.user.id] }),
      403,
      "You don't have permission to access this page. Admin access is required.",
    );
    expect(await myStatus(first)).toBe('pending');

    await decide(await superAdmin(t), { status: 'approved', userIds: [second.user.id] }).expect(200);
    expect(await myStatus(second)).toBe('approved');
  });
});
