import request from 'supertest';
import { clubAdmin, DURING_REGISTRATION, eventPayload, superAdmin } from './support/admin';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { useTestApp } from './support/test-app';

const AUDIT = 'GET /api/v1/admin/audit';

describe('the audit trail', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  beforeEach(async () => {
    contract ??= await loadApiContract(t);
  });

  it('shows the super admin who did what, newest first, filtered by club or person, a page at a time', async () => {
    const tech = await clubAdmin(t, 'Tech Club');
    const music = await clubAdmin(t, 'Music Club');
    const boss = await superAdmin(t);
    const created = (
      await tech.agent
        .post('/api/v1/admin/events')
        .send(eventPayload({ name: 'Line Follower' }))
        .expect(201)
    ).body.event;
    t.clock.advance(1000);
    await music.agent
      .post('/api/v1/admin/events')
      .send(eventPayload({ name: 'Open Mic' }))
      .expect(201);
    t.clock.advance(1000);
    await tech.agent.put(`/api/v1/admin/events/${created._id}`).send({ venue: 'Hall 2' }).expect(200);

    const all = contract.expectAnswer(AUDIT, await boss.agent.get('/api/v1/admin/audit'), 200);
    expect(all.body).toMatchObject({ success: true, page: 1, limit: 50, total: 3 });
    expect(all.body.entries.map((entry: { action: string; subject: { label: string } }) => `${entry.action} ${entry.subject.label}`)).toEqual([
      'event.updated Line Follower',
      'event.created Open Mic',
      'event.created Line Follower',
    ]);
    expect(all.body.entries[0]).toEqual({
      _id: expect.any(String),
      at: expect.any(String),
      actor: { _id: tech.user.id, name: tech.user.name, email: tech.user.email },
      action: 'event.updated',
      club: 'Tech Club',
      subject: { type: 'event', id: created._id, label: 'Line Follower' },
      changes: { venue: { from: 'Lab 3', to: 'Hall 2' } },
    });

    const musicOnly = contract.expectAnswer(AUDIT, await boss.agent.get('/api/v1/admin/audit').query({ club: 'Music Club' }), 200);
    expect(musicOnly.body.entries.map((entry: { subject: { label: string } }) => entry.subject.label)).toEqual(['Open Mic']);
    const byTech = contract.expectAnswer(AUDIT, await boss.agent.get('/api/v1/admin/audit').query({ actorId: tech.user.id }), 200);
    expect(byTech.body.total).toBe(2);
    const second = contract.expectAnswer(AUDIT, await boss.agent.get('/api/v1/admin/audit').query({ page: 2, limit: 2 }), 200);
    expect(second.body).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(second.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['event.created']);
  });

  it('refuses bad filters with their messages', async () => {
    const boss = await superAdmin(t);
    for (const [query, message] of [
      [{ club: 'C'.repeat(101) }, 'Please select a club'],
      [{ actorId: 'nope' }, 'Invalid person id'],
      [{ page: '0' }, 'Page must be at least 1'],
      [{ limit: '101' }, 'Limit must be at most 100'],
    ] as const) {
      const response = await boss.agent.get('/api/v1/admin/audit').query(query);
      contract.expectAnswer(AUDIT, response, 400);
      expectError(response, 400, message);
    }
  });

  it('is for the super admin only', async () => {
    expectError(contract.expectAnswer(AUDIT, await request(t.http).get('/api/v1/admin/audit')), 401, 'Please sign in to continue.');
    const admin = await clubAdmin(t);
    expectError(
      contract.expectAnswer(AUDIT, await admin.agent.get('/api/v1/admin/audit')),
      403,
      "You don't have permission to access this page. Super admin access is required.",
    );
  });
});
