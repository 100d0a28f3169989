import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { AppConfig, FestivalRules } from '../../backend/src/config/app-config';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { type EventRow, eventSeats, type NewEventRow } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import { teamGenderCounts } from '../../backend/src/database/schema/teams';
import type { NewUserRow, UserRow } from '../../backend/src/database/schema/users';
import { createUser, signedIn } from './support/accounts';
import { expectError, waitUntil } from './support/expectations';
import { createEvent } from './support/factories';
import { registerTeam as registerTeamRequest, teamFromForm } from './support/teams';
import { type TestApp, useTestApp } from './support/test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const at = (time: string, day = '2025-08-30') => new Date(`${day}T${time}:00+05:30`);
const rules = (overrides: Partial<FestivalRules>): { festivalRules: FestivalRules } => ({
  festivalRules: { maxRegistrationsPerStudent: 0, clashCheck: false, eventLengthMinutes: 120, ...overrides },
});

interface Student {
  user: UserRow;
  agent: TestAgent;
}

/** What every block below does with its own app: students, events, solo and team registrations. */
function festival(t: TestApp) {
  async function student(overrides: Partial<NewUserRow> = {}): Promise<Student> {
    const user = await createUser(t, overrides);
    return { user, agent: await signedIn(t, user) };
  }
  const event = (name: string, eventDate: Date | null, overrides: Partial<NewEventRow> = {}) => createEvent(t.db, { name, eventDate, ...overrides });
  const registerSolo = (s: Student, e: EventRow) => s.agent.post('/api/v1/solo').send({ eventId: e.id, studentId: s.user.id });
  /** The leader's team of the event, formed once with the enrolment form, every member accepting. */
  const formed = new Map<string, Promise<string>>();
  const teamOf = (leader: Student, e: EventRow, members: Student[]) => {
    const key = `${leader.user.id}:${e.id}`;
    if (!formed.has(key)) formed.set(key, teamFromForm(e, leader, members));
    return formed.get(key) as Promise<string>;
  };
  /** The leader's Register Team for that team. */
  const registerTeam = async (leader: Student, e: EventRow, members: Student[]) => registerTeamRequest(leader, await teamOf(leader, e, members));
  const teamEvent = (name: string, eventDate: Date, overrides: Partial<NewEventRow> = {}) =>
    event(name, eventDate, { eventType: 'group', minTeamSize: 2, maxTeamSize: 4, ...overrides });
  const heldBy = async (s: Student) => (await t.db.select().from(registrations).where(eq(registrations.userId, s.user.id))).length;
  const seatsTaken = async (e: EventRow) => (await t.db.select({ taken: eventSeats.taken }).from(eventSeats).where(eq(eventSeats.eventId, e.id)))[0].taken;
  return { student, event, teamEvent, registerSolo, teamOf, registerTeam, heldBy, seatsTaken };
}

describe('the cap on registrations per student', () => {
  const t = useTestApp(rules({ maxRegistrationsPerStudent: 2 }), { now: DURING_REGISTRATION });
  const f = festival(t);

  it('refuses a student a place beyond the cap, counting only places held', async () => {
    const [quiz, chess, debate] = [await f.event('Quiz', at('09:00')), await f.event('Chess', at('09:00', '2025-08-31')), await f.event('Debate', null)];
    const priya = await f.student();
    await f.registerSolo(priya, quiz).expect(201);
    await f.registerSolo(priya, chess).expect(201);

    expectError(await f.registerSolo(priya, debate), 409, 'You can hold at most 2 registrations at this festival.');
    // A repeat is still a repeat, not a third place.
    expectError(await f.registerSolo(priya, quiz), 409, 'You are already registered for Quiz.');
    expect(await f.seatsTaken(debate)).toBe(0);

    // A rejected registration holds no place: the cap counts the others.
    await t.db.update(registrations).set({ status: 'rejected' }).where(eq(registrations.eventId, chess.id));
    await f.registerSolo(priya, debate).expect(201);
    expect(await f.heldBy(priya)).toBe(3);
  });

  it('names a team\'s member at the cap, says "you" to the leader at it, and registers nobody', async () => {
    const [first, second] = [await f.event('First', at('09:00')), await f.event('Second', at('09:00', '2025-08-31'))];
    const hackathon = await f.teamEvent('Hackathon', at('14:00', '2025-08-29'));
    const leader = await f.student({ name: 'Asha Rao' });
    const member = await f.student({ name: 'Ravi Kumar' });
    await f.registerSolo(member, first).expect(201);
    await f.registerSolo(member, second).expect(201);

    expectError(await f.registerTeam(leader, hackathon, [member]), 409, "Ravi Kumar already holds 2 registrations, the festival's most.");

    await f.registerSolo(leader, first).expect(201);
    await f.registerSolo(leader, second).expect(201);
    expectError(await f.registerTeam(leader, hackathon, [member]), 409, 'You can hold at most 2 registrations at this festival.');
    expect(await f.seatsTaken(hackathon)).toBe(0);
    expect(await f.heldBy(leader)).toBe(2);
  });
});

describe('the clash check', () => {
  const t = useTestApp(rules({ clashCheck: true, eventLengthMinutes: 120 }), { now: DURING_REGISTRATION });
  const f = festival(t);

  it('refuses an event starting less than the event length from one the student holds; no date never clashes', async () => {
    const quiz = await f.event('Quiz', at('10:00'));
    const [overlapping, earlier, twoHoursLater, undated] = [
      await f.event('Robotics', at('11:59')),
      await f.event('Sketching', at('08:01')),
      await f.event('Chess', at('12:00')),
      await f.event('Open Mic', null),
    ];
    const priya = await f.student();
    await f.registerSolo(priya, quiz).expect(201);

    expectError(await f.registerSolo(priya, overlapping), 409, 'Robotics is at the same time as Quiz, which you are registered for.');
    expectError(await f.registerSolo(priya, earlier), 409, 'Sketching is at the same time as Quiz, which you are registered for.');
    await f.registerSolo(priya, twoHoursLater).expect(201);
    await f.registerSolo(priya, undated).expect(201);
    expect(await f.seatsTaken(overlapping)).toBe(0);
  });

  it('uses the set end times where events have them: a long event clashes hours later, short ones back to back do not', async () => {
    const hackathon = await f.event('Hackathon', at('09:00'), { eventEndDate: at('15:00') });
    const [afternoonTalk, sprint, nextSprint, evening] = [
      await f.event('Afternoon Talk', at('14:30')),
      await f.event('Sprint', at('16:00'), { eventEndDate: at('16:30') }),
      await f.event('Next Sprint', at('16:30'), { eventEndDate: at('17:00') }),
      await f.event('Evening Quiz', at('15:00')),
    ];
    const priya = await f.student();
    await f.registerSolo(priya, hackathon).expect(201);

    // Starts two and a half hours after the hackathon, which runs until three.
    expectError(await f.registerSolo(priya, afternoonTalk), 409, 'Afternoon Talk is at the same time as Hackathon, which you are registered for.');
    // One ending as the next starts share no moment, though they start less than the event length apart.
    await f.registerSolo(priya, sprint).expect(201);
    await f.registerSolo(priya, nextSprint).expect(201);
    // Without a set end, an event lasts the event length: 15:00 to 17:00 meets both sprints.
    expectError(await f.registerSolo(priya, evening), 409, /^Evening Quiz is at the same time as (Sprint|Next Sprint), which you are registered for\.$/);
    expect(await f.heldBy(priya)).toBe(3);
  });

  it("names the team's member who holds a clashing event, and lets a rejected one go", async () => {
    const quiz = await f.event('Quiz', at('10:00'));
    const hackathon = await f.teamEvent('Hackathon', at('11:00'));
    const leader = await f.student({ name: 'Asha Rao' });
    const member = await f.student({ name: 'Ravi Kumar' });
    await f.registerSolo(member, quiz).expect(201);

    expectError(await f.registerTeam(leader, hackathon, [member]), 409, 'Ravi Kumar is registered for Quiz at the same time.');
    expect(await f.seatsTaken(hackathon)).toBe(0);

    await t.db.update(registrations).set({ status: 'rejected' }).where(eq(registrations.userId, member.user.id));
    expect((await f.registerTeam(leader, hackathon, [member])).status).toBe(200);
  });

  it('keeps the lock order with a gender-limited team: its place of its gender is taken after the rules', async () => {
    const tug = await f.teamEvent('Tug of War', at('16:00'), { hasGenderBasedTeams: true, maxBoyTeams: 1, maxGirlTeams: 1 });
    const [leader, member] = [await f.student({ name: 'Meena Iyer', gender: 'Female' }), await f.student({ name: 'Divya Nair', gender: 'Female' })];
    expect((await f.registerTeam(leader, tug, [member])).status).toBe(200);
    expect(await t.db.select({ gender: teamGenderCounts.gender, registered: teamGenderCounts.registered }).from(teamGenderCounts)).toEqual([
      { gender: 'Female', registered: 1 },
    ]);
  });
});

/** Requests fired at the same moment: the student locks make the rules hold however they interleave. */
describe('the festival rules under concurrency', () => {
  describe('with a cap of one', () => {
    const t = useTestApp(rules({ maxRegistrationsPerStudent: 1 }), { now: DURING_REGISTRATION });
    const f = festival(t);

    it('a student registering for several events at once holds exactly one', async () => {
      const events = await Promise.all(['A', 'B', 'C', 'D'].map((name, i) => f.event(`Rush ${name}`, at('09:00', `2025-08-${25 + i}`))));
      const priya = await f.student();

      const responses = await Promise.all(events.map((e) => f.registerSolo(priya, e)));

      expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      for (const refused of responses.filter((r) => r.status === 409))
        expect(refused.body.message).toBe('You can hold at most 1 registration at this festival.');
      expect(await f.heldBy(priya)).toBe(1);
      const taken = await Promise.all(events.map(f.seatsTaken));
      expect(taken.sort()).toEqual([0, 0, 0, 1]);
    });

    it("a member's own registration and their team's at once: one of them", async () => {
      const solo = await f.event('Solo Rush', at('09:00'));
      const hackathon = await f.teamEvent('Team Rush', at('15:00', '2025-08-31'));
      const [leader, member] = [await f.student({ name: 'Asha Rao' }), await f.student({ name: 'Ravi Kumar' })];

      await f.teamOf(leader, hackathon, [member]);

      const [team, own] = await Promise.all([f.registerTeam(leader, hackathon, [member]), f.registerSolo(member, solo)]);

      expect([team.status, own.status].sort()).toEqual(own.status === 201 ? [201, 409] : [200, 409]);
      expect(await f.heldBy(member)).toBe(1);
      expect((await f.seatsTaken(hackathon)) + (await f.seatsTaken(solo))).toBe(1);
    });
  });

  describe('with the clash check', () => {
    const t = useTestApp(rules({ clashCheck: true }), { now: DURING_REGISTRATION });
    const f = festival(t);

    it('a student registering for two clashing events at once holds one of them', async () => {
      const [quiz, robotics] = [await f.event('Quiz', at('10:00')), await f.event('Robotics', at('10:30'))];
      const priya = await f.student();

      const responses = await Promise.all([f.registerSolo(priya, quiz), f.registerSolo(priya, robotics)]);

      expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(responses.find((r) => r.status === 409)!.body.message).toMatch(
        /^(Quiz|Robotics) is at the same time as (Quiz|Robotics), which you are registered for\.$/,
      );
      expect(await f.heldBy(priya)).toBe(1);
    });

    it('more students at once than the database has connections: every one is answered, and the seats add up', async () => {
      const morning = await f.event('Morning Talk', at('09:00'));
      const lunch = await f.event('Lunch Quiz', at('13:00'));
      const finals = await f.event('Code Finals', at('14:00'), { maxApplications: 5 });
      const students = await Promise.all(Array.from({ length: 16 }, () => f.student()));
      const [free, clashing] = [students.slice(0, 8), students.slice(8)];
      for (const s of free) await f.registerSolo(s, morning).expect(201);
      for (const s of clashing) await f.registerSolo(s, lunch).expect(201);

      // Every connection of the pool (DATABASE_POOL_SIZE, 10) is in a registration's transaction
      // at once, each then reading the other events' times: they must read them in that transaction.
      const responses = await whileEveryConnectionRegisters(() => students.map((s) => f.registerSolo(s, finals)));

      expect(responses.map((r) => r.status).filter((status) => status !== 201 && status !== 409)).toEqual([]);
      const answerOf = (s: Student) => {
        const response = responses[students.indexOf(s)];
        return `${response.status} ${response.body.message as string}`;
      };
      const full = '409 Registration Full - All spots have been taken';
      expect(free.map(answerOf).sort()).toEqual([...Array<string>(5).fill('201 Successfully registered for Code Finals!'), ...Array<string>(3).fill(full)]);
      // A clashing student is refused for the clash, or for the seats when the event filled up before they were read.
      for (const s of clashing) expect([full, '409 Code Finals is at the same time as Lunch Quiz, which you are registered for.']).toContain(answerOf(s));
      expect(await f.seatsTaken(finals)).toBe(5);
      expect(await t.db.select().from(registrations).where(eq(registrations.eventId, finals.id))).toHaveLength(5);
      for (const s of clashing) expect(await f.heldBy(s)).toBe(1);
    });

    /**
     * Sends the requests while the registrations table is locked from outside the app, until as
     * many registrations wait inside their transactions as the pool has connections, then lets
     * them all go on together. On the embedded database (one connection, transactions one at a
     * time) there is nothing to line up: the requests go as they are.
     */
    async function whileEveryConnectionRegisters(send: () => Promise<Response>[]): Promise<Response[]> {
      const databaseUrl = process.env.DATABASE_URL;
      if (!databaseUrl) return Promise.all(send());
      const gate = new pg.Client({ connectionString: databaseUrl });
      await gate.connect();
      try {
        await gate.query('begin');
        await gate.query('lock table registrations in access exclusive mode');
        const answers = Promise.all(send());
        const { databasePoolSize } = t.app.get<AppConfig>(APP_CONFIG);
        await waitUntil(async () => {
          const { rows } = await gate.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_locks where relation = 'registrations'::regclass and not granted`,
          );
          return rows[0].waiting === databasePoolSize;
        });
        await gate.query('rollback');
        return await answers;
      } finally {
        await gate.end();
      }
    }
  });
});
