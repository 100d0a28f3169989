import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { adminInvites } from '../../backend/src/database/schema/admin-invites';
import { type EventRow, eventSeats } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import type { RegistrationStatus } from '../../backend/src/database/schema/registrations';
import { teamMembers, teams } from '../../backend/src/database/schema/teams';
import { signups, type UserRow } from '../../backend/src/database/schema/users';
import { createUser } from './support/accounts';
import { clubAdmin, DURING_REGISTRATION, type Person, person, superAdmin } from './support/admin';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { useTestApp } from './support/test-app';

const STATS = 'GET /api/v1/admin/dashboard/stats';
const DETAILED = 'GET /api/v1/admin/dashboard/events-registrations';
const CHARTS = 'GET /api/v1/admin/dashboard/club-stats';

/** India time, as the admins read the days. */
const ist = (local: string) => new Date(`${local}+05:30`);

/**
 * A small festival with every count known (the clock stands at 20 Aug 2025, 10:00 in India):
 *
 * Tech Club: Old Quiz (10 Aug, past, unlimited, no registrations); Code Sprint (solo, 10 seats, 2 taken:
 * Asha approved 19 Aug, Bala pending 2 Aug, Chitra rejected 18 Aug); Hack Night (group, 5 seats, 1 taken:
 * team Byte Force, Deepak leading Esha, both approved at 00:15 and 00:16 on 20 Aug in India, 19 Aug in UTC).
 * Dance Club: Dance Off (solo, 3 seats, 1 taken: Farhan approved 15 Aug, unverified; 1 held for a waitlist offer).
 * One live invitation per club, and one expired invitation of Tech Club.
 * Sign-ups waiting for their link: two for one address, one for another, one expired, one whose address is an account now.
 */
describe('the admin dashboards', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  let techAdmin: Person;
  let danceAdmin: Person;
  let festivalAdmin: Person;
  let oldQuiz: EventRow;
  let codeSprint: EventRow;
  let hackNight: EventRow;
  let danceOff: EventRow;
  let students: Record<'asha' | 'bala' | 'chitra' | 'deepak' | 'esha' | 'farhan', UserRow>;

  const register = (event: EventRow, student: UserRow, status: RegistrationStatus, appliedAt: Date, teamId: string | null = null) =>
    t.db.insert(registrations).values({ eventId: event.id, userId: student.id, status, appliedAt, teamId });

  async function invite(event: EventRow, email: string, expiresAt: Date) {
    const tokenHash = createHash('sha256').update(email).digest('base64url');
    await t.db
      .insert(adminInvites)
      .values({ email, clubName: event.clubInCharge ?? '', eventId: event.id, tokenHash, createdAt: ist('2025-08-18T10:00:00'), expiresAt });
  }

  beforeEach(async () => {
    contract ??= await loadApiContract(t);
    const date = ist('2025-08-30T10:00:00');
    oldQuiz = await createEvent(t.db, { name: 'Old Quiz', clubInCharge: 'Tech Club', eventDate: ist('2025-08-10T10:00:00'), maxApplications: null });
    codeSprint = await createEvent(t.db, { name: 'Code Sprint', clubInCharge: 'Tech Club', eventDate: date, maxApplications: 10, seatsTaken: 2 });
    hackNight = await createEvent(t.db, {
      name: 'Hack Night',
      eventType: 'group',
      clubInCharge: 'Tech Club',
      eventDate: date,
      maxApplications: 5,
      seatsTaken: 1,
      minTeamSize: 2,
      maxTeamSize: 3,
    });
    danceOff = await createEvent(t.db, { name: 'Dance Off', clubInCharge: 'Dance Club', eventDate: date, maxApplications: 3, seatsTaken: 1 });
    techAdmin = await person(t, { role: 'admin', club: 'Tech Club', name: 'Tara Tech', assignedEventId: codeSprint.id });
    danceAdmin = await clubAdmin(t, 'Dance Club');
    festivalAdmin = await superAdmin(t);
    const [asha, bala, chitra, deepak, esha, farhan] = await Promise.all(
      ['Asha Verma', 'Bala Murugan', 'Chitra Das', 'Deepak Jain', 'Esha Gupta', 'Farhan Ali'].map((name) =>
        createUser(t, { name, isVerified: name !== 'Farhan Ali', dept: name === 'Esha Gupta' ? 'IT' : 'CSE' }),
      ),
    );
    students = { asha, bala, chitra, deepak, esha, farhan };
    await register(codeSprint, asha, 'approved', ist('2025-08-19T20:00:00'));
    await register(codeSprint, bala, 'pending', ist('2025-08-02T05:00:00'));
    await register(codeSprint, chitra, 'rejected', ist('2025-08-18T09:00:00'));
    const [team] = await t.db
      .insert(teams)
      .values({
        eventId: hackNight.id,
        name: 'Byte Force',
        leaderId: deepak.id,
        registeredAt: ist('2025-08-20T00:15:00'),
        createdAt: ist('2025-08-19T12:00:00'),
      })
      .returning();
    await t.db.insert(teamMembers).values([
      { teamId: team.id, eventId: hackNight.id, userId: deepak.id, joinedAt: ist('2025-08-19T12:00:00') },
      { teamId: team.id, eventId: hackNight.id, userId: esha.id, joinedAt: ist('2025-08-19T12:05:00') },
    ]);
    await register(hackNight, deepak, 'approved', ist('2025-08-20T00:15:00'), team.id);
    await register(hackNight, esha, 'approved', ist('2025-08-20T00:16:00'), team.id);
    await register(danceOff, farhan, 'approved', ist('2025-08-15T11:00:00'));
    await invite(hackNight, 'hack.admin@campus.ac.in', ist('2025-08-25T10:00:00'));
    await invite(oldQuiz, 'late.admin@campus.ac.in', ist('2025-08-19T10:00:00'));
    await invite(danceOff, 'dance.two@campus.ac.in', ist('2025-08-25T10:00:00'));
    await t.db.update(eventSeats).set({ held: 1 }).where(eq(eventSeats.eventId, danceOff.id));
    await signUp('waiting.one@campus.ac.in', ist('2025-08-21T10:00:00'));
    await signUp('waiting.one@campus.ac.in', ist('2025-08-21T11:00:00'));
    await signUp('waiting.two@campus.ac.in', ist('2025-08-20T10:30:00'));
    await signUp('lapsed@campus.ac.in', ist('2025-08-20T09:00:00'));
    await signUp(asha.email, ist('2025-08-21T10:00:00'));
  });

  /** A sign-up waiting for its link until `expiresAt` (the clock stands at 20 Aug, 10:00). */
  async function signUp(email: string, expiresAt: Date) {
    const hash = (what: string) => createHash('sha256').update(`${what}:${email}:${expiresAt.toISOString()}`).digest('base64url');
    await t.db
      .insert(signups)
      .values({ name: 'Someone Waiting', email, passwordHash: 'x', linkTokenHash: hash('link'), browserTokenHash: hash('browser'), expiresAt });
  }

  describe('GET /admin/dashboard/stats', () => {
    it("gives the super admin the festival's figures", async () => {
      const response = contract.expectAnswer(STATS, await festivalAdmin.agent.get('/api/v1/admin/dashboard/stats'), 200);

      expect(response.body).toEqual({
        success: true,
        stats: {
          totalEvents: 4,
          totalUsers: 6,
          totalAdmins: 3,
          totalApplications: 6,
          recentRegistrations: 4,
          verifiedUsers: 5,
          // Farhan's account, and the two addresses still waiting for their link.
          unverifiedUsers: 3,
          pendingInvites: 2,
          adminsByClub: [
            { _id: 'Dance Club', count: 1, admins: [{ name: danceAdmin.user.name, email: danceAdmin.user.email }] },
            { _id: 'Tech Club', count: 1, admins: [{ name: 'Tara Tech', email: techAdmin.user.email }] },
          ],
          upcomingEvents: 3,
          pastEvents: 1,
          totalRegistrations: 5,
          clubName: null,
        },
        assignedEvent: null,
        lastUpdated: DURING_REGISTRATION.toISOString(),
      });
    });

    it("gives a club admin their club's figures and their assigned event, and no festival-wide account counts", async () => {
      const response = contract.expectAnswer(STATS, await techAdmin.agent.get('/api/v1/admin/dashboard/stats'), 200);

      expect(response.body.stats).toEqual({
        totalEvents: 3,
        totalUsers: 0,
        totalAdmins: 0,
        totalApplications: 5,
        recentRegistrations: 3,
        verifiedUsers: 0,
        unverifiedUsers: 0,
        pendingInvites: 1,
        adminsByClub: [{ _id: 'Tech Club', count: 1, admins: [{ name: 'Tara Tech', email: techAdmin.user.email }] }],
        upcomingEvents: 2,
        pastEvents: 1,
        totalRegistrations: 4,
        clubName: 'Tech Club',
      });
      expect(response.body.assignedEvent).toEqual({
        _id: codeSprint.id,
        name: 'Code Sprint',
        event_type: 'solo',
        clubInCharge: 'Tech Club',
        eventDate: ist('2025-08-30T10:00:00').toISOString(),
        venue: 'Seminar Hall 1',
        maxApplications: 10,
        availableSeats: 8,
        participants: 2,
        teamsCount: 0,
      });
    });

    it("lists the club's events as the assigned ones of a club admin without an assigned event", async () => {
      const response = contract.expectAnswer(STATS, await danceAdmin.agent.get('/api/v1/admin/dashboard/stats'), 200);

      expect(response.body.assignedEvent).toEqual([expect.objectContaining({ _id: danceOff.id, availableSeats: 1, participants: 1, teamsCount: 0 })]);
      expect(response.body.stats).toMatchObject({ totalEvents: 1, totalApplications: 1, totalRegistrations: 1, recentRegistrations: 1, pendingInvites: 1 });
    });

    it('counts a registration as recent for seven days of the clock', async () => {
      t.clock.advance(5 * 24 * 60 * 60 * 1000);

      const response = await festivalAdmin.agent.get('/api/v1/admin/dashboard/stats').expect(200);

      // 25 Aug, 10:00: recent since 18 Aug, 10:00 (Asha, Deepak, Esha), no longer Farhan's of 15 Aug; the live invitations ended now.
      expect(response.body.stats.recentRegistrations).toBe(3);
      expect(response.body.stats.pendingInvites).toBe(0);
    });
  });

  describe('GET /admin/dashboard/events-registrations', () => {
    it("gives the super admin every club's events with their counts, teams and latest registrations", async () => {
      const response = contract.expectAnswer(DETAILED, await festivalAdmin.agent.get('/api/v1/admin/dashboard/events-registrations'), 200);

      expect(response.body).toMatchObject({ totalClubs: 2, totalEvents: 4, totalRegistrations: 5, lastUpdated: DURING_REGISTRATION.toISOString() });
      expect(
        response.body.clubs.map((club: { clubName: string; totalEvents: number; totalRegistrations: number }) => [
          club.clubName,
          club.totalEvents,
          club.totalRegistrations,
        ]),
      ).toEqual([
        ['Dance Club', 1, 1],
        ['Tech Club', 3, 4],
      ]);
      const [quiz, sprint, hack] = response.body.clubs[1].events;
      expect(quiz).toMatchObject({
        _id: oldQuiz.id,
        maxApplications: null,
        availableSeats: null,
        occupancy: null,
        participants: 0,
        teams: [],
        registrations: [],
      });
      expect(sprint).toEqual({
        _id: codeSprint.id,
        event_id: codeSprint.id,
        name: 'Code Sprint',
        event_type: 'solo',
        isTeamEvent: false,
        eventDate: codeSprint.eventDate?.toISOString(),
        maxApplications: 10,
        availableSeats: 8,
        participants: 2,
        teamsCount: 0,
        recentCount: 1,
        occupancy: 20,
        averageTeamSize: null,
        teams: [],
        registrations: [
          { userName: 'Asha Verma', userEmail: students.asha.email, userDept: 'CSE', userYear: '3', registeredAt: ist('2025-08-19T20:00:00').toISOString() },
          { userName: 'Bala Murugan', userEmail: students.bala.email, userDept: 'CSE', userYear: '3', registeredAt: ist('2025-08-02T05:00:00').toISOString() },
        ],
      });
      expect(hack).toMatchObject({
        isTeamEvent: true,
        participants: 2,
        teamsCount: 1,
        recentCount: 2,
        occupancy: 20,
        averageTeamSize: 2,
        teams: [
          {
            teamName: 'Byte Force',
            leader: { name: 'Deepak Jain', email: students.deepak.email, dept: 'CSE', year: '3' },
            members: [{ name: 'Esha Gupta', email: students.esha.email, dept: 'IT', year: '3' }],
          },
        ],
      });
      expect(hack.registrations.map((row: { userName: string }) => row.userName)).toEqual(['Esha Gupta', 'Deepak Jain']);
      // (max − available) / max: the held seat is not available either.
      expect(response.body.clubs[0].events[0]).toMatchObject({ name: 'Dance Off', occupancy: 66.7, availableSeats: 1 });
    });

    it("shows a club admin their own club only, and another club's admin nothing of it", async () => {
      const tech = contract.expectAnswer(DETAILED, await techAdmin.agent.get('/api/v1/admin/dashboard/events-registrations'), 200);
      const dance = contract.expectAnswer(DETAILED, await danceAdmin.agent.get('/api/v1/admin/dashboard/events-registrations'), 200);

      expect(tech.body).toMatchObject({ totalClubs: 1, totalEvents: 3, totalRegistrations: 4 });
      expect(tech.body.clubs.map((club: { clubName: string }) => club.clubName)).toEqual(['Tech Club']);
      expect(dance.body).toMatchObject({ totalClubs: 1, totalEvents: 1, totalRegistrations: 1 });
      const seenByDance = JSON.stringify(dance.body);
      for (const hidden of ['Tech Club', 'Code Sprint', 'Hack Night', 'Byte Force', students.asha.email, students.deepak.email])
        expect(seenByDance).not.toContain(hidden);
    });

    it('lists the latest five registrations of an event and counts them all', async () => {
      const crowd = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(t, { name: `Crowd Member ${i}` })));
      for (const [i, student] of crowd.entries()) await register(danceOff, student, 'pending', ist(`2025-08-${14 + i}T09:00:00`));

      const response = await danceAdmin.agent.get('/api/v1/admin/dashboard/events-registrations').expect(200);

      const [event] = response.body.clubs[0].events;
      expect(event.participants).toBe(7);
      // Farhan registered on 15 Aug at 11:00, after Crowd Member 1 (09:00 that day).
      expect(event.registrations.map((row: { userName: string }) => row.userName)).toEqual([
        'Crowd Member 5',
        'Crowd Member 4',
        'Crowd Member 3',
        'Crowd Member 2',
        'Farhan Ali',
      ]);
    });

    it('sends the panel compressed as the browser accepts, with the same figures as sent plain', async () => {
      const url = '/api/v1/admin/dashboard/events-registrations';
      const plain = await festivalAdmin.agent.get(url).set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBeGreaterThan(1024);

      for (const [accepted, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
      ]) {
        const compressed = await festivalAdmin.agent.get(url).set('Accept-Encoding', accepted).expect(200);
        expect(compressed.headers['content-encoding']).toBe(encoding);
        expect(compressed.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(compressed.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(compressed.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']));
        expect(compressed.body).toEqual(plain.body);
      }
    });
  });

  describe('GET /admin/dashboard/club-stats', () => {
    it("gives the super admin each club's figures, most registrations first, and registrations per day in India", async () => {
      const response = contract.expectAnswer(CHARTS, await festivalAdmin.agent.get('/api/v1/admin/dashboard/club-stats'), 200);

      expect(response.body).toEqual({
        success: true,
        clubs: [
          { clubName: 'Tech Club', events: 3, registrations: 4, admins: 1 },
          { clubName: 'Dance Club', events: 1, registrations: 1, admins: 1 },
        ],
        registrationsByDay: [
          { day: '2025-08-02', count: 1 },
          { day: '2025-08-15', count: 1 },
          { day: '2025-08-19', count: 1 },
          { day: '2025-08-20', count: 2 },
        ],
      });
    });

    it("gives a club admin their own club's figures only", async () => {
      const response = contract.expectAnswer(CHARTS, await danceAdmin.agent.get('/api/v1/admin/dashboard/club-stats'), 200);

      expect(response.body).toEqual({
        success: true,
        clubs: [{ clubName: 'Dance Club', events: 1, registrations: 1, admins: 1 }],
        registrationsByDay: [{ day: '2025-08-15', count: 1 }],
      });
    });

    it('names a club admin without events with zero figures', async () => {
      const musicAdmin = await clubAdmin(t, 'Music Club');

      const response = contract.expectAnswer(CHARTS, await musicAdmin.agent.get('/api/v1/admin/dashboard/club-stats'), 200);

      expect(response.body).toEqual({ success: true, clubs: [{ clubName: 'Music Club', events: 0, registrations: 0, admins: 1 }], registrationsByDay: [] });
    });
  });

  it('refuses a club admin without a club on every dashboard', async () => {
    const clubless = await person(t, { role: 'admin', club: null });
    for (const path of ['stats', 'events-registrations', 'club-stats']) {
      expectError(await clubless.agent.get(`/api/v1/admin/dashboard/${path}`), 403, 'Your account is not linked to a club');
    }
  });
});

describe('the dashboards shared for DASHBOARD_CACHE_MS', () => {
  const t = useTestApp({ dashboardCacheMs: 5000 }, { now: DURING_REGISTRATION });

  it("answers one scope's admins with the figures read in the last period, then reads them anew", async () => {
    const event = await createEvent(t.db, { name: 'Code Sprint', clubInCharge: 'Tech Club' });
    const [first, second] = await Promise.all([clubAdmin(t, 'Tech Club'), clubAdmin(t, 'Tech Club')]);
    const student = await createUser(t);
    const read = async (admin: Person) => (await admin.agent.get('/api/v1/admin/dashboard/club-stats').expect(200)).body.clubs[0];

    expect(await read(first)).toMatchObject({ registrations: 0 });
    await t.db.insert(registrations).values({ eventId: event.id, userId: student.id, status: 'approved' });
    t.clock.advance(4000);
    expect(await read(second)).toMatchObject({ registrations: 0 });
    t.clock.advance(1000);
    expect(await read(second)).toMatchObject({ registrations: 1 });
  });
});
