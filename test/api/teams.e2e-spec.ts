import { eq } from 'drizzle-orm';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { type EventRow, eventSeats } from '../../backend/src/database/schema/events';
import { teamInvites } from '../../backend/src/database/schema/invites';
import { registrations } from '../../backend/src/database/schema/registrations';
import { teamMembers, teams } from '../../backend/src/database/schema/teams';
import type { NewUserRow, UserRow } from '../../backend/src/database/schema/users';
import { InvitesService } from '../../backend/src/invites/invites.service';
import { createUser, signedIn } from './support/accounts';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { latestMail } from './support/outbox';
import { useTestApp } from './support/test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const DAY = 24 * 60 * 60 * 1000;

interface Student {
  user: UserRow;
  agent: TestAgent;
}

describe('teams and invites', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });

  async function student(overrides: Partial<NewUserRow> = {}): Promise<Student> {
    const user = await createUser(t, overrides);
    return { user, agent: await signedIn(t, user) };
  }
  const groupEvent = (overrides: Parameters<typeof createEvent>[1] = {}) =>
    createEvent(t.db, { name: 'Hackathon', eventType: 'group', minTeamSize: 2, maxTeamSize: 3, maxApplications: 10, ...overrides });

  async function formTeam(leader: Student, event: EventRow, teamName = 'Byte Me'): Promise<string> {
    const response = await leader.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName }).expect(201);
    return response.body.team._id;
  }
  const invite = (leader: Student, teamId: string, ...invitees: Student[]) =>
    leader.agent.post('/api/v1/teams/invite').send({ teamId, userIds: invitees.map((s) => s.user.id) });
  async function inviteIdFor(invitee: Student, teamId: string): Promise<string> {
    const { invites } = (await invitee.agent.get('/api/v1/teams/notifications').expect(200)).body;
    return invites.find((i: { teamId: { _id: string } }) => i.teamId._id === teamId)._id;
  }
  const respond = (invitee: Student, idOrToken: string, response: 'accept' | 'decline') =>
    invitee.agent.post(`/api/v1/teams/invite/${idOrToken}/respond`).send({ response });
  async function teamOf(leader: Student, event: EventRow, ...members: Student[]): Promise<string> {
    const teamId = await formTeam(leader, event, `Team ${leader.user.name}`);
    if (members.length > 0) await invite(leader, teamId, ...members).expect(200);
    for (const member of members) await respond(member, await inviteIdFor(member, teamId), 'accept').expect(200);
    return teamId;
  }
  const seatsTaken = async (eventId: string) => (await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, eventId)))[0].taken;

  it('forms a team, invites by search result, joins from the bell and registers it under one seat', async () => {
    const event = await groupEvent();
    const [leader, member] = [await student({ name: 'Asha Rao' }), await student({ name: 'Vikram Iyer' })];

    const created = await leader.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: '  Byte Me ' }).expect(201);
    expect(created.body).toMatchObject({ success: true, message: 'Team "Byte Me" created successfully!' });
    expect(created.body.team).toMatchObject({
      teamName: 'Byte Me',
      eventId: { _id: event.id, name: 'Hackathon', minTeamSize: 2 },
      leader: { _id: leader.user.id, name: 'Asha Rao' },
      members: [{ userId: { _id: leader.user.id, name: 'Asha Rao' } }],
      pendingInvites: [],
      maxMembers: 3,
      isRegistered: false,
      gender: null,
    });
    const teamId = created.body.team._id;

    const invited = await invite(leader, teamId, member).expect(200);
    expect(invited.body).toMatchObject({ message: 'Successfully invited 1 user(s)!', invites: { sent: 1, errors: [] } });
    expect(invited.body.team.pendingInvites).toEqual([expect.objectContaining({ inviteeId: { _id: member.user.id, name: 'Vikram Iyer' } })]);
    const mail = await latestMail(t.db, member.user.email);
    expect(mail.subject).toBe('Asha Rao invited you to their team for Hackathon');
    expect(mail.text).toMatch(/\/invite\/[A-Za-z0-9_-]{43}\n/);

    const bell = (await member.agent.get('/api/v1/teams/notifications').expect(200)).body.invites;
    expect(bell).toEqual([
      expect.objectContaining({
        isRead: false,
        status: 'pending',
        message: 'Asha Rao invited you to join their team Byte Me for Hackathon',
        inviterId: { _id: leader.user.id, name: 'Asha Rao', email: leader.user.email },
        teamId: { _id: teamId, teamName: 'Byte Me', eventId: { _id: event.id, name: 'Hackathon' } },
        eventId: { _id: event.id, name: 'Hackathon' },
      }),
    ]);
    await member.agent.put(`/api/v1/teams/notifications/${bell[0]._id}/read`).expect(200);
    expect((await member.agent.get('/api/v1/teams/notifications')).body.invites[0].isRead).toBe(true);

    const joined = await respond(member, bell[0]._id, 'accept').expect(200);
    expect(joined.body.message).toBe('Successfully joined the team!');
    expect(joined.body.team.members.map((m: { userId: { _id: string } }) => m.userId._id)).toEqual([leader.user.id, member.user.id]);
    expect((await member.agent.get('/api/v1/teams/notifications')).body.invites).toEqual([]);

    expectError(await member.agent.post('/api/v1/teams/register').send({ teamId }), 403, 'Only the team leader can register and invite members.');
    const registered = await leader.agent.post('/api/v1/teams/register').send({ teamId }).expect(200);
    expect(registered.body).toMatchObject({ message: 'Team registered successfully!', team: { isRegistered: true } });
    expect(await seatsTaken(event.id)).toBe(1);

    for (const who of [leader, member]) {
      const seen = (await who.agent.get(`/api/v1/events/${event.id}`).expect(200)).body.event;
      expect(seen).toMatchObject({ isRegistered: true, registrationStatus: 'approved', actualSeatsTaken: 1 });
      const listed = (await who.agent.get('/api/v1/events').expect(200)).body.events[0];
      expect(listed.isRegistered).toBe(true);
      const [mine] = (await who.agent.get('/api/v1/user/registrations').expect(200)).body.registrations;
      expect(mine.teamDetails).toMatchObject({
        teamName: 'Byte Me',
        leader: { _id: leader.user.id, name: 'Asha Rao', rollNumber: leader.user.rollNumber, dept: 'CSE' },
        members: [
          { _id: leader.user.id, name: 'Asha Rao' },
          { _id: member.user.id, name: 'Vikram Iyer', rollNumber: member.user.rollNumber, dept: 'CSE' },
        ],
      });
    }
    expect(new Set((await t.db.select().from(registrations)).map((r) => r.teamId))).toEqual(new Set([teamId]));
  });

  it('answers each bad request with its message', async () => {
    const event = await groupEvent();
    const solo = await createEvent(t.db, { name: 'Chess' });
    const leader = await student();
    expectError(await leader.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: '  ' }), 400, 'Please enter a team name');
    expectError(
      await leader.agent.post('/api/v1/teams/create-with-invites').send({ eventId: event.id, teamName: 'X', userIds: [] }),
      400,
      'Please invite at least one member to your team',
    );
    expectError(
      await leader.agent.post('/api/v1/teams/create').send({ eventId: solo.id, teamName: 'X' }),
      400,
      'Chess is not a team event. Register for it from the events page.',
    );
    const teamId = await formTeam(leader, event);
    expectError(await leader.agent.post(`/api/v1/teams/${teamId}/add-members`).send({ userIds: [] }), 400, 'Please select at least one member to invite');
    expectError(
      await leader.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Second' }),
      409,
      'You already have a team for this event. Please discard your current team to form a new one.',
    );
    const other = await student();
    expectError(
      await other.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'byte me' }),
      409,
      'A team named "byte me" already exists for Hackathon. Please choose another name.',
    );
    expectError(await leader.agent.post('/api/v1/teams/register').send({ teamId }), 409, 'A team needs at least 2 members to register for Hackathon.');
    expectError(await respond(leader, teamId, 'accept'), 404, 'Invite not found');
    expectError(await respond(leader, 'A'.repeat(43), 'maybe' as 'accept'), 400, "Please answer 'accept' or 'decline'");
  });

  it('refuses invitees who are not verified students, are taken, or would pass the largest team', async () => {
    const event = await groupEvent({ maxTeamSize: 3 });
    const [leader, a, b, c, taken] = [await student(), await student(), await student(), await student(), await student()];
    const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });
    await formTeam(taken, event, 'Elsewhere');
    const teamId = await formTeam(leader, event);

    const response = await leader.agent
      .post('/api/v1/teams/invite')
      .send({ teamId, userIds: [admin.id, taken.user.id, a.user.id, b.user.id, c.user.id, leader.user.id] })
      .expect(200);
    expect(response.body.invites).toEqual({
      sent: 2,
      errors: [
        { userId: admin.id, message: 'Only verified students can be invited.' },
        { userId: taken.user.id, message: `${taken.user.name} is already in a team for Hackathon.` },
        { userId: c.user.id, message: 'The team is full: 3 members at most, pending invites included.' },
        { userId: leader.user.id, message: 'You are already in this team.' },
      ],
    });
    expectError(await invite(leader, teamId, a), 409, `${a.user.name} already has a pending invite from your team.`);
  });

  it('keeps a registered team as it is: no invite, cancel, leave or discard', async () => {
    const event = await groupEvent();
    const [leader, member, late] = [await student(), await student(), await student()];
    const teamId = await teamOf(leader, event, member);
    await invite(leader, teamId, late).expect(200);
    const lateInvite = await inviteIdFor(late, teamId);
    await leader.agent.post('/api/v1/teams/register').send({ teamId }).expect(200);

    const registered = 'This team is registered: its members and invites can no longer change.';
    expectError(await invite(leader, teamId, late), 409, registered);
    expectError(await leader.agent.delete(`/api/v1/teams/invite/${lateInvite}`), 409, registered);
    expectError(await member.agent.post(`/api/v1/teams/${teamId}/leave`), 409, registered);
    expectError(await leader.agent.delete(`/api/v1/teams/${teamId}`), 409, registered);
    expectError(await respond(late, lateInvite, 'accept'), 409, 'This team has already registered.');
    const [row] = await t.db.select().from(teamInvites).where(eq(teamInvites.id, lateInvite));
    expect(row.status).toBe('withdrawn');
  });

  it('lets a member leave and the leader cancel an invite or discard the team before registering', async () => {
    const event = await groupEvent();
    const [leader, member, invitee] = [await student(), await student(), await student()];
    const teamId = await teamOf(leader, event, member);
    await invite(leader, teamId, invitee).expect(200);
    const inviteId = await inviteIdFor(invitee, teamId);

    expectError(await invitee.agent.delete(`/api/v1/teams/invite/${inviteId}`), 404, 'Invite not found');
    expectError(await member.agent.delete(`/api/v1/teams/invite/${inviteId}`), 403, 'Only the team leader can cancel its invites.');
    expect((await leader.agent.delete(`/api/v1/teams/invite/${inviteId}`).expect(200)).body.message).toBe('Invite cancelled successfully');
    expectError(await respond(invitee, inviteId, 'accept'), 409, 'This invitation was cancelled by the team leader.');

    expectError(await leader.agent.post(`/api/v1/teams/${teamId}/leave`), 400, 'The team leader cannot leave the team. Discard it instead.');
    expectError(await member.agent.delete(`/api/v1/teams/${teamId}`), 403, 'Only the team leader can discard the team.');
    expect((await member.agent.post(`/api/v1/teams/${teamId}/leave`).expect(200)).body.message).toBe('Left team successfully!');
    expect((await leader.agent.delete(`/api/v1/teams/${teamId}`).expect(200)).body.message).toBe('Team discarded successfully!');
    expect(await t.db.$count(teams)).toBe(0);
    expect(await t.db.$count(teamMembers)).toBe(0);
  });

  it('answers from the e-mailed link: the invite page, by token, once, and only for its invitee', async () => {
    const event = await groupEvent();
    const [leader, invitee, stranger] = [await student({ name: 'Asha Rao' }), await student(), await student()];
    const teamId = await formTeam(leader, event);
    await invite(leader, teamId, invitee).expect(200);
    const token = (await latestMail(t.db, invitee.user.email)).text.match(/\/invite\/([A-Za-z0-9_-]{43})/)![1];

    expectError(await request(t.http).get(`/api/v1/teams/invite/${token}`), 401, 'Please sign in to continue.');
    expectError(
      await stranger.agent.get(`/api/v1/teams/invite/${token}`),
      403,
      'This invite was sent to another account. Sign in as its recipient to answer it.',
    );
    expectError(await invitee.agent.get(`/api/v1/teams/invite/${'B'.repeat(43)}`), 404, 'Invalid or expired invite');
    const page = await invitee.agent.get(`/api/v1/teams/invite/${token}`).expect(200);
    expect(page.body.data.invite).toMatchObject({ status: 'pending', inviterId: { name: 'Asha Rao' }, teamId: { teamName: 'Byte Me' } });

    expectError(await respond(stranger, token, 'accept'), 403, 'This invite was sent to another account. Sign in as its recipient to answer it.');
    expect((await respond(invitee, token, 'decline').expect(200)).body).toEqual({ success: true, message: 'Invite declined', team: null });
    expectError(await respond(invitee, token, 'accept'), 409, 'You have already declined this invitation.');
    expect((await invitee.agent.get(`/api/v1/teams/invite/${token}`).expect(200)).body.data.invite.status).toBe('declined');
  });

  it('expires invites after 7 days, at use and by the job, once', async () => {
    const event = await groupEvent({ registrationDeadline: new Date('2025-09-30T00:00:00Z') });
    const [leader, a, b] = [await student(), await student(), await student()];
    const teamId = await formTeam(leader, event);
    await invite(leader, teamId, a, b).expect(200);
    const [inviteA, inviteB] = [await inviteIdFor(a, teamId), await inviteIdFor(b, teamId)];

    t.clock.advance(7 * DAY - 1000);
    expect(await t.app.get(InvitesService).expireDue()).toBe(0);
    t.clock.advance(2000);
    // A week on, the sessions have ended too: sign in again.
    a.agent = await signedIn(t, a.user);
    leader.agent = await signedIn(t, leader.user);
    expect((await a.agent.get('/api/v1/teams/notifications')).body.invites).toEqual([]);
    expectError(await respond(a, inviteA, 'accept'), 409, 'This invitation has expired.');
    expect(await t.app.get(InvitesService).expireDue()).toBe(1);
    expect(await t.app.get(InvitesService).expireDue()).toBe(0);
    const statuses = await t.db.select({ id: teamInvites.id, status: teamInvites.status }).from(teamInvites);
    expect(statuses.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [
        { id: inviteA, status: 'expired' },
        { id: inviteB, status: 'expired' },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    // The expired invites no longer hold places: the leader may invite again.
    await invite(leader, teamId, a, b).expect(200);
  });

  it('tells a student of neither gender on a gender-based event whom to ask, since the rule takes no team from them', async () => {
    const staff = [{ adminId: null, name: 'Dr. Meena Iyer', email: 'meena.iyer@campus.ac.in', club: 'Sports Club' }];
    const event = await groupEvent({ name: 'Tug of War', hasGenderBasedTeams: true, maxBoyTeams: 2, maxGirlTeams: 2, staffInCharges: staff });
    const sam = await student({ gender: 'Other' });
    expectError(
      await sam.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Anchors' }),
      400,
      "This is a gender-based event. Teams in Tug of War are boys' or girls' teams, formed by a boy or a girl. To take part, write to its staff in-charge, Dr. Meena Iyer (meena.iyer@campus.ac.in).",
    );
    expect(await t.db.$count(teams)).toBe(0);
  });

  it('applies the same-gender rule and the gender limits of §5 with their texts', async () => {
    const event = await groupEvent({ name: 'Tug of War', hasGenderBasedTeams: true, maxBoyTeams: 1, maxGirlTeams: 2, maxTeamSize: 4 });
    const [boy, boy2, girl, other] = [
      await student({ gender: 'Male', name: 'Ravi Kumar' }),
      await student({ gender: 'Male' }),
      await student({ gender: 'Female', name: 'Divya Nair' }),
      await student({ gender: 'Male' }),
    ];
    const boysTeam = await formTeam(boy, event, 'Pullers');
    expect((await boy.agent.get(`/api/v1/teams/${boysTeam}`)).body.team.gender).toBe('boy');
    const refused = await invite(boy, boysTeam, girl, boy2).expect(200);
    expect(refused.body.invites.errors).toEqual([
      { userId: girl.user.id, message: 'This is a gender-based event. Divya Nair (girl) cannot join a boy team in Tug of War' },
    ]);
    await respond(boy2, await inviteIdFor(boy2, boysTeam), 'accept').expect(200);
    await boy.agent.post('/api/v1/teams/register').send({ teamId: boysTeam }).expect(200);

    expect((await request(t.http).get(`/api/v1/teams/event/${event.id}/stats`).expect(200)).body).toEqual({
      success: true,
      hasGenderBasedTeams: true,
      stats: { boyTeams: { registered: 1, remaining: 0, max: 1 }, girlTeams: { registered: 0, remaining: 2, max: 2 } },
    });
    expectError(
      await other.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Late' }),
      409,
      'Cannot create team! Maximum limit of 1 boy teams has been reached for Tug of War',
    );
    expectError(
      await other.agent.get('/api/v1/users/search').query({ q: 'Stu', eventId: event.id }),
      409,
      'Cannot create team! Maximum limit of 1 boy teams has been reached for Tug of War',
    );
    await formTeam(girl, event, 'Grip');
    const solo = await createEvent(t.db);
    expect((await request(t.http).get(`/api/v1/teams/event/${solo.id}/stats`).expect(200)).body).toEqual({
      success: true,
      hasGenderBasedTeams: false,
      stats: null,
    });
  });

  it('shows a team to its leader, members, invitees, its club admins and the super admin only', async () => {
    const event = await groupEvent({ clubInCharge: 'Tech Club' });
    const [leader, member, invitee, another] = [await student(), await student(), await student(), await student()];
    const teamId = await teamOf(leader, event, member);
    await invite(leader, teamId, invitee).expect(200);
    const admins = {
      ownClubAdmin: await signedIn(t, await createUser(t, { role: 'admin', club: 'Tech Club' })),
      otherClubAdmin: await signedIn(t, await createUser(t, { role: 'admin', club: 'Arts Club' })),
      superAdmin: await signedIn(t, await createUser(t, { role: 'superadmin' })),
    };
    const visitor = request.agent(t.http);
    const expectations: [string, TestAgent, number][] = [
      ['visitor', visitor, 401],
      ['leader', leader.agent, 200],
      ['member', member.agent, 200],
      ['invitee', invitee.agent, 200],
      ['another student', another.agent, 404],
      ['own club admin', admins.ownClubAdmin, 200],
      ['other club admin', admins.otherClubAdmin, 404],
      ['super admin', admins.superAdmin, 200],
    ];
    for (const [who, agent, status] of expectations) {
      const response = await agent.get(`/api/v1/teams/${teamId}`);
      expect({ who, status: response.status }).toEqual({ who, status });
    }
    const eventTeams = async (agent: TestAgent) => (await agent.get(`/api/v1/teams/event/${event.id}`)).body.teams?.map((team: { _id: string }) => team._id);
    expect(await eventTeams(leader.agent)).toEqual([teamId]);
    expect(await eventTeams(member.agent)).toEqual([teamId]);
    expect(await eventTeams(another.agent)).toEqual([]);
    expect(await eventTeams(admins.ownClubAdmin)).toEqual([teamId]);
    expect(await eventTeams(admins.superAdmin)).toEqual([teamId]);
    expectError(await admins.otherClubAdmin.get(`/api/v1/teams/event/${event.id}`), 403, "You can only see the teams of your club's events.");
    expect((await member.agent.get('/api/v1/teams/my-teams')).body.teams.map((team: { _id: string }) => team._id)).toEqual([teamId]);

    // Changes are the leader's, or the member's own leaving; nobody else's.
    for (const agent of [another.agent, invitee.agent]) {
      expectError(await agent.post(`/api/v1/teams/${teamId}/leave`), 404, 'Team not found');
      expectError(await agent.delete(`/api/v1/teams/${teamId}`), 404, 'Team not found');
      expectError(await agent.post('/api/v1/teams/register').send({ teamId }), 404, 'Team not found');
    }
    for (const agent of Object.values(admins)) {
      expectError(await agent.post('/api/v1/teams/register').send({ teamId }), 403, 'Admin Account - Admins cannot register for events');
    }
    expectError(await visitor.post('/api/v1/teams/register').send({ teamId }), 401, 'Please sign in to continue.');
  });
});
