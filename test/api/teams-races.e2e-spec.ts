import { eq } from 'drizzle-orm';
import type TestAgent from 'supertest/lib/agent';
import { type EventRow, eventSeats } from '../../backend/src/database/schema/events';
import { teamInvites } from '../../backend/src/database/schema/invites';
import { registrations } from '../../backend/src/database/schema/registrations';
import { teamGenderCounts, teamMembers, teams } from '../../backend/src/database/schema/teams';
import type { NewUserRow, UserRow } from '../../backend/src/database/schema/users';
import { InvitesService } from '../../backend/src/invites/invites.service';
import { createUser, signedIn } from './support/accounts';
import { createEvent } from './support/factories';
import { useTestApp } from './support/test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const WEEK = 7 * 24 * 60 * 60 * 1000;

interface Student {
  user: UserRow;
  agent: TestAgent;
}

/** Requests fired at the same moment, each racing the others; their exact outcome is asserted. */
describe('teams under concurrency', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });

  async function student(overrides: Partial<NewUserRow> = {}): Promise<Student> {
    const user = await createUser(t, overrides);
    return { user, agent: await signedIn(t, user) };
  }
  const students = (n: number, overrides: Partial<NewUserRow> = {}) => Promise.all(Array.from({ length: n }, () => student(overrides)));
  const groupEvent = (overrides: Parameters<typeof createEvent>[1] = {}) =>
    createEvent(t.db, {
      eventType: 'group',
      minTeamSize: 2,
      maxTeamSize: 4,
      maxApplications: 50,
      registrationDeadline: new Date('2025-09-30T00:00:00Z'),
      ...overrides,
    });

  async function formTeam(leader: Student, event: EventRow): Promise<string> {
    return (
      await leader.agent
        .post('/api/v1/teams/create')
        .send({ eventId: event.id, teamName: `Team of ${leader.user.id}` })
        .expect(201)
    ).body.team._id;
  }
  const invite = (leader: Student, teamId: string, ...invitees: Student[]) =>
    leader.agent.post('/api/v1/teams/invite').send({ teamId, userIds: invitees.map((s) => s.user.id) });
  async function invitesOf(invitee: Student): Promise<{ _id: string; teamId: { _id: string } }[]> {
    return (await invitee.agent.get('/api/v1/teams/notifications').expect(200)).body.invites;
  }
  const accept = (invitee: Student, inviteId: string) => invitee.agent.post(`/api/v1/teams/invite/${inviteId}/respond`).send({ response: 'accept' });
  async function teamOf(leader: Student, event: EventRow, members: Student[]): Promise<string> {
    const teamId = await formTeam(leader, event);
    await invite(leader, teamId, ...members).expect(200);
    for (const member of members) await accept(member, (await invitesOf(member)).find((i) => i.teamId._id === teamId)!._id).expect(200);
    return teamId;
  }
  const register = (leader: Student, teamId: string) => leader.agent.post('/api/v1/teams/register').send({ teamId });
  const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

  it('two teams invite one student who accepts both at once: one team gets them, the other invite is withdrawn', async () => {
    const event = await groupEvent({ name: 'Quiz Bowl' });
    const [leaderA, leaderB, wanted] = await students(3);
    const [teamA, teamB] = [await formTeam(leaderA, event), await formTeam(leaderB, event)];
    await invite(leaderA, teamA, wanted).expect(200);
    await invite(leaderB, teamB, wanted).expect(200);
    const inviteIds = (await invitesOf(wanted)).map((i) => i._id);

    const responses = await Promise.all(inviteIds.map((id) => accept(wanted, id)));

    expect(statuses(responses)).toEqual([200, 409]);
    const refused = responses.find((r) => r.status === 409)!;
    expect(refused.body.message).toBe('This invitation was withdrawn: its team registered, or you joined another team for this event.');
    const rows = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, wanted.user.id));
    expect(rows).toHaveLength(1);
    const invites = await t.db.select({ status: teamInvites.status }).from(teamInvites);
    expect(invites.map((i) => i.status).sort()).toEqual(['accepted', 'withdrawn']);
  });

  it('N teams registering at once for K < N seats: exactly K register, each with its members under one seat', async () => {
    const seats = 2;
    const event = await groupEvent({ name: 'Robo Race', maxApplications: seats });
    const teamsReady = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const [leader, member] = await students(2);
        return { leader, teamId: await teamOf(leader, event, [member]) };
      }),
    );

    const responses = await Promise.all(teamsReady.map(({ leader, teamId }) => register(leader, teamId)));

    expect(statuses(responses)).toEqual([200, 200, 409, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.status === 409)) expect(refused.body.message).toBe('Registration Full - All spots have been taken');
    const [counter] = await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id));
    expect(counter.taken).toBe(seats);
    const rows = await t.db.select().from(registrations);
    expect(rows).toHaveLength(seats * 2);
    expect(new Set(rows.map((r) => r.teamId)).size).toBe(seats);
    expect((await t.db.select().from(teams)).filter((team) => team.registeredAt !== null)).toHaveLength(seats);
  });

  it("the last place of a gender's limit goes to exactly one of the teams racing for it", async () => {
    const event = await groupEvent({ name: 'Tug Rush', hasGenderBasedTeams: true, maxBoyTeams: 1, maxGirlTeams: 1 });
    const boysTeams = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const [leader, member] = await students(2, { gender: 'Male' });
        return { leader, teamId: await teamOf(leader, event, [member]) };
      }),
    );

    const responses = await Promise.all(boysTeams.map(({ leader, teamId }) => register(leader, teamId)));

    expect(statuses(responses)).toEqual([200, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.status === 409)) {
      expect(refused.body.message).toBe('Cannot register team! Maximum limit of 1 boy teams has been reached for Tug Rush');
    }
    expect(await t.db.select({ gender: teamGenderCounts.gender, registered: teamGenderCounts.registered }).from(teamGenderCounts)).toEqual([
      { gender: 'Male', registered: 1 },
    ]);
    const [counter] = await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id));
    expect(counter.taken).toBe(1);
  });

  it('a leader registering while a member leaves: either the member left first and is not registered, or the team registered with them', async () => {
    const event = await groupEvent({ name: 'Relay' });
    const races = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const [leader, stays, leaves] = await students(3);
        return { leader, leaves, teamId: await teamOf(leader, event, [stays, leaves]) };
      }),
    );

    const outcomes = await Promise.all(
      races.map(async ({ leader, leaves, teamId }) => {
        const [registered, left] = await Promise.all([register(leader, teamId), leaves.agent.post(`/api/v1/teams/${teamId}/leave`)]);
        return { teamId, leaves, registered, left };
      }),
    );

    for (const { teamId, leaves, registered, left } of outcomes) {
      expect(registered.status).toBe(200);
      const rows = await t.db.select().from(registrations).where(eq(registrations.teamId, teamId));
      const members = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
      if (left.status === 200) {
        expect(rows.map((r) => r.userId)).not.toContain(leaves.user.id);
        expect(rows).toHaveLength(2);
      } else {
        expect(left.status).toBe(409);
        expect(left.body.message).toBe('This team is registered: its members and invites can no longer change.');
        expect(rows.map((r) => r.userId)).toContain(leaves.user.id);
        expect(rows).toHaveLength(3);
      }
      expect(rows.map((r) => r.userId).sort()).toEqual(members.map((m) => m.userId).sort());
    }
  });

  it('accepts racing the expiry job past the expiry: every accept is refused, every invite expired once, nobody joins', async () => {
    const event = await groupEvent({ name: 'Clock Race', maxTeamSize: 8 });
    const leader = await student();
    const invitees = await students(6);
    const teamId = await formTeam(leader, event);
    await invite(leader, teamId, ...invitees).expect(200);
    const inviteIds = await Promise.all(invitees.map(async (s) => (await invitesOf(s))[0]._id));
    t.clock.advance(WEEK);
    // A week on, the sessions have ended too: sign in again.
    const agents = await Promise.all(invitees.map((s) => signedIn(t, s.user)));

    const [expiredByJob, ...responses] = await Promise.all([
      t.app.get(InvitesService).expireDue(),
      ...agents.map((agent, i) => agent.post(`/api/v1/teams/invite/${inviteIds[i]}/respond`).send({ response: 'accept' })),
    ]);

    for (const response of responses)
      expect({ status: response.status, message: response.body.message }).toEqual({ status: 409, message: 'This invitation has expired.' });
    expect(expiredByJob).toBeLessThanOrEqual(invitees.length);
    expect((await t.db.select({ status: teamInvites.status }).from(teamInvites)).map((i) => i.status)).toEqual(Array(invitees.length).fill('expired'));
    expect(await t.db.$count(teamMembers)).toBe(1);
    expect(await t.app.get(InvitesService).expireDue()).toBe(0);
  });

  it('accepts racing the expiry job before the expiry: every accept joins and the job expires nothing', async () => {
    const event = await groupEvent({ name: 'Early Birds', maxTeamSize: 8 });
    const leader = await student();
    const invitees = await students(5);
    const teamId = await formTeam(leader, event);
    await invite(leader, teamId, ...invitees).expect(200);
    const inviteIds = await Promise.all(invitees.map(async (s) => (await invitesOf(s))[0]._id));

    const [expiredByJob, ...responses] = await Promise.all([t.app.get(InvitesService).expireDue(), ...invitees.map((s, i) => accept(s, inviteIds[i]))]);

    expect(expiredByJob).toBe(0);
    expect(statuses(responses)).toEqual(Array(invitees.length).fill(200));
    expect(await t.db.$count(teamMembers)).toBe(invitees.length + 1);
  });

  it('the expiry job run by two instances at once expires each due invite exactly once', async () => {
    const event = await groupEvent({ name: 'Two Clocks', maxTeamSize: 10 });
    const leader = await student();
    const invitees = await students(8);
    await invite(leader, await formTeam(leader, event), ...invitees).expect(200);
    t.clock.advance(WEEK);

    const [first, second] = await Promise.all([t.app.get(InvitesService).expireDue(), t.app.get(InvitesService).expireDue()]);

    expect(first + second).toBe(invitees.length);
    expect(await t.db.$count(teamInvites, eq(teamInvites.status, 'expired'))).toBe(invitees.length);
  });

  it('parallel invites never pass the largest team: members plus pending invites stop at the maximum', async () => {
    const event = await groupEvent({ name: 'Full House', maxTeamSize: 4 });
    const leader = await student();
    const invitees = await students(7);
    const teamId = await formTeam(leader, event);

    const responses = await Promise.all(invitees.map((s) => invite(leader, teamId, s)));

    expect(statuses(responses)).toEqual([200, 200, 200, 409, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.status === 409))
      expect(refused.body.message).toBe('The team is full: 4 members at most, pending invites included.');
    expect(await t.db.$count(teamInvites, eq(teamInvites.status, 'pending'))).toBe(3);
  });
});

describe('the invite allowance under a burst', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION, rateLimits: { teamInvitesByAccount: { limit: 3, windowSeconds: 3600 } } });

  it('lets exactly the allowance of invite requests through when they arrive at once', async () => {
    const event = await createEvent(t.db, { eventType: 'group', minTeamSize: 2, maxTeamSize: 10, maxApplications: 10 });
    const leader = await createUser(t);
    const agent = await signedIn(t, leader);
    const teamId = (await agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Spam Free' }).expect(201)).body.team._id;
    const invitees = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));

    const responses = await Promise.all(invitees.map((invitee) => agent.post('/api/v1/teams/invite').send({ teamId, userIds: [invitee.id] })));

    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await t.db.$count(teamInvites)).toBe(3);
  });
});
