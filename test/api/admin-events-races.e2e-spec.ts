import { and, eq, ne } from 'drizzle-orm';
import { auditLog } from '../../backend/src/database/schema/audit';
import { events } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import { clubAdmin, DURING_REGISTRATION, eventPayload, type Person, person, seatsOf, superAdmin } from './support/admin';
import { createEvent } from './support/factories';
import { mailsTo } from './support/outbox';
import { useTestApp } from './support/test-app';

/** Names a sign-up accepts (letters only), one per student of a race. */
const nameFor = (i: number) => `Student ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;

describe("club admins' writes under concurrent requests", () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });

  const students = (count: number) => Promise.all(Array.from({ length: count }, (_, i) => person(t, { name: nameFor(i) })));
  const register = (student: Person, eventId: string) => student.agent.post('/api/v1/solo').send({ eventId, studentId: student.user.id });
  const reject = (admin: Person, eventId: string, userIds: string[]) =>
    admin.agent.put(`/api/v1/admin/events/${eventId}/registrations`).send({ status: 'rejected', userIds });

  /** Seats held by registrations that still stand: one per solo student (these races are solo). */
  const standing = (eventId: string) => t.db.$count(registrations, and(eq(registrations.eventId, eventId), ne(registrations.status, 'rejected')));

  it('creates one event when two admins create the same name at once', async () => {
    const admins = [await clubAdmin(t, 'Tech Club'), await clubAdmin(t, 'Music Club'), await superAdmin(t)];
    const names = ['Battle of Bands', 'battle of bands', 'BATTLE OF BANDS', 'Battle Of Bands'];

    const responses = await Promise.all(
      names.map((name, i) => admins[i % admins.length].agent.post('/api/v1/admin/events').send(eventPayload({ name, clubInCharge: 'Music Club' }))),
    );

    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    for (const response of responses.filter((answer) => answer.status === 409)) expect(response.body.message).toBe('An event with this name already exists');
    expect(await t.db.$count(events)).toBe(1);
    expect(await t.db.$count(auditLog)).toBe(1);
  });

  it('never leaves more seats taken than the capacity when the capacity is lowered during registrations', async () => {
    const admin = await clubAdmin(t);
    const event = await createEvent(t.db, { name: 'Robo Wars', clubInCharge: 'Tech Club', maxApplications: 20 });
    const racers = await students(14);

    const edit = admin.agent.put(`/api/v1/admin/events/${event.id}`).send({ maxApplications: 8 });
    const [edited, ...registered] = await Promise.all([edit, ...racers.map((student) => register(student, event.id))]);

    const seats = await seatsOf(t, event.id);
    const taken = registered.filter((response) => response.status === 201).length;
    expect(registered.every((response) => response.status === 201 || response.status === 409)).toBe(true);
    expect(seats.taken).toBe(taken);
    expect(await t.db.$count(registrations)).toBe(taken);
    if (edited.status === 200) {
      expect(seats.capacity).toBe(8);
      expect(taken).toBeLessThanOrEqual(8);
    } else {
      expect(edited.status).toBe(409);
      expect(seats.capacity).toBe(20);
      expect(edited.body.message).toMatch(/^Max applications cannot be below the (9|1[0-4]) seats already taken$/);
    }
  });

  it('keeps `taken` exact when rejections and new registrations of a full event race', async () => {
    const admin = await clubAdmin(t);
    const event = await createEvent(t.db, { name: 'Quiz Finals', clubInCharge: 'Tech Club', requiresApproval: true, maxApplications: 8 });
    const [applicants, newcomers] = [await students(8), await students(12)];
    for (const applicant of applicants) await register(applicant, event.id).expect(201);
    expect((await seatsOf(t, event.id)).taken).toBe(8);

    const responses = await Promise.all([
      ...applicants.map((applicant) => reject(admin, event.id, [applicant.user.id])),
      ...newcomers.map((newcomer) => register(newcomer, event.id)),
    ]);

    expect(responses.every((response) => [200, 201, 409].includes(response.status))).toBe(true);
    const seats = await seatsOf(t, event.id);
    expect(seats.taken).toBe(await standing(event.id));
    expect(seats.taken).toBeLessThanOrEqual(8);
    expect(seats.taken).toBe(responses.filter((response) => response.status === 201).length);
    expect(await t.db.$count(registrations, eq(registrations.status, 'rejected'))).toBe(8);
  });

  it('frees one seat when the same registration is rejected several times at once', async () => {
    const admin = await clubAdmin(t);
    const event = await createEvent(t.db, { name: 'Debate Cup', clubInCharge: 'Tech Club', requiresApproval: true, maxApplications: 10 });
    const [student, other] = await students(2);
    await register(student, event.id).expect(201);
    await register(other, event.id).expect(201);

    const responses = await Promise.all(Array.from({ length: 5 }, () => reject(admin, event.id, [student.user.id])));

    expect(responses.map((response) => response.body.updated).sort()).toEqual([0, 0, 0, 0, 1]);
    expect((await seatsOf(t, event.id)).taken).toBe(1);
    expect(await mailsTo(t.db, student.user.email)).toHaveLength(1);
    expect(await t.db.$count(auditLog)).toBe(1);
  });

  it('decides overlapping bulk rejections once each, without deadlock', async () => {
    const admin = await clubAdmin(t);
    const event = await createEvent(t.db, { name: 'Design Sprint', clubInCharge: 'Tech Club', requiresApproval: true, maxApplications: 10 });
    const applicants = await students(6);
    for (const applicant of applicants) await register(applicant, event.id).expect(201);
    const ids = applicants.map((applicant) => applicant.user.id);

    const responses = await Promise.all([reject(admin, event.id, ids), reject(admin, event.id, [...ids].reverse()), reject(admin, event.id, ids.slice(2))]);

    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(responses.reduce((sum, response) => sum + Number(response.body.updated), 0)).toBe(6);
    expect((await seatsOf(t, event.id)).taken).toBe(0);
  });
});
