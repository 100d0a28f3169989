// A transaction uses only its own executor. The embedded database serves one connection, so a
// transaction that waits for a second one (a read through the pool while it is open) waits for
// itself: every request after it hangs. On PostgreSQL with a pool of one connection the same
// mistake answers 503. CI runs this file, like every other, on both databases, and once more on a
// pool of one: each change below answered by the product here is one that froze it before.
import { eq } from 'drizzle-orm';
import { DatabaseService } from '../../backend/src/database/database.service';
import { registrations } from '../../backend/src/database/schema/registrations';
import { QueryOutsideTransactionError } from '../../backend/src/database/transaction-scope';
import { clubAdmin, DURING_REGISTRATION, type Person, person, superAdmin } from './support/admin';
import { createEvent } from './support/factories';
import { registerTeam, teamFromForm } from './support/teams';
import { useTestApp } from './support/test-app';
import { cancel, entryOf, expectSeatsExact, registerSolo, statusesOf, student, studentsInLine } from './support/waitlist';

const EVENT_DATE = new Date('2025-08-30T04:30:00.000Z');
const NAMES = ['Asha Verma', 'Bala Murugan', 'Chitra Das', 'Dev Patel', 'Esha Rao', 'Farah Khan'];

describe('transactions never wait on a connection outside themselves', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let admin: Person;
  beforeEach(async () => {
    admin = await clubAdmin(t, 'Tech Club');
  });

  it('refuses a read through the shared connection inside a transaction at once, and allows it once the transaction is over', async () => {
    const database = t.app.get(DatabaseService);
    let afterCommit: Promise<unknown> = Promise.resolve();

    const escaped = database.transaction(async (tx) => {
      await tx.select().from(registrations);
      // Left running past the commit: by then the transaction is over and the pool is free.
      afterCommit = new Promise((resolve) => setTimeout(resolve, 50)).then(() => database.db.select().from(registrations));
      await database.db.select().from(registrations);
    });

    // The ORM wraps the driver's refusal in its own error; the refusal is its cause.
    await expect(escaped).rejects.toMatchObject({ cause: expect.any(QueryOutsideTransactionError) });
    await expect(afterCommit).resolves.toEqual([]);
    expect(await database.transaction((tx) => tx.select().from(registrations))).toEqual([]);
  });

  it('saves the winners of an event whose students were marked present, and refuses an absent one with a 400', async () => {
    const event = await createEvent(t.db, { name: 'Code Sprint', clubInCharge: 'Tech Club', eventDate: EVENT_DATE });
    const students = [await person(t), await person(t), await person(t)];
    for (const each of students) await each.agent.post('/api/v1/solo').send({ eventId: event.id, studentId: each.user.id }).expect(201);
    t.clock.advance(EVENT_DATE.getTime() - t.clock.now().getTime());
    const organiser = await clubAdmin(t, 'Tech Club');
    const [first, second, absent] = students;
    await organiser.agent
      .put(`/api/v1/admin/events/${event.id}/attendance`)
      .send({ attendance: [first, second].map((each) => ({ userId: each.user.id, isPresent: true })) })
      .expect(200);

    const refused = await organiser.agent.put(`/api/v1/admin/events/${event.id}/winners`).send({ winners: [{ place: 1, userId: absent.user.id }] });
    const saved = await organiser.agent.put(`/api/v1/admin/events/${event.id}/winners`).send({
      winners: [
        { place: 1, userId: second.user.id },
        { place: 2, userId: first.user.id },
      ],
    });

    expect(refused.status).toBe(400);
    expect(saved.status).toBe(200);
    expect(saved.body.winners.map((winner: { name: string }) => winner.name)).toEqual([second.user.name, first.user.name]);
    expect((await t.db.select().from(registrations).where(eq(registrations.isPresent, true))).length).toBe(2);
  });

  it("approves a team's registration and tells its members", async () => {
    const event = await createEvent(t.db, {
      name: 'Paper Presentation',
      eventType: 'group',
      clubInCharge: 'Tech Club',
      requiresApproval: true,
      minTeamSize: 2,
      maxTeamSize: 3,
    });
    const [leader, member] = [await person(t, { name: NAMES[0] }), await person(t, { name: NAMES[1] })];
    const teamId = await teamFromForm(event, leader, [member]);
    await registerTeam(leader, teamId).expect(200);

    const decided = await admin.agent.put(`/api/v1/admin/events/${event.id}/registrations`).send({ status: 'approved', teamIds: [teamId] });

    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ message: '1 registration approved', updated: 1 });
    const rows = await t.db.select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(rows.map((row) => row.status)).toEqual(['approved', 'approved']);
  });

  it('registers teams while the dashboards are read', async () => {
    const event = await createEvent(t.db, {
      name: 'Hackathon',
      eventType: 'group',
      clubInCharge: 'Tech Club',
      minTeamSize: 2,
      maxTeamSize: 2,
      maxApplications: 10,
    });
    const chief = await superAdmin(t);
    const teams = [];
    for (let index = 0; index < 3; index += 1) {
      const [leader, member] = [await person(t, { name: NAMES[2 * index] }), await person(t, { name: NAMES[2 * index + 1] })];
      teams.push({ leader, teamId: await teamFromForm(event, leader, [member]) });
    }

    const answers = await Promise.all([
      ...teams.map(({ leader, teamId }) => registerTeam(leader, teamId)),
      chief.agent.get('/api/v1/admin/dashboard/stats'),
      chief.agent.get('/api/v1/admin/dashboard/events-registrations'),
      admin.agent.get('/api/v1/admin/dashboard/club-stats'),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 3, held: 0 });
  });

  it('passes a cancelled seat to the head of the line', async () => {
    const event = await createEvent(t.db, { name: 'Robo Wars', maxApplications: 1 });
    const holder = await student(t);
    await registerSolo(holder, event).expect(201);
    const [head, next] = await studentsInLine(t, event, 2);

    await cancel(holder, event).expect(200);

    expect(await statusesOf(t.db, event)).toEqual(
      new Map([
        [head.user.id, 'offered'],
        [next.user.id, 'waiting'],
      ]),
    );
    expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 0, held: 1 });
    expect((await entryOf(head, event)).status).toBe('offered');
  });

  it('offers the seats a raised capacity adds to the people in line', async () => {
    const event = await createEvent(t.db, { name: 'Robo Wars', clubInCharge: 'Tech Club', maxApplications: 1 });
    await registerSolo(await student(t), event).expect(201);
    const [head, next, last] = await studentsInLine(t, event, 3);

    const raised = await admin.agent.put(`/api/v1/admin/events/${event.id}`).send({ maxApplications: 3 });

    expect(raised.status).toBe(200);
    expect(await statusesOf(t.db, event)).toEqual(
      new Map([
        [head.user.id, 'offered'],
        [next.user.id, 'offered'],
        [last.user.id, 'waiting'],
      ]),
    );
    expect(await expectSeatsExact(t.db, event)).toEqual({ taken: 1, held: 2 });
  });
});
