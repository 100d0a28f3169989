import { eq } from 'drizzle-orm';
import request from 'supertest';
import { auditLog } from '../../backend/src/database/schema/audit';
import { type EventRow, eventSeats, events } from '../../backend/src/database/schema/events';
import { editions } from '../../backend/src/database/schema/festival-settings';
import { registrations } from '../../backend/src/database/schema/registrations';
import { eventWinners } from '../../backend/src/database/schema/results';
import { waitlistEntries } from '../../backend/src/database/schema/waitlist';
import { WaitlistService } from '../../backend/src/waitlist/waitlist.service';
import { signedIn } from './support/accounts';
import { clubAdmin, DURING_REGISTRATION, eventPayload, type Person, person, superAdmin } from './support/admin';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent, enrolmentForm } from './support/factories';
import { useTestApp } from './support/test-app';

const EDITIONS = '/api/v1/festival/editions';
const START = 'POST /api/v1/festival/editions';
/** The test festival is one day, 30 Aug 2025, with its events at 10:00 in India. */
const EVENT_DAY = new Date('2025-08-30T11:00:00+05:30');
const AFTER_THE_FESTIVAL = new Date('2025-09-02T10:00:00+05:30');
const ARCHIVED = (name: string) => `${name} was part of an earlier festival, which is closed: it can be read, not changed.`;

/** Next year's festival as the settings page's form sends it; `overrides` change what a test is about. */
const nextYear = (overrides: Record<string, unknown> = {}) => ({
  confirmName: 'Campus Festival',
  name: 'Campus Festival 2026',
  firstDay: '2026-08-29',
  lastDay: '2026-08-30',
  registrationOpensAt: '2026-08-01T09:00:00+05:30',
  registrationClosesAt: null,
  version: 0,
  ...overrides,
});

describe("the festival's editions", () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  beforeEach(async () => {
    contract ??= await loadApiContract(t);
  });

  /** Moves the clock to `at` and signs each person in again (ten days on, their sessions have ended). */
  async function moveTo(at: Date, people: Person[]): Promise<Person[]> {
    t.clock.advance(at.getTime() - t.clock.now().getTime());
    return Promise.all(people.map(async ({ user }) => ({ user, agent: await signedIn(t, user) })));
  }

  const rowsOf = async (event: EventRow) => ({
    event: (await t.db.select().from(events).where(eq(events.id, event.id)))[0],
    registrations: await t.db.select().from(registrations).where(eq(registrations.eventId, event.id)),
    winners: await t.db.select().from(eventWinners).where(eq(eventWinners.eventId, event.id)),
  });

  it("starts next year's festival: last year's stays whole and readable, with its winners in the archive, and nothing in it changes", async () => {
    let [admin, boss, asha, bala, chitra] = [
      await clubAdmin(t, 'Tech Club'),
      await superAdmin(t),
      await person(t, { name: 'Asha Verma', dept: 'CSE' }),
      await person(t, { name: 'Bala Murugan' }),
      await person(t, { name: 'Chitra Das' }),
    ];
    const quiz = await createEvent(t.db, { name: 'Quiz', clubInCharge: 'Tech Club', maxApplications: 10 });
    const openMic = await createEvent(t.db, { name: 'Open Mic', clubInCharge: 'Tech Club', maxApplications: 10 });
    for (const student of [asha, bala]) await student.agent.post('/api/v1/solo').send({ eventId: quiz.id, studentId: student.user.id }).expect(201);
    [admin, boss, asha, bala, chitra] = await moveTo(EVENT_DAY, [admin, boss, asha, bala, chitra]);
    await admin.agent
      .put(`/api/v1/admin/events/${quiz.id}/attendance`)
      .send({ attendance: [{ userId: asha.user.id, isPresent: true }] })
      .expect(200);
    await admin.agent
      .put(`/api/v1/admin/events/${quiz.id}/winners`)
      .send({ winners: [{ place: 1, userId: asha.user.id }] })
      .expect(200);
    const [ashaTicket] = (await asha.agent.get('/api/v1/user/registrations').expect(200)).body.registrations.map(
      (r: { ticket: { code: string } }) => r.ticket.code,
    );
    [admin, boss, asha, bala, chitra] = await moveTo(AFTER_THE_FESTIVAL, [admin, boss, asha, bala, chitra]);
    const before = await rowsOf(quiz);

    expectError(
      contract.expectAnswer(START, await boss.agent.post(EDITIONS).send(nextYear({ confirmName: 'Campus Fest' })), 400),
      400,
      "Type the current festival's name, Campus Festival, to confirm",
    );
    const started = contract.expectAnswer(START, await boss.agent.post(EDITIONS).send(nextYear({ confirmName: '  campus festival ' })), 201);
    expect(started.body).toMatchObject({
      message: 'Campus Festival 2026 has started. Campus Festival is closed and kept in the archive.',
      settings: { name: 'Campus Festival 2026', firstDay: '2026-08-29', lastDay: '2026-08-30', version: 1, source: 'saved' },
      closed: { id: 1, name: 'Campus Festival', firstDay: '2025-08-30', lastDay: '2025-08-30', open: false },
    });

    // The public pages answer for the new festival; last year's events are read by name.
    expect((await request(t.http).get('/api/v1/festival').expect(200)).body.festival).toMatchObject({ name: 'Campus Festival 2026', eventCount: 0 });
    expect((await request(t.http).get('/api/v1/events').expect(200)).body.events).toEqual([]);
    expect((await request(t.http).get(`/api/v1/events/${quiz.id}`).expect(200)).body.event).toMatchObject({ name: 'Quiz' });
    const listed = (await request(t.http).get(EDITIONS).expect(200)).body.editions;
    expect(listed).toEqual([
      { id: expect.any(Number), name: 'Campus Festival 2026', firstDay: '2026-08-29', lastDay: '2026-08-30', open: true, closedAt: null },
      { id: 1, name: 'Campus Festival', firstDay: '2025-08-30', lastDay: '2025-08-30', open: false, closedAt: AFTER_THE_FESTIVAL.toISOString() },
    ]);
    const archive = (await request(t.http).get(`${EDITIONS}/1/results`).expect(200)).body;
    expect(archive.edition).toMatchObject({ id: 1, name: 'Campus Festival' });
    expect(archive.results).toEqual([
      expect.objectContaining({
        event: expect.objectContaining({ name: 'Quiz' }),
        winners: [expect.objectContaining({ place: 1, name: 'Asha Verma', dept: 'CSE' })],
      }),
    ]);
    expect((await request(t.http).get(`${EDITIONS}/${listed[0].id}/results`).expect(200)).body.results).toEqual([]);
    expectError(await request(t.http).get(`${EDITIONS}/999/results`), 404, 'Festival edition not found');
    expectError(await request(t.http).get(`${EDITIONS}/last/results`), 400, 'Invalid edition id');

    // The student's past participation, without a ticket: it admits nobody now.
    expect((await asha.agent.get('/api/v1/user/registrations').expect(200)).body.registrations).toEqual([
      expect.objectContaining({ eventName: 'Quiz', status: 'approved', pastFestival: true, ticket: null }),
    ]);

    // Nothing of last year's changes, whoever tries.
    expectError(await admin.agent.put(`/api/v1/admin/events/${quiz.id}`).send({ venue: 'Main Hall' }), 409, ARCHIVED('Quiz'));
    expectError(await admin.agent.delete(`/api/v1/admin/events/${quiz.id}`), 409, ARCHIVED('Quiz'));
    expectError(
      await admin.agent.put(`/api/v1/admin/events/${quiz.id}/attendance`).send({ attendance: [{ userId: bala.user.id, isPresent: true }] }),
      409,
      ARCHIVED('Quiz'),
    );
    expectError(
      await admin.agent.put(`/api/v1/admin/events/${quiz.id}/winners`).send({ winners: [{ place: 1, userId: bala.user.id }] }),
      409,
      ARCHIVED('Quiz'),
    );
    expectError(
      await admin.agent.put(`/api/v1/admin/events/${quiz.id}/registrations`).send({ status: 'rejected', userIds: [bala.user.id] }),
      409,
      ARCHIVED('Quiz'),
    );
    expectError(await admin.agent.get(`/api/v1/admin/tickets/${ashaTicket}`), 409, ARCHIVED('Quiz'));
    expectError(await bala.agent.post(`/api/v1/registrations/${quiz.id}/cancel`).send({ eventName: 'Quiz' }), 409, ARCHIVED('Quiz'));
    expectError(await chitra.agent.post('/api/v1/solo').send({ eventId: openMic.id, studentId: chitra.user.id }), 409, ARCHIVED('Open Mic'));
    expect(await rowsOf(quiz)).toEqual(before);

    // The new festival takes last year's names again.
    const again = await admin.agent
      .post('/api/v1/admin/events')
      .send(eventPayload({ name: 'Quiz', clubInCharge: 'Tech Club', eventDate: '2026-08-29T04:30:00.000Z', applicationDeadline: '2026-08-28T18:29:00.000Z' }));
    expect(again.status).toBe(201);
    expect(
      (await request(t.http).get('/api/v1/events').expect(200)).body.events.map((event: { _id: string; name: string }) => [event._id === quiz.id, event.name]),
    ).toEqual([[false, 'Quiz']]);

    // The club admin's list is this year's; last year's, named, is there to copy from.
    const names = async (query = '') =>
      (await admin.agent.get(`/api/v1/admin/events${query}`).expect(200)).body.events.map((event: { name: string }) => event.name);
    expect(await names()).toEqual(['Quiz']);
    expect(await names('?edition=1')).toEqual(['Open Mic', 'Quiz']);
    expectError(await admin.agent.get('/api/v1/admin/events?edition=last'), 400, 'Invalid edition id');

    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'festival.edition_started'));
    expect(record).toMatchObject({ actorId: boss.user.id, subjectType: 'festival', subjectLabel: 'Campus Festival 2026' });
    expect(record.changes).toMatchObject({
      festivalName: { from: 'Campus Festival', to: 'Campus Festival 2026' },
      firstDay: { from: '2025-08-30', to: '2026-08-29' },
    });
    expect(record.changes).not.toHaveProperty('earlyCloseReason');
  });

  it("is refused while the festival's days are not over, unless a reason is given, which the audit trail and the archive keep", async () => {
    const boss = await superAdmin(t);
    expectError(
      contract.expectAnswer(START, await boss.agent.post(EDITIONS).send(nextYear()), 409),
      409,
      'Campus Festival runs until 30 August 2025. Start the next festival after it ends, or say why it must start now',
    );
    expectError(
      await boss.agent.post(EDITIONS).send(nextYear({ firstDay: '2025-08-30', earlyCloseReason: 'Moved for the monsoon.' })),
      400,
      'The next festival must begin after 2025-08-30, the last day of Campus Festival',
    );
    expectError(
      await boss.agent.post(EDITIONS).send(nextYear({ lastDay: '2026-08-28', earlyCloseReason: 'Moved for the monsoon.' })),
      400,
      'Last day cannot be before the first day',
    );
    expect(await t.db.select().from(editions)).toEqual([expect.objectContaining({ id: 1, closedAt: null })]);

    await boss.agent
      .post(EDITIONS)
      .send(nextYear({ earlyCloseReason: '  The festival was called off for the monsoon.  ' }))
      .expect(201);
    const [closed] = await t.db.select().from(editions).where(eq(editions.id, 1));
    expect(closed).toMatchObject({ name: 'Campus Festival', earlyCloseReason: 'The festival was called off for the monsoon.' });
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'festival.edition_started'));
    expect(record.changes).toMatchObject({ earlyCloseReason: { from: null, to: 'The festival was called off for the monsoon.' } });
  });

  it("ends a closed festival's team invitations and waitlist lines, offers and held seats with them", async () => {
    const [boss, leader, invited, holder, first, second] = [
      await superAdmin(t),
      await person(t, { name: 'Ravi Kumar' }),
      await person(t, { name: 'Meena Iyer' }),
      await person(t),
      await person(t),
      await person(t),
    ];
    const relay = await createEvent(t.db, { name: 'Relay', eventType: 'group', maxTeamSize: 4, eventDate: new Date('2025-08-30T10:00:00+05:30') });
    await leader.agent
      .post('/api/v1/group')
      .send(enrolmentForm(relay, leader.user, [invited.user]))
      .expect(201);
    const chess = await createEvent(t.db, { name: 'Chess', maxApplications: 1, eventDate: new Date('2025-08-30T10:00:00+05:30') });
    await holder.agent.post('/api/v1/solo').send({ eventId: chess.id, studentId: holder.user.id }).expect(201);
    for (const student of [first, second]) {
      await student.agent.post(`/api/v1/events/${chess.id}/waitlist`).send({}).expect(201);
      t.clock.advance(1000);
    }
    // The holder cancels: the seat is held for the first in line, the second still waits.
    await holder.agent.post(`/api/v1/registrations/${chess.id}/cancel`).send({ eventName: 'Chess' }).expect(200);
    expect((await first.agent.get('/api/v1/waitlist').expect(200)).body.entries).toEqual([expect.objectContaining({ status: 'offered' })]);
    expect((await invited.agent.get('/api/v1/teams/notifications').expect(200)).body.invites).toHaveLength(1);

    await boss.agent
      .post(EDITIONS)
      .send(nextYear({ earlyCloseReason: 'Moved to next year.' }))
      .expect(201);

    expect((await invited.agent.get('/api/v1/teams/notifications').expect(200)).body.invites).toEqual([]);
    await t.app.get(WaitlistService).lapseDueOffers();
    for (const student of [first, second]) expect((await student.agent.get('/api/v1/waitlist').expect(200)).body.entries).toEqual([]);
    expect((await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, chess.id))).map((entry) => entry.status)).toEqual(['lapsed', 'lapsed']);
    expect((await t.db.select().from(eventSeats).where(eq(eventSeats.eventId, chess.id)))[0]).toMatchObject({ taken: 0, held: 0 });
  });

  it('opens one edition when two super admins start the next festival at once', async () => {
    const [first, second] = [await superAdmin(t), await superAdmin(t)];
    const answers = await Promise.all([
      first.agent.post(EDITIONS).send(nextYear({ name: 'Festival A', earlyCloseReason: 'A new date.' })),
      second.agent.post(EDITIONS).send(nextYear({ name: 'Festival B', earlyCloseReason: 'A new date.' })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expectError(refused, 409, 'The festival settings were changed meanwhile by someone else. Reload to see their change, then make yours again.');
    const rows = await t.db.select().from(editions);
    expect(rows.filter((row) => row.closedAt === null)).toHaveLength(1);
    expect(rows).toHaveLength(2);
    const winner = answers.find((answer) => answer.status === 201)!.body.settings.name;
    expect((await request(t.http).get('/api/v1/festival').expect(200)).body.festival.name).toBe(winner);
  });

  it('keeps the new edition when the settings are saved afterwards', async () => {
    const boss = await superAdmin(t);
    await boss.agent
      .post(EDITIONS)
      .send(nextYear({ earlyCloseReason: 'A new date.' }))
      .expect(201);
    const settings = (await boss.agent.get('/api/v1/festival/settings').expect(200)).body.settings;
    await boss.agent
      .put('/api/v1/festival/settings')
      .send({ ...settings, tagline: 'Again, and better.', rules: { ...settings.rules }, updatedAt: undefined, source: undefined })
      .expect(200);
    const listed = (await request(t.http).get(EDITIONS).expect(200)).body.editions;
    expect(listed.map((edition: { name: string; open: boolean }) => [edition.name, edition.open])).toEqual([
      ['Campus Festival 2026', true],
      ['Campus Festival', false],
    ]);
  });
});
