import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import pg from 'pg';
import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { auditLog } from '../../backend/src/database/schema/audit';
import { type EventRow } from '../../backend/src/database/schema/events';
import { editions } from '../../backend/src/database/schema/festival-settings';
import { type RegistrationStatus, registrations } from '../../backend/src/database/schema/registrations';
import { teamMembers, teams } from '../../backend/src/database/schema/teams';
import { type NewUserRow, type UserRow, users } from '../../backend/src/database/schema/users';
import { createUser, signedIn } from './support/accounts';
import { expectError, waitUntil } from './support/expectations';
import { createEvent } from './support/factories';
import { useTestApp } from './support/test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
/** Lower than the product's, so a burst reaches it in a few requests; above what any other test here sends. */
const SAVES_PER_HOUR = 12;
const ROUNDS = 10;
/** How far apart racing requests start (see `together`). */
const STAGGER_MS = 3;

interface Student {
  user: UserRow;
  agent: TestAgent;
}

type ProfileForm = Pick<UserRow, 'name' | 'dept' | 'year' | 'gender'>;

describe("a student's profile", () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION, rateLimits: { profileByAccount: { limit: SAVES_PER_HOUR, windowSeconds: 3600 } } });

  /** A signed-in student whose name passes the name rule (the factory's carry a number). */
  async function student(overrides: Partial<NewUserRow> = {}): Promise<Student> {
    const user = await createUser(t, { name: 'Meera Krishnan', ...overrides });
    return { user, agent: await signedIn(t, user) };
  }
  const formOf = ({ name, dept, year, gender }: UserRow): ProfileForm => ({ name, dept, year, gender });
  const save = (s: Student, changes: Record<string, unknown>) => s.agent.put('/api/v1/users/me/profile').send({ ...formOf(s.user), ...changes });
  const stored = async (s: Student) => (await t.db.select().from(users).where(eq(users.id, s.user.id)))[0];
  const genderEvent = (overrides: Parameters<typeof createEvent>[1] = {}) =>
    createEvent(t.db, { name: 'Treasure Trail', eventType: 'group', minTeamSize: 2, maxTeamSize: 4, hasGenderBasedTeams: true, ...overrides });

  /** A team written as forming and registering leave it: its leader first, each member's registration when `registration` is given. */
  async function teamOf(event: EventRow, leader: UserRow, members: UserRow[], registration?: RegistrationStatus): Promise<string> {
    const now = t.clock.now();
    const [team] = await t.db
      .insert(teams)
      .values({
        eventId: event.id,
        name: `${leader.name}'s team`,
        leaderId: leader.id,
        gender: leader.gender,
        createdAt: now,
        registeredAt: registration ? now : null,
      })
      .returning();
    const everyone = [leader, ...members];
    await t.db.insert(teamMembers).values(everyone.map((member) => ({ teamId: team.id, eventId: event.id, userId: member.id, joinedAt: now })));
    if (registration) {
      await t.db.insert(registrations).values(everyone.map((member) => ({ eventId: event.id, userId: member.id, teamId: team.id, status: registration })));
    }
    return team.id;
  }

  /** Members whose gender is not their team's: the same-gender rule broken. */
  const mismatchedMembers = () =>
    t.db
      .select({ teamId: teams.id })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(isNotNull(teams.gender), ne(users.gender, teams.gender)));

  describe('GET /users/me/profile', () => {
    it('answers the name, e-mail, department, year, gender and roll number', async () => {
      const priya = await student({ name: 'Priya Raman', dept: 'ECE', year: '4', gender: 'Female', rollNumber: '23ECE014' });

      const response = await priya.agent.get('/api/v1/users/me/profile').expect(200);

      expect(response.body).toEqual({
        success: true,
        profile: { name: 'Priya Raman', email: priya.user.email, dept: 'ECE', year: '4', gender: 'Female', rollNumber: '23ECE014' },
      });
    });
  });

  describe('PUT /users/me/profile', () => {
    it('saves the name, department, year and gender, the name in its one form, and says where a new name shows', async () => {
      const priya = await student({ name: 'Priya Raman', dept: 'CSE', year: '3', gender: 'Female' });

      const response = await save(priya, { name: '  Priya   Raman  Iyer ', dept: 'MBA', year: 1, gender: 'Other' }).expect(200);

      expect(response.body).toEqual({
        success: true,
        message:
          'Your profile is saved. From now on your teams, registrations and results show your new name; e-mails already sent keep the one they were sent with, and certificates already issued keep theirs until the organisers re-issue them.',
        profile: { name: 'Priya Raman Iyer', email: priya.user.email, dept: 'MBA', year: '1', gender: 'Other', rollNumber: priya.user.rollNumber },
      });
      expect((await priya.agent.get('/api/v1/user/load').expect(200)).body.user).toMatchObject({ name: 'Priya Raman Iyer', dept: 'MBA', year: '1' });
      expect(formOf(await stored(priya))).toEqual({ name: 'Priya Raman Iyer', dept: 'MBA', year: '1', gender: 'Other' });
    });

    it('records the change in the audit trail: the student, under the name they had, and each field before and after', async () => {
      const priya = await student({ name: 'Priya Raman', dept: 'CSE', year: '3', gender: 'Female' });

      await save(priya, { name: 'Priya Iyer', year: '4' }).expect(200);

      expect(await t.db.select().from(auditLog)).toEqual([
        expect.objectContaining({
          at: DURING_REGISTRATION,
          action: 'user.profile_updated',
          actorId: priya.user.id,
          actorName: 'Priya Raman',
          actorEmail: priya.user.email,
          club: null,
          subjectType: 'user',
          subjectId: priya.user.id,
          subjectLabel: `Priya Raman (${priya.user.email})`,
          changes: { fullName: { from: 'Priya Raman', to: 'Priya Iyer' }, year: { from: '3', to: '4' } },
        }),
      ]);
    });

    it('says only that it saved when the name stays', async () => {
      const priya = await student({ dept: 'CSE', year: '3' });

      const response = await save(priya, { year: '4' }).expect(200);

      expect(response.body.message).toBe('Your profile is saved.');
    });

    it('answers a save that changes nothing with 200 and writes nothing', async () => {
      const priya = await student();
      const before = await stored(priya);
      t.clock.advance(60 * 1000);

      const response = await save(priya, {}).expect(200);

      expect(response.body.message).toBe('Nothing to save: your profile is as it was.');
      expect(await stored(priya)).toEqual(before);
      expect(await t.db.$count(auditLog)).toBe(0);
    });

    it.each([
      ['an empty name', { name: '' }, 'name', 'Name is required'],
      ['a one-letter name', { name: 'P' }, 'name', 'Name must be at least 2 characters'],
      ['a name of 101 letters', { name: 'P'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
      ['a name with a link', { name: 'Priya <a href=x>' }, 'name', 'Name may contain only letters, spaces, apostrophes, hyphens and periods'],
      ['a name starting with a period', { name: '.Priya' }, 'name', 'Name must start with a letter'],
      ['no department', { dept: '' }, 'dept', 'Department is required'],
      ['an unknown department', { dept: 'Astrology' }, 'dept', 'Please select a valid department'],
      ['no year', { year: '' }, 'year', 'Year is required'],
      ['no gender', { gender: '' }, 'gender', 'Gender is required'],
      ['an unknown gender', { gender: 'Robot' }, 'gender', 'Gender is required'],
      ['the e-mail address, the identity', { email: 'someone.else@campus.ac.in' }, 'email', 'email is not an accepted field'],
      ['the roll number, checked at sign-up', { rollNumber: '23CSE999' }, 'rollNumber', 'rollNumber is not an accepted field'],
    ])("refuses %s with sign-up's message", async (_case, changes, field, message) => {
      const priya = await student();

      const response = await save(priya, changes);

      expectError(response, 400, message);
      expect(response.body.errors).toEqual([{ field, message }]);
      expect(await stored(priya)).toMatchObject(formOf(priya.user));
    });

    it.each([
      ['an undergraduate department', 'CSE', '2', 'Undergraduate students can only select 3rd or 4th year'],
      ['MBA', 'MBA', '3', 'MBA/MCA/M.E. students can only select 1st or 2nd year'],
      ['M.E.', 'M.E.', '4', 'MBA/MCA/M.E. students can only select 1st or 2nd year'],
      ['Ph.D', 'Ph.D', '7', 'Ph.D students can only select 1st to 6th year'],
    ])('keeps the department and the year together: %s (%s) refuses year %s', async (_case, dept, year, message) => {
      const priya = await student({ dept: 'CSE', year: '3' });

      expectError(await save(priya, { dept, year }), 400, message);
      expect(await stored(priya)).toMatchObject({ dept: 'CSE', year: '3' });
    });

    it('judges a department changed alone with the year kept, and takes a department and a year that go together', async () => {
      const priya = await student({ dept: 'CSE', year: '3' });

      expectError(await save(priya, { dept: 'MCA' }), 400, 'MBA/MCA/M.E. students can only select 1st or 2nd year');
      await save(priya, { dept: 'Ph.D', year: '6' }).expect(200);

      expect(await stored(priya)).toMatchObject({ dept: 'Ph.D', year: '6' });
    });
  });

  describe('the gender, while a team of a gender-based event relies on it', () => {
    it('is refused to a member, who is told to leave the team; once they left, it changes', async () => {
      const event = await genderEvent();
      const leader = await student({ name: 'Asha Rao' });
      const meera = await student();
      const teamId = await teamOf(event, leader.user, [meera.user]);

      expectError(
        await save(meera, { gender: 'Male' }),
        409,
        'Your gender cannot change while you are in "Asha Rao\'s team" for Treasure Trail, a gender-based event: its members share one gender. Leave the team first, then change it.',
      );
      expect((await stored(meera)).gender).toBe('Female');
      expect(await t.db.$count(auditLog)).toBe(0);

      await meera.agent.post(`/api/v1/teams/${teamId}/leave`).expect(200);
      await save(meera, { gender: 'Male' }).expect(200);
      expect((await stored(meera)).gender).toBe('Male');
    });

    it('is refused to the leader, who is told to discard the team; once discarded, it changes', async () => {
      // A treasure hunt keeps the same-gender rule by its name alone.
      const event = await genderEvent({ name: 'Campus Treasure Hunt', hasGenderBasedTeams: false });
      const asha = await student({ name: 'Asha Rao' });
      const teamId = await teamOf(event, asha.user, [await createUser(t)]);

      expectError(
        await save(asha, { gender: 'Male' }),
        409,
        'Your gender cannot change while you lead "Asha Rao\'s team" for Campus Treasure Hunt, a gender-based event: its members share one gender. Discard the team first, then change it.',
      );

      await asha.agent.delete(`/api/v1/teams/${teamId}`).expect(200);
      await save(asha, { gender: 'Male' }).expect(200);
    });

    it('of a registered team: the member is told to ask the leader, by name, to cancel; the leader, to cancel on My Registrations', async () => {
      const event = await genderEvent({ requiresApproval: true });
      const asha = await student({ name: 'Asha Rao' });
      const meera = await student();
      await teamOf(event, asha.user, [meera.user], 'pending');

      expectError(
        await save(meera, { gender: 'Male' }),
        409,
        'Your gender cannot change while you are in "Asha Rao\'s team", registered for Treasure Trail, a gender-based event: its members share one gender. Ask its leader, Asha Rao, to cancel the team\'s registration; then leave the team and change it.',
      );
      expectError(
        await save(asha, { gender: 'Male' }),
        409,
        'Your gender cannot change while you lead "Asha Rao\'s team", registered for Treasure Trail, a gender-based event: its members share one gender. Cancel the team\'s registration on My Registrations, discard the team, then change it.',
      );
    });

    it('is refused in an approved team, and changes once the registration was rejected', async () => {
      const approved = await genderEvent({ name: 'Relay' });
      const rejected = await genderEvent({ name: 'Quiz' });
      const meera = await student();
      const approvedTeam = await teamOf(approved, await createUser(t), [meera.user], 'approved');
      await teamOf(rejected, await createUser(t), [meera.user], 'rejected');

      expect((await save(meera, { gender: 'Male' })).status).toBe(409);

      await t.db.update(registrations).set({ status: 'rejected' }).where(eq(registrations.teamId, approvedTeam));
      await save(meera, { gender: 'Male' }).expect(200);
    });

    it('changes in a team of an event without the rule, and in a team of a festival already closed', async () => {
      const [closed] = await t.db
        .insert(editions)
        .values({ name: 'Campus Festival 2024', firstDay: '2024-08-30', lastDay: '2024-08-30', closedAt: new Date('2024-09-01T00:00:00Z') })
        .returning();
      const lastYear = await genderEvent({ name: 'Treasure Trail 2024', editionId: closed.id });
      const mixed = await createEvent(t.db, { name: 'Hackathon', eventType: 'group', minTeamSize: 2, maxTeamSize: 4 });
      const meera = await student();
      await teamOf(lastYear, await createUser(t), [meera.user], 'approved');
      await teamOf(mixed, meera.user, [await createUser(t, { gender: 'Male' })]);

      await save(meera, { gender: 'Male' }).expect(200);
    });

    it('leaves the name, department and year free to change', async () => {
      const event = await genderEvent();
      const meera = await student({ dept: 'CSE', year: '3' });
      await teamOf(event, await createUser(t), [meera.user], 'approved');

      await save(meera, { name: 'Meera Krishnan', dept: 'IT', year: '4' }).expect(200);
    });

    it('is checked again when an invitation sent before the change is accepted', async () => {
      const event = await genderEvent();
      const asha = await student({ name: 'Asha Rao' });
      const meera = await student();
      const teamId = (await asha.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Girls United' }).expect(201)).body.team._id;
      await asha.agent
        .post('/api/v1/teams/invite')
        .send({ teamId, userIds: [meera.user.id] })
        .expect(200);
      // Not in the team yet: nothing relies on her gender.
      await save(meera, { gender: 'Male' }).expect(200);

      const [invite] = (await meera.agent.get('/api/v1/teams/notifications').expect(200)).body.invites;
      expectError(
        await meera.agent.post(`/api/v1/teams/invite/${invite._id}/respond`).send({ response: 'accept' }),
        409,
        'This is a gender-based event. You (boy) cannot join a girl team in Treasure Trail',
      );
      expect(await t.db.$count(teamMembers, eq(teamMembers.teamId, teamId))).toBe(1);
    });
  });

  describe('under concurrency', () => {
    const statusOf = (responses: { status: number }[]) => responses.map((response) => response.status);
    /**
     * Sends the requests together, each a few milliseconds after the one before it in an order
     * that turns with the round: the embedded database runs one statement at a time, in the order
     * they arrive, so requests sent at one instant would try one interleaving only.
     */
    const together = <T>(round: number, requests: (() => PromiseLike<T>)[]): Promise<T[]> =>
      Promise.all(
        requests.map(async (send, n) => {
          await sleep(((n + round) % requests.length) * STAGGER_MS);
          return send();
        }),
      );

    it(`a gender change racing an acceptance and the team's registration, ${ROUNDS} times: the team never holds another gender`, async () => {
      // Every round's team: the leader, a member already in it who asks to change their gender, and
      // an invited student who accepts while asking the same.
      const [leader, steady] = await Promise.all([student(), student()]);
      for (let round = 0; round < ROUNDS; round += 1) {
        const event = await genderEvent({ name: `Treasure Trail ${round}` });
        const joiner = await student();
        const teamId = (
          await leader.agent
            .post('/api/v1/teams/create')
            .send({ eventId: event.id, teamName: `Round ${round}` })
            .expect(201)
        ).body.team._id;
        await t.db.insert(teamMembers).values({ teamId, eventId: event.id, userId: steady.user.id, joinedAt: t.clock.now() });
        await leader.agent
          .post('/api/v1/teams/invite')
          .send({ teamId, userIds: [joiner.user.id] })
          .expect(200);
        const [invite] = (await joiner.agent.get('/api/v1/teams/notifications').expect(200)).body.invites;

        const [accepted, registered, joinerChange, steadyChange] = await together(round, [
          () => joiner.agent.post(`/api/v1/teams/invite/${invite._id}/respond`).send({ response: 'accept' }),
          () => leader.agent.post('/api/v1/teams/register').send({ teamId }),
          () => save(joiner, { gender: 'Male' }),
          () => save(steady, { gender: 'Male' }),
        ]);

        // The joiner either joined (and keeps their gender) or changed it (and is not in the team), never both.
        expect(statusOf([accepted, joinerChange]).sort()).toEqual([200, 409]);
        expect(registered.status).toBe(200);
        expect(steadyChange.status).toBe(409);
        const joined = await t.db.$count(teamMembers, and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, joiner.user.id)));
        expect(joined).toBe(accepted.status === 200 ? 1 : 0);
        expect((await stored(joiner)).gender).toBe(accepted.status === 200 ? 'Female' : 'Male');
        expect(await mismatchedMembers()).toEqual([]);
      }
    });

    it(`a gender change racing the leader forming a team, ${ROUNDS} times: the team takes the gender the leader has`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const event = await genderEvent({ name: `Treasure Trail ${round}` });
        const leader = await student();

        const [formed, changed] = await together(round, [
          () => leader.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: `Round ${round}` }),
          () => save(leader, { gender: 'Male' }),
        ]);

        expect(formed.status).toBe(201);
        // Changed first, the team is a boys' team; formed first, the change is refused.
        expect(formed.body.team.gender).toBe(changed.status === 200 ? 'boy' : 'girl');
        expect(changed.status === 200 || changed.status === 409).toBe(true);
        expect(await mismatchedMembers()).toEqual([]);
      }
    });

    /**
     * Sends `first` while a row of `table` it locks on its way is held from outside the app, so it
     * waits inside its transaction; then sends `second`, and lets both go on once `second` has
     * answered or waits too. On the embedded database (one connection, transactions one at a time)
     * nothing waits inside a transaction: the two go one after the other.
     */
    async function secondWhileFirstWaits(
      held: { table: 'events' | 'team_invites'; id: string },
      first: () => PromiseLike<Response>,
      second: () => PromiseLike<Response>,
    ): Promise<[Response, Response]> {
      const databaseUrl = process.env.DATABASE_URL;
      if (!databaseUrl) return [await first(), await second()];
      const gate = new pg.Client({ connectionString: databaseUrl });
      await gate.connect();
      // Requests of this database waiting for a lock, read afresh (inside a transaction the view is a snapshot).
      const waiting = async () => {
        await gate.query('select pg_stat_clear_snapshot()');
        const { rows } = await gate.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        return rows[0].n;
      };
      try {
        await gate.query('begin');
        await gate.query(`select id from ${held.table} where id = $1 for update`, [held.id]);
        const firstAnswer = Promise.resolve(first());
        await waitUntil(async () => (await waiting()) === 1);
        let answered = false;
        const secondAnswer = Promise.resolve(second()).finally(() => (answered = true));
        await waitUntil(async () => answered || (await waiting()) === 2);
        await gate.query('rollback');
        return [await firstAnswer, await secondAnswer];
      } finally {
        await gate.end();
      }
    }

    it('a gender change sent while an acceptance waits inside its transaction waits for the membership, then is refused', async () => {
      const event = await genderEvent();
      const asha = await student({ name: 'Asha Rao' });
      const meera = await student();
      const teamId = (await asha.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Held Open' }).expect(201)).body.team._id;
      await asha.agent
        .post('/api/v1/teams/invite')
        .send({ teamId, userIds: [meera.user.id] })
        .expect(200);
      const [invite] = (await meera.agent.get('/api/v1/teams/notifications').expect(200)).body.invites;

      // The acceptance locks the invitation after reading the gender it checks.
      const [accepted, changed] = await secondWhileFirstWaits(
        { table: 'team_invites', id: invite._id },
        () => meera.agent.post(`/api/v1/teams/invite/${invite._id}/respond`).send({ response: 'accept' }),
        () => save(meera, { gender: 'Male' }),
      );

      expect(accepted.status).toBe(200);
      expectError(changed, 409, /^Your gender cannot change while you are in "Held Open" for Treasure Trail/);
      expect(await mismatchedMembers()).toEqual([]);
    });

    it("a gender change sent while the leader's team is being formed waits for the team, then is refused", async () => {
      const event = await genderEvent();
      const leader = await student({ name: 'Asha Rao' });

      // The team's insert takes the event's row (its foreign key) after reading the leader's gender.
      const [formed, changed] = await secondWhileFirstWaits(
        { table: 'events', id: event.id },
        () => leader.agent.post('/api/v1/teams/create').send({ eventId: event.id, teamName: 'Held Open' }),
        () => save(leader, { gender: 'Male' }),
      );

      expect(formed.status).toBe(201);
      expect(formed.body.team.gender).toBe('girl');
      expectError(changed, 409, /^Your gender cannot change while you lead "Held Open" for Treasure Trail/);
      expect(await mismatchedMembers()).toEqual([]);
    });

    it('lets exactly the allowance of saves through when they arrive at once', async () => {
      const priya = await student({ year: '3' });

      const responses = await Promise.all(Array.from({ length: SAVES_PER_HOUR + 3 }, (_, n) => save(priya, { year: n % 2 === 0 ? '4' : '3' })));

      expect(statusOf(responses).filter((status) => status === 200)).toHaveLength(SAVES_PER_HOUR);
      expect(statusOf(responses).filter((status) => status === 429)).toHaveLength(3);
    });
  });
});
