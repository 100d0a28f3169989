import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { UserRow } from '../../backend/src/database/schema/users';
import { createUser, signedIn } from './support/accounts';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { createEvent } from './support/factories';
import { latestMail } from './support/outbox';
import { useTestApp } from './support/test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Every team route's answers, successes and refusals, as the API document describes them. */
describe('the API document describes the team answers', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;

  beforeAll(async () => {
    contract = await loadApiContract(t);
  });

  async function student(name: string): Promise<{ user: UserRow; agent: TestAgent }> {
    const user = await createUser(t, { name });
    return { user, agent: await signedIn(t, user) };
  }

  it('answers every team route as documented, from forming a team to My Registrations', async () => {
    const event = await createEvent(t.db, {
      name: 'Treasure Hunt',
      eventType: 'group',
      minTeamSize: 2,
      maxTeamSize: 3,
      hasGenderBasedTeams: true,
      maxBoyTeams: 2,
      maxGirlTeams: 2,
    });
    const [leader, member, other] = [await student('Asha Rao'), await student('Divya Nair'), await student('Meena Das')];
    const admin = await signedIn(t, await createUser(t, { role: 'admin', club: 'Arts Club' }));

    contract.expectAnswer('POST /api/v1/teams/create', await request(t.http).post('/api/v1/teams/create').send({}), 401);
    contract.expectAnswer('POST /api/v1/teams/create', await admin.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'X' }), 403);
    contract.expectAnswer('POST /api/v1/teams/create', await leader.agent.post('/api/v1/teams/create').send({ eventId: UNKNOWN_ID, teamName: 'X' }), 404);
    contract.expectAnswer('POST /api/v1/teams/create', await leader.agent.post('/api/v1/teams/create').send({ eventId: event.id }), 400);
    const created = contract.expectAnswer(
      'POST /api/v1/teams/create-with-invites',
      await leader.agent.post('/api/v1/teams/create-with-invites').send({ eventId: event.id, teamName: 'Seekers', userIds: [member.user.id, UNKNOWN_ID] }),
      201,
    );
    const teamId = created.body.team._id;
    contract.expectAnswer('POST /api/v1/teams/create', await leader.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Again' }), 409);
    contract.expectAnswer('POST /api/v1/teams/invite', await leader.agent.post('/api/v1/teams/invite').send({ teamId, userIds: [other.user.id] }), 200);
    contract.expectAnswer(
      'POST /api/v1/teams/{teamId}/add-members',
      await leader.agent.post(`/api/v1/teams/${teamId}/add-members`).send({ userIds: [other.user.id] }),
      409,
    );
    contract.expectAnswer(
      'POST /api/v1/teams/{teamId}/add-members',
      await member.agent.post(`/api/v1/teams/${UNKNOWN_ID}/add-members`).send({ userIds: [other.user.id] }),
      404,
    );

    const token = (await latestMail(t.db, member.user.email)).text.match(/\/invite\/([A-Za-z0-9_-]{43})/)![1];
    contract.expectAnswer('GET /api/v1/teams/invite/{invite}', await member.agent.get(`/api/v1/teams/invite/${token}`), 200);
    contract.expectAnswer('GET /api/v1/teams/invite/{invite}', await other.agent.get(`/api/v1/teams/invite/${token}`), 403);
    contract.expectAnswer('GET /api/v1/teams/invite/{invite}', await other.agent.get(`/api/v1/teams/invite/${'C'.repeat(43)}`), 404);
    const bell = contract.expectAnswer('GET /api/v1/teams/notifications', await other.agent.get('/api/v1/teams/notifications'), 200);
    const otherInvite = bell.body.invites[0]._id;
    contract.expectAnswer('PUT /api/v1/teams/notifications/{id}/read', await other.agent.put(`/api/v1/teams/notifications/${otherInvite}/read`), 200);
    contract.expectAnswer('PUT /api/v1/teams/notifications/{id}/read', await member.agent.put(`/api/v1/teams/notifications/${otherInvite}/read`), 404);
    contract.expectAnswer(
      'POST /api/v1/teams/invite/{invite}/respond',
      await member.agent.post(`/api/v1/teams/invite/${token}/respond`).send({ response: 'accept' }),
      200,
    );
    contract.expectAnswer(
      'POST /api/v1/teams/invite/{invite}/respond',
      await member.agent.post(`/api/v1/teams/invite/${token}/respond`).send({ response: 'accept' }),
      409,
    );
    contract.expectAnswer(
      'POST /api/v1/teams/invite/{invite}/respond',
      await member.agent.post(`/api/v1/teams/invite/${UNKNOWN_ID}/respond`).send({ response: 'decline' }),
      404,
    );
    contract.expectAnswer('DELETE /api/v1/teams/invite/{invite}', await member.agent.delete(`/api/v1/teams/invite/${otherInvite}`), 403);
    contract.expectAnswer('DELETE /api/v1/teams/invite/{invite}', await leader.agent.delete(`/api/v1/teams/invite/${otherInvite}`), 200);
    contract.expectAnswer('DELETE /api/v1/teams/invite/{invite}', await leader.agent.delete(`/api/v1/teams/invite/${otherInvite}`), 409);
    contract.expectAnswer(
      'POST /api/v1/teams/invite/{invite}/respond',
      await other.agent.post(`/api/v1/teams/invite/${otherInvite}/respond`).send({ response: 'decline' }),
      409,
    );

    contract.expectAnswer('GET /api/v1/teams/{teamId}', await member.agent.get(`/api/v1/teams/${teamId}`), 200);
    contract.expectAnswer('GET /api/v1/teams/{teamId}', await other.agent.get(`/api/v1/teams/${teamId}`), 404);
    contract.expectAnswer('GET /api/v1/teams/my-teams', await member.agent.get('/api/v1/teams/my-teams'), 200);
    contract.expectAnswer('GET /api/v1/teams/event/{eventId}', await leader.agent.get(`/api/v1/teams/event/${event.id}`), 200);
    contract.expectAnswer('GET /api/v1/teams/event/{eventId}', await admin.get(`/api/v1/teams/event/${event.id}`), 403);
    contract.expectAnswer('GET /api/v1/teams/event/{eventId}', await admin.get(`/api/v1/teams/event/${UNKNOWN_ID}`), 404);
    contract.expectAnswer('POST /api/v1/teams/register', await member.agent.post('/api/v1/teams/register').send({ teamId }), 403);
    contract.expectAnswer('POST /api/v1/teams/register', await leader.agent.post('/api/v1/teams/register').send({ teamId }), 200);
    contract.expectAnswer('POST /api/v1/teams/register', await leader.agent.post('/api/v1/teams/register').send({ teamId }), 409);
    contract.expectAnswer('POST /api/v1/teams/{teamId}/leave', await member.agent.post(`/api/v1/teams/${teamId}/leave`), 409);
    contract.expectAnswer('POST /api/v1/teams/{teamId}/leave', await leader.agent.post(`/api/v1/teams/${teamId}/leave`), 400);
    contract.expectAnswer('DELETE /api/v1/teams/{teamId}', await leader.agent.delete(`/api/v1/teams/${teamId}`), 409);
    contract.expectAnswer('DELETE /api/v1/teams/{teamId}', await member.agent.delete(`/api/v1/teams/${UNKNOWN_ID}`), 404);
    contract.expectAnswer('GET /api/v1/teams/event/{eventId}/stats', await request(t.http).get(`/api/v1/teams/event/${event.id}/stats`), 200);
    contract.expectAnswer('GET /api/v1/teams/event/{eventId}/stats', await request(t.http).get(`/api/v1/teams/event/${UNKNOWN_ID}/stats`), 404);
    const mine = contract.expectAnswer('GET /api/v1/user/registrations', await member.agent.get('/api/v1/user/registrations'), 200);
    expect(mine.body.registrations[0].teamDetails.teamName).toBe('Seekers');

    const solo = await createEvent(t.db, { eventType: 'group', minTeamSize: 2, maxTeamSize: 2 });
    const lead = { eventId: solo.id, teamLeadName: 'Meena Das', teamLeadEmail: other.user.email, teamLeaderId: other.user.id };
    const classmate = await student('Kiran Rao');
    const listed = [{ name: 'Kiran Rao', year: '3', branch: 'CSE', email: classmate.user.email }];
    const unknown = [{ ...listed[0], email: 'listed.person@campus.ac.in' }];
    contract.expectAnswer('POST /api/v1/group', await other.agent.post('/api/v1/group').send({ ...lead, members: [...listed, ...listed] }), 400);
    contract.expectAnswer('POST /api/v1/group', await other.agent.post('/api/v1/group').send({ ...lead, members: unknown }), 400);
    contract.expectAnswer('POST /api/v1/group', await other.agent.post('/api/v1/group').send({ ...lead, teamLeadName: 'Asha Rao', members: listed }), 403);
    contract.expectAnswer('POST /api/v1/group', await other.agent.post('/api/v1/group').send({ ...lead, members: listed }), 201);
    contract.expectAnswer('POST /api/v1/group', await other.agent.post('/api/v1/group').send({ ...lead, members: listed }), 409);
  });

  it('answers a discard and a leave as documented', async () => {
    const event = await createEvent(t.db, { eventType: 'group', minTeamSize: 2, maxTeamSize: 3 });
    const [leader, member] = [await student('Asha Rao'), await student('Divya Nair')];
    const teamId = (
      await leader.agent.post('/api/v1/teams/create-with-invites').send({ eventId: event.id, teamName: 'Short Lived', userIds: [member.user.id] })
    ).body.team._id;
    const inviteId = (await member.agent.get('/api/v1/teams/notifications')).body.invites[0]._id;
    await member.agent.post(`/api/v1/teams/invite/${inviteId}/respond`).send({ response: 'accept' }).expect(200);
    contract.expectAnswer('DELETE /api/v1/teams/{teamId}', await member.agent.delete(`/api/v1/teams/${teamId}`), 403);
    contract.expectAnswer('POST /api/v1/teams/{teamId}/leave', await member.agent.post(`/api/v1/teams/${teamId}/leave`), 200);
    contract.expectAnswer('POST /api/v1/teams/{teamId}/leave', await member.agent.post(`/api/v1/teams/${teamId}/leave`), 404);
    contract.expectAnswer('DELETE /api/v1/teams/{teamId}', await leader.agent.delete(`/api/v1/teams/${teamId}`), 200);
  });
});
