import { eq } from 'drizzle-orm';
import request from 'supertest';
import { auditLog } from '../../backend/src/database/schema/audit';
import { clubs } from '../../backend/src/database/schema/clubs';
import { events } from '../../backend/src/database/schema/events';
import { users } from '../../backend/src/database/schema/users';
import { clubAdmin, DURING_REGISTRATION, eventPayload, person, superAdmin } from './support/admin';
import { inviteeEmail } from './support/admin-invites';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { useTestApp } from './support/test-app';

const NOT_SUPER_ADMIN = "You don't have permission to access this page. Super admin access is required.";

describe('clubs as data', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  beforeEach(async () => {
    contract ??= await loadApiContract(t);
  });

  const clubNamed = async (name: string) => (await t.db.select().from(clubs).where(eq(clubs.name, name)))[0];

  it('start as the ten of a fresh database, listed A to Z for everyone, and the API document names none of them', async () => {
    const listed = contract.expectAnswer('GET /api/v1/clubs', await request(t.http).get('/api/v1/clubs'), 200).body.clubs;
    expect(listed).toHaveLength(10);
    expect(listed[0]).toMatchObject({ name: 'Blue Sky Forum', description: '', retiredAt: null });
    const document = JSON.stringify((await request(t.http).get('/api/docs-json').expect(200)).body);
    expect(document).not.toContain('Photography Club');
  });

  it('are created by the super admin and take events at once; a second of one name, whatever its case, is refused', async () => {
    const boss = await superAdmin(t);
    const created = contract.expectAnswer(
      'POST /api/v1/clubs',
      await boss.agent.post('/api/v1/clubs').send({ name: '  Robotics   Society ', description: 'Robots.' }),
      201,
    );
    expect(created.body).toMatchObject({ message: 'Robotics Society created.', club: { name: 'Robotics Society', description: 'Robots.', retiredAt: null } });

    const again = await boss.agent.post('/api/v1/clubs').send({ name: 'robotics society' });
    expectError(again, 409, 'A club named robotics society already exists.');
    expect(again.body.errors).toEqual([{ field: 'name', message: 'A club named robotics society already exists.' }]);
    expectError(await boss.agent.post('/api/v1/clubs').send({ name: 'AI' }), 400, 'Club name must be at least 3 characters');

    await boss.agent
      .post('/api/v1/admin/events')
      .send(eventPayload({ name: 'Line Follower', clubInCharge: 'Robotics Society' }))
      .expect(201);
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'club.created'));
    expect(record).toMatchObject({
      subjectType: 'club',
      subjectLabel: 'Robotics Society',
      club: 'Robotics Society',
      changes: { clubName: { from: null, to: 'Robotics Society' } },
    });
  });

  it('create one club of a name when two super admins add it at once', async () => {
    const [first, second] = [await superAdmin(t), await superAdmin(t)];
    const answers = await Promise.all([
      first.agent.post('/api/v1/clubs').send({ name: 'Quiz Club' }),
      second.agent.post('/api/v1/clubs').send({ name: 'QUIZ CLUB' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await t.db.select().from(clubs)).filter((club) => club.name.toLowerCase() === 'quiz club')).toHaveLength(1);
  });

  it('carry a new name into their events, admins and invitations, and keep the old one in the audit trail', async () => {
    const boss = await superAdmin(t);
    const event = await createEvent(t.db, { name: 'Circuit Race', clubInCharge: 'Tech Club' });
    const admin = await clubAdmin(t, 'Tech Club');
    const tech = await clubNamed('Tech Club');

    const renamed = await boss.agent.put(`/api/v1/clubs/${tech.id}`).send({ name: 'Technology Club' });
    contract.expectAnswer('PUT /api/v1/clubs/{id}', renamed, 200);
    expect(renamed.body.club).toMatchObject({ name: 'Technology Club' });

    expect((await t.db.select().from(events).where(eq(events.id, event.id)))[0].clubInCharge).toBe('Technology Club');
    expect((await t.db.select().from(users).where(eq(users.id, admin.user.id)))[0].club).toBe('Technology Club');
    // The admin's own session reads the club afresh: their events are still theirs.
    const own = (await admin.agent.get('/api/v1/admin/events').expect(200)).body.events;
    expect(own.map((listed: { name: string }) => listed.name)).toEqual(['Circuit Race']);
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'club.updated'));
    expect(record.changes).toEqual({ clubName: { from: 'Tech Club', to: 'Technology Club' } });
    expectError(await boss.agent.put(`/api/v1/clubs/${tech.id}`).send({ name: 'music club' }), 409, 'A club named music club already exists.');
  });

  it('once retired take no new event, admin or invitation, keep their past events, and take them again when brought back', async () => {
    const boss = await superAdmin(t);
    const drama = await clubNamed('Drama Club');
    const past = await createEvent(t.db, { name: 'Street Play', clubInCharge: 'Drama Club' });
    const dramaAdmin = await clubAdmin(t, 'Drama Club');
    const student = await person(t);

    const retired = await boss.agent.post(`/api/v1/clubs/${drama.id}/retire`);
    contract.expectAnswer('POST /api/v1/clubs/{id}/retire', retired, 200);
    expect(retired.body.message).toBe('Drama Club is retired: it takes no new events, admins or invitations.');
    expect(retired.body.club.retiredAt).not.toBeNull();

    const refusal = 'Drama Club is retired: it takes no new events, admins or invitations.';
    const byBoss = await boss.agent.post('/api/v1/admin/events').send(eventPayload({ clubInCharge: 'Drama Club' }));
    expectError(byBoss, 400, refusal);
    expect(byBoss.body.errors).toEqual([{ field: 'clubInCharge', message: refusal }]);
    expectError(await dramaAdmin.agent.post('/api/v1/admin/events').send(eventPayload()), 400, refusal);
    expectError(await boss.agent.post('/api/v1/admin/invite').send({ email: inviteeEmail(), club: 'Drama Club', eventId: past.id }), 400, refusal);
    expectError(await boss.agent.put(`/api/v1/admin/users/${student.user.id}/role`).send({ role: 'admin', club: 'Drama Club' }), 400, refusal);
    const music = await createEvent(t.db, { name: 'Open Mic', clubInCharge: 'Music Club' });
    expectError(await boss.agent.put(`/api/v1/admin/events/${music.id}`).send({ clubInCharge: 'Drama Club' }), 400, refusal);

    // What it had stays, and stays its own: listed, changed by its admin, exported.
    await dramaAdmin.agent.put(`/api/v1/admin/events/${past.id}`).send({ venue: 'Open Air Theatre' }).expect(200);
    expect((await request(t.http).get(`/api/v1/events/${past.id}`).expect(200)).body.event.clubInCharge).toBe('Drama Club');
    await boss.agent.get('/api/v1/admin/clubs/Drama%20Club/export.csv').expect(200);

    contract.expectAnswer('POST /api/v1/clubs/{id}/restore', await boss.agent.post(`/api/v1/clubs/${drama.id}/restore`), 200);
    await dramaAdmin.agent.post('/api/v1/admin/events').send(eventPayload()).expect(201);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.subjectId, drama.id))).map((entry) => entry.action).sort()).toEqual([
      'club.restored',
      'club.retired',
    ]);
  });

  it('either take an event before their retirement or refuse it, when the two come at once', async () => {
    const boss = await superAdmin(t);
    for (const name of ['Sports Club', 'Dance Club', 'Cultural Club']) {
      const club = await clubNamed(name);
      const [created, retired] = await Promise.all([
        boss.agent.post('/api/v1/admin/events').send(eventPayload({ name: `${name} Relay`, clubInCharge: name })),
        boss.agent.post(`/api/v1/clubs/${club.id}/retire`),
      ]);
      expect(retired.status).toBe(200);
      const kept = await t.db
        .select()
        .from(events)
        .where(eq(events.name, `${name} Relay`));
      // The club's row is share-locked while the event is written: the retirement waits for it, or comes first and refuses it.
      if (created.status === 201) expect(kept).toHaveLength(1);
      else {
        expectError(created, 400, `${name} is retired: it takes no new events, admins or invitations.`);
        expect(kept).toHaveLength(0);
      }
    }
  });

  it('are changed by the super admin only', async () => {
    const admin = await clubAdmin(t);
    const student = await person(t);
    const tech = await clubNamed('Tech Club');
    expectError(await request(t.http).post('/api/v1/clubs').send({ name: 'Chess Club' }), 401, 'Please sign in to continue.');
    expectError(await student.agent.post('/api/v1/clubs').send({ name: 'Chess Club' }), 403, NOT_SUPER_ADMIN);
    expectError(await admin.agent.put(`/api/v1/clubs/${tech.id}`).send({ name: 'Chess Club' }), 403, NOT_SUPER_ADMIN);
    expectError(await admin.agent.post(`/api/v1/clubs/${tech.id}/retire`), 403, NOT_SUPER_ADMIN);
    expect(await clubNamed('Chess Club')).toBeUndefined();
    expect((await clubNamed('Tech Club')).retiredAt).toBeNull();
  });
});
