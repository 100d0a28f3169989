import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import type { Executor } from '../../backend/src/database/database.service';
import { type EventRow, events, eventSeats } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import { teamMembers, teams } from '../../backend/src/database/schema/teams';
import { EventsService } from '../../backend/src/events/events.service';
import { RegistrationsService } from '../../backend/src/registrations/registrations.service';
import { createUser, signedIn } from './support/accounts';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { resetDatabase, startApp, useTestApp } from './support/test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');

describe('solo registration', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });

  async function student(overrides = {}) {
    const user = await createUser(t, overrides);
    return { user, agent: await signedIn(t, user) };
  }

  const register = (agent: ReturnType<typeof request.agent>, eventId: string, studentId: string) => agent.post('/api/v1/solo').send({ eventId, studentId });

  it('registers the student, takes a seat and shows it everywhere', async () => {
    const event = await createEvent(t.db, { name: 'Code Sprint', maxApplications: 60, clubInCharge: 'Tech Club' });
    const { user, agent } = await student();

    const response = await register(agent, event.id, user.id).expect(201);

    expect(response.body).toMatchObject({
      success: true,
      message: 'Successfully registered for Code Sprint!',
      registration: { eventId: event.id, eventName: 'Code Sprint', eventType: 'solo', clubInCharge: 'Tech Club', status: 'approved', teamDetails: null },
    });
    const listed = (await agent.get('/api/v1/events').expect(200)).body.events[0];
    const detail = (await agent.get(`/api/v1/events/${event.id}`).expect(200)).body.event;
    for (const view of [listed, detail]) {
      expect(view).toMatchObject({ isRegistered: true, registrationStatus: 'approved', actualSeatsTaken: 1, availableSeats: 59 });
      expect(view.applications).toEqual([{ userId: user.id, appliedAt: response.body.registration.appliedAt }]);
    }
    const mine = await agent.get('/api/v1/user/registrations').expect(200);
    expect(mine.body).toEqual({ success: true, registrations: [response.body.registration] });
  });

  it("never shows one student's registration to another, or to a visitor", async () => {
    const event = await createEvent(t.db);
    const first = await student();
    const second = await student();
    await register(first.agent, event.id, first.user.id).expect(201);

    for (const agent of [second.agent, request.agent(t.http)]) {
      const view = (await agent.get(`/api/v1/events/${event.id}`).expect(200)).body.event;
      expect(view).toMatchObject({ isRegistered: false, registrationStatus: null, applications: [], actualSeatsTaken: 1 });
    }
    expect((await second.agent.get('/api/v1/user/registrations').expect(200)).body.registrations).toEqual([]);
  });

  it('leaves a registration pending when the event needs its club admin to approve', async () => {
    const event = await createEvent(t.db, { requiresApproval: true });
    const { user, agent } = await student();
    const response = await register(agent, event.id, user.id).expect(201);
    expect(response.body.registration.status).toBe('pending');
  });

  it.each(['workshop', 'competition', 'seminar', 'other'] as const)('registers a student for a %s, which students attend one by one', async (eventType) => {
    const event = await createEvent(t.db, { name: 'Intro to Arduino', eventType, maxApplications: 20 });
    const { user, agent } = await student();
    const response = await register(agent, event.id, user.id).expect(201);
    expect(response.body.message).toBe('Successfully registered for Intro to Arduino!');
    const [seats] = await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id));
    expect(seats.taken).toBe(1);
  });

  it('refuses a second registration and keeps the seat count', async () => {
    const event = await createEvent(t.db, { name: 'Chess Blitz' });
    const { user, agent } = await student();
    await register(agent, event.id, user.id).expect(201);
    expectError(await register(agent, event.id, user.id), 409, 'You are already registered for Chess Blitz.');
    const [seats] = await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id));
    expect(seats.taken).toBe(1);
  });

  it('tells a registered student who retries on an event full or closed since that they are registered, before anything else', async () => {
    const event = await createEvent(t.db, { name: 'Chess Blitz', maxApplications: 1 });
    const { user, agent } = await student();
    await register(agent, event.id, user.id).expect(201);
    // Their own registration took the last seat: the event is full now.
    expectError(await register(agent, event.id, user.id), 409, 'You are already registered for Chess Blitz.');
    await t.db.update(events).set({ isActive: false }).where(eq(events.id, event.id));
    expectError(await register(agent, event.id, user.id), 409, 'You are already registered for Chess Blitz.');
    expect(await t.db.$count(registrations)).toBe(1);
  });

  it.each([
    ['a full event', { maxApplications: 2, seatsTaken: 2 }, 'Registration Full - All spots have been taken'],
    ['an inactive event', { name: 'Monologue', isActive: false }, 'Registration for Monologue is closed.'],
    [
      'an event past its deadline',
      { name: 'Spell Bee', registrationDeadline: new Date('2025-08-20T09:59:59+05:30') },
      'The registration deadline for Spell Bee has passed.',
    ],
    [
      'an event that has started, whatever its deadline',
      { name: 'Morning Run', eventDate: new Date('2025-08-20T09:00:00+05:30'), registrationDeadline: null },
      'Morning Run has started: registration is closed.',
    ],
  ])('refuses %s with 409', async (_case, overrides, message) => {
    const event = await createEvent(t.db, overrides);
    const { user, agent } = await student();
    expectError(await register(agent, event.id, user.id), 409, message);
    expect(await t.db.$count(registrations)).toBe(0);
  });

  it('refuses team events, unknown events and malformed requests', async () => {
    const { user, agent } = await student();
    const group = await createEvent(t.db, { name: 'Quiz Mania', eventType: 'group', minTeamSize: 2, maxTeamSize: 3 });
    expectError(await register(agent, group.id, user.id), 400, 'Quiz Mania is a team event. Form a team on its page to register.');
    expectError(await register(agent, '2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10', user.id), 404, 'Event not found');
    expectError(await register(agent, 'nope', user.id), 400, 'Invalid event id');
    expectError(await agent.post('/api/v1/solo').send({ studentId: user.id }), 400, 'Please choose an event');
    expectError(await agent.post('/api/v1/solo').send({ eventId: group.id, studentId: user.id, status: 'approved' }), 400, 'status is not an accepted field');
  });

  it('lets only a signed-in student register, and only themselves', async () => {
    const event = await createEvent(t.db);
    const { user, agent } = await student();
    const other = await createUser(t);
    const admin = await signedIn(t, await createUser(t, { role: 'admin', club: 'Tech Club' }));
    const otherClubAdmin = await signedIn(t, await createUser(t, { role: 'admin', club: 'Music Club' }));
    const superAdmin = await signedIn(t, await createUser(t, { role: 'superadmin' }));

    expectError(await register(request.agent(t.http), event.id, user.id), 401, 'Please sign in to continue.');
    expectError(await register(agent, event.id, other.id), 403, 'You can only register yourself.');
    for (const staff of [admin, otherClubAdmin, superAdmin]) {
      const self = (await staff.get('/api/v1/user/load')).body.user._id;
      expectError(await register(staff, event.id, self), 403, 'Admin Account - Admins cannot register for events');
    }
    expectError(await request(t.http).get('/api/v1/user/registrations'), 401, 'Please sign in to continue.');
    expect(await t.db.$count(registrations)).toBe(0);
  });

  it('never overbooks: 3N students registering twice at once for N seats get exactly N seats', async () => {
    const seats = 10;
    const event = await createEvent(t.db, { name: 'Robo Sprint', maxApplications: seats });
    const students = await Promise.all(Array.from({ length: seats * 3 }, () => student()));

    const attempts = students.flatMap(({ user, agent }) => [register(agent, event.id, user.id), register(agent, event.id, user.id)]);
    const responses = await Promise.all(attempts);

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(seats);
    expect(statuses.filter((s) => s === 409)).toHaveLength(seats * 5);
    const rows = await t.db.select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(rows).toHaveLength(seats);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(seats);
    const [counter] = await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, event.id));
    expect(counter.taken).toBe(seats);
    const listed = (await request(t.http).get('/api/v1/events').expect(200)).body.events[0];
    expect(listed).toMatchObject({ actualSeatsTaken: seats, availableSeats: 0 });
    for (const { user, agent } of students) {
      const registered = rows.some((row) => row.userId === user.id);
      expect((await agent.get(`/api/v1/events/${event.id}`)).body.event.isRegistered).toBe(registered);
    }
  });
});

describe("registering a team's members under one seat (the call the teams module makes)", () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  const register = (event: EventRow, memberIds: string[], executor?: Executor) =>
    t.app
      .get(RegistrationsService)
      .registerParticipants(event, memberIds, { now: DURING_REGISTRATION, alreadyRegistered: 'A member is already registered.', executor });
  const seatsTaken = async (eventId: string) => (await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, eventId)))[0].taken;

  it('records every member as registered and takes one seat', async () => {
    const event = await createEvent(t.db, { name: 'Quiz Mania', eventType: 'group', minTeamSize: 2, maxTeamSize: 3, maxApplications: 10 });
    const [leader, member] = [await createUser(t), await createUser(t)];

    const rows = await register(event, [leader.id, member.id]);

    expect(rows.map((row) => row.userId).sort()).toEqual([leader.id, member.id].sort());
    expect(await seatsTaken(event.id)).toBe(1);
    for (const user of [leader, member]) {
      const seen = (await (await signedIn(t, user)).get(`/api/v1/events/${event.id}`).expect(200)).body.event;
      expect(seen).toMatchObject({ isRegistered: true, registrationStatus: 'approved', actualSeatsTaken: 1, availableSeats: 9 });
    }
  });

  it('keeps nothing when one member is already registered, and says so', async () => {
    const event = await createEvent(t.db, { eventType: 'group', maxApplications: 10 });
    const [leader, member] = [await createUser(t), await createUser(t)];
    await register(event, [member.id]);

    await expect(register(event, [leader.id, member.id])).rejects.toMatchObject({ status: 409, message: 'A member is already registered.' });
    expect(await t.db.select({ userId: registrations.userId }).from(registrations)).toEqual([{ userId: member.id }]);
    expect(await seatsTaken(event.id)).toBe(1);
  });

  it('takes no seat for a full event and says it is full', async () => {
    const event = await createEvent(t.db, { eventType: 'group', maxApplications: 1, seatsTaken: 1 });
    await expect(register(event, [(await createUser(t)).id, (await createUser(t)).id])).rejects.toMatchObject({
      status: 409,
      message: 'Registration Full - All spots have been taken',
    });
    expect(await t.db.$count(registrations)).toBe(0);
  });

  it("commits with the caller's transaction: when the team's own rows fail, the seat and the members are undone", async () => {
    const event = await createEvent(t.db, { eventType: 'group', maxApplications: 10 });
    const members = [(await createUser(t)).id, (await createUser(t)).id];
    const failed = t.db.transaction(async (tx) => {
      await register(event, members, tx);
      throw new Error("the team's own row could not be written");
    });

    await expect(failed).rejects.toThrow("the team's own row could not be written");
    expect(await t.db.$count(registrations)).toBe(0);
    expect(await seatsTaken(event.id)).toBe(0);
  });
});

describe('solo registration before it opens', () => {
  it('tells the student the day it opens', async () => {
    const t = await startApp({}, { now: new Date('2025-08-13T23:00:00+05:30') });
    try {
      await resetDatabase(t.db);
      const event = await createEvent(t.db);
      const user = await createUser(t);
      const agent = await signedIn(t, user);
      expectError(await agent.post('/api/v1/solo').send({ eventId: event.id, studentId: user.id }), 409, 'Registration opens on 14 August 2025.');
      expect(await t.db.$count(registrations)).toBe(0);
    } finally {
      await t.db.execute(sql`select 1`);
      await t.close();
    }
  });
});

describe('the shared list, once a registration finds the event full that the list still shows open', () => {
  const t = useTestApp({ eventListCacheMs: 60_000 }, { now: DURING_REGISTRATION });
  // Each test starts with this instance's list unread, as after a restart: the period is long.
  beforeEach(() => t.app.get(EventsService).listChanged());

  /** The event's last seat taken where this instance's list cannot see it (another instance, say). */
  const takeLastSeatElsewhere = (eventId: string) =>
    t.db
      .update(eventSeats)
      .set({ taken: sql`${eventSeats.capacity}` })
      .where(eq(eventSeats.eventId, eventId));
  const listedSeats = async (eventId: string) =>
    ((await request(t.http).get('/api/v1/events').expect(200)).body.events as { _id: string; availableSeats: number }[]).find((e) => e._id === eventId)
      ?.availableSeats;

  it('is read afresh after a solo registration is refused', async () => {
    const event = await createEvent(t.db, { maxApplications: 5, seatsTaken: 4 });
    expect(await listedSeats(event.id)).toBe(1);
    await takeLastSeatElsewhere(event.id);
    expect(await listedSeats(event.id)).toBe(1);

    const student = await createUser(t);
    const refused = await (await signedIn(t, student)).post('/api/v1/solo').send({ eventId: event.id, studentId: student.id });

    expectError(refused, 409, 'Registration Full - All spots have been taken');
    expect(await listedSeats(event.id)).toBe(0);
    expect(await t.db.$count(registrations)).toBe(0);
  });

  it("is read afresh after a team's registration is refused", async () => {
    const event = await createEvent(t.db, { eventType: 'group', minTeamSize: 2, maxTeamSize: 3, maxApplications: 3, seatsTaken: 2 });
    const [leader, member] = [await createUser(t), await createUser(t)];
    const [team] = await t.db.insert(teams).values({ eventId: event.id, name: 'Late Owls', leaderId: leader.id, createdAt: DURING_REGISTRATION }).returning();
    await t.db
      .insert(teamMembers)
      .values([leader, member].map((user) => ({ teamId: team.id, eventId: event.id, userId: user.id, joinedAt: DURING_REGISTRATION })));
    expect(await listedSeats(event.id)).toBe(1);
    await takeLastSeatElsewhere(event.id);

    const refused = await (await signedIn(t, leader)).post('/api/v1/teams/register').send({ teamId: team.id });

    expectError(refused, 409, 'Registration Full - All spots have been taken');
    expect(await listedSeats(event.id)).toBe(0);
    expect(await t.db.$count(registrations)).toBe(0);
    expect((await t.db.select({ registeredAt: teams.registeredAt }).from(teams).where(eq(teams.id, team.id)))[0].registeredAt).toBeNull();
  });
});
