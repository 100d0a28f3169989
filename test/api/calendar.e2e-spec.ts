import { and, eq, like } from 'drizzle-orm';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { events } from '../../backend/src/database/schema/events';
import { mailOutbox } from '../../backend/src/database/schema/mail';
import { registrations } from '../../backend/src/database/schema/registrations';
import type { NewUserRow, UserRow } from '../../backend/src/database/schema/users';
import { EventRemindersService } from '../../backend/src/registrations/event-reminders.service';
import { RegistrationConfirmationsService } from '../../backend/src/registrations/registration-confirmations.service';
import { createUser, signedIn } from './support/accounts';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { latestMail } from './support/outbox';
import { PostgresCluster } from './support/postgres-cluster';
import { registerTeam, registeredTeamFromForm } from './support/teams';
import { startApp, type TestApp, useTestApp } from './support/test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
/** The factory's events start at 10:00 in India on 30 August 2025. */
const EVENT_START = new Date('2025-08-30T10:00:00+05:30');
/** 09:00 in India on the day before the factory's events: their reminders are due. */
const DAY_BEFORE = new Date('2025-08-29T09:00:00+05:30');

interface Student {
  user: UserRow;
  agent: TestAgent;
}

/** The calendar's content lines, continuation lines joined back (RFC 5545 unfolding). */
const unfolded = (calendar: string) => calendar.replace(/\r\n /g, '').split('\r\n');

/** Where the festival is served; plain HTTP, as the test's agents keep their session cookie only without `Secure`. */
const PUBLIC_URL = 'http://fest.test';

const reminderSubject = (eventName: string) => `Tomorrow: ${eventName}`;

describe('calendar invites, confirmations and reminders', () => {
  const t = useTestApp({ publicUrl: new URL(PUBLIC_URL) }, { now: DURING_REGISTRATION });

  async function student(overrides: Partial<NewUserRow> = {}): Promise<Student> {
    const user = await createUser(t, overrides);
    return { user, agent: await signedIn(t, user) };
  }
  const registerSolo = (s: Student, eventId: string) => s.agent.post('/api/v1/solo').send({ eventId, studentId: s.user.id }).expect(201);
  const calendarOf = (agent: TestAgent, eventId: string) => agent.get(`/api/v1/registrations/${eventId}/calendar.ics`);
  const remindersTo = (email: string, eventName: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.subject, reminderSubject(eventName))));
  const runReminders = () => t.app.get(EventRemindersService).remindTomorrow();
  const runConfirmations = () => t.app.get(RegistrationConfirmationsService).confirmNew();
  const moveTo = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());

  describe('GET /registrations/:eventId/calendar.ics', () => {
    it("answers the student's invite: India's time zone, the event's length, venue, club and page", async () => {
      const event = await createEvent(t.db, { name: 'Code Sprint, Finals', venue: 'Seminar Hall 1; Block A', clubInCharge: 'Tech Club' });
      const priya = await student();
      await registerSolo(priya, event.id);

      const response = await calendarOf(priya.agent, event.id).expect(200);

      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
      expect(response.headers['content-disposition']).toBe('attachment; filename="code-sprint-finals.ics"');
      const body = response.text;
      expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      const lines = unfolded(body);
      expect(lines).toEqual(
        expect.arrayContaining([
          // 10:00 to 12:00 in India (+05:30); EVENT_LENGTH_MINUTES is 120 by default.
          'DTSTART:20250830T043000Z',
          'DTEND:20250830T063000Z',
          'SUMMARY:Code Sprint\\, Finals',
          'LOCATION:Seminar Hall 1\\; Block A',
          `URL:${PUBLIC_URL}/event/${event.id}`,
          `DESCRIPTION:Organised by Tech Club.\\nYour ticket for the door is on My Registrations: ${PUBLIC_URL}/my-registrations`,
        ]),
      );
      expect(lines.find((line) => line.startsWith('UID:'))).toMatch(/^UID:[0-9a-f]{32}@fest\.test$/);
      expect(lines).toContain('METHOD:PUBLISH');
      // Asked again, the same seat has the same UID: a calendar updates its entry instead of adding one.
      const again = unfolded((await calendarOf(priya.agent, event.id).expect(200)).text);
      expect(again.find((line) => line.startsWith('UID:'))).toBe(lines.find((line) => line.startsWith('UID:')));
    });

    it("moved by the club's admin, the event's invite keeps its UID with a higher SEQUENCE, so the calendar moves the entry", async () => {
      // Last changed at the product's clock's "now", as the admin's edits record it.
      const event = await createEvent(t.db, { name: 'Code Sprint', updatedAt: t.clock.now() });
      const priya = await student();
      await registerSolo(priya, event.id);
      const before = unfolded((await calendarOf(priya.agent, event.id).expect(200)).text);

      t.clock.advance(60 * 1000);
      const admin = await signedIn(t, await createUser(t, { role: 'admin', club: event.clubInCharge }));
      await admin.put(`/api/v1/admin/events/${event.id}`).set('Origin', PUBLIC_URL).send({ eventDate: '2025-08-30T15:00:00+05:30' }).expect(200);
      const after = unfolded((await calendarOf(priya.agent, event.id).expect(200)).text);

      const field = (lines: string[], name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
      expect(field(after, 'UID')).toBe(field(before, 'UID'));
      expect(after).toContain('DTSTART:20250830T093000Z');
      expect(Number(field(after, 'SEQUENCE'))).toBe(Number(field(before, 'SEQUENCE')) + 60);
      expect(field(after, 'LAST-MODIFIED')).toBe(`${t.clock.now().toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`);
    });

    it('gives a pending registration its invite too: it holds a seat', async () => {
      const event = await createEvent(t.db, { requiresApproval: true });
      const asha = await student();
      await registerSolo(asha, event.id);
      await calendarOf(asha.agent, event.id).expect(200);
    });

    it('is refused for an event the student is not registered for, a rejected registration, and an event without a date', async () => {
      const event = await createEvent(t.db, { name: 'Quiz Bowl' });
      const undated = await createEvent(t.db, { name: 'Open Mic', eventDate: null });
      const [registered, other] = [await student(), await student()];
      await registerSolo(registered, event.id);
      await registerSolo(registered, undated.id);

      expectError(await calendarOf(other.agent, event.id), 404, 'You are not registered for Quiz Bowl.');
      expectError(await calendarOf(registered.agent, undated.id), 404, 'The date of Open Mic is not announced yet.');
      await t.db.update(registrations).set({ status: 'rejected' }).where(eq(registrations.userId, registered.user.id));
      expectError(await calendarOf(registered.agent, event.id), 404, 'You are not registered for Quiz Bowl.');
      expectError(await calendarOf(registered.agent, '6f1d7c1e-0000-4000-8000-000000000000'), 404, 'Event not found');
      expectError(await calendarOf(registered.agent, 'not-an-id'), 400, 'Invalid event id');
    });

    it('is for students: a visitor must sign in and an admin is refused', async () => {
      const event = await createEvent(t.db);
      expectError(await request(t.http).get(`/api/v1/registrations/${event.id}/calendar.ics`), 401, /sign in/i);
      const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });
      expectError(await calendarOf(await signedIn(t, admin), event.id), 403, 'Admin Account - Admins cannot register for events');
    });
  });

  describe('change notice', () => {
    const field = (calendar: string, name: string) =>
      unfolded(calendar)
        .find((line) => line.startsWith(`${name}:`))
        ?.slice(name.length + 1);
    const noticesTo = (email: string) =>
      t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, email), like(mailOutbox.subject, 'Code Sprint: new %')));

    it('tells every student holding a place of a new time or venue, with the invite again: same UID, higher SEQUENCE', async () => {
      const event = await createEvent(t.db, { name: 'Code Sprint', requiresApproval: true, venue: 'Lab 1', updatedAt: t.clock.now() });
      const [priya, arjun, meena] = [await student(), await student(), await student()];
      for (const s of [priya, arjun, meena]) await registerSolo(s, event.id);
      await runConfirmations();
      const confirmation = (await latestMail(t.db, priya.user.email)).attachments[0].content;
      const admin = await signedIn(t, await createUser(t, { role: 'admin', club: event.clubInCharge }));
      // Meena is turned down first: she holds no place, and hears nothing of the change.
      await admin
        .put(`/api/v1/admin/events/${event.id}/registrations`)
        .set('Origin', PUBLIC_URL)
        .send({ status: 'rejected', userIds: [meena.user.id] })
        .expect(200);
      // A change of description only is read on the event's page: nobody is written to.
      await admin.put(`/api/v1/admin/events/${event.id}`).set('Origin', PUBLIC_URL).send({ description: 'Bring a laptop.' }).expect(200);
      expect(await noticesTo(priya.user.email)).toEqual([]);

      t.clock.advance(60 * 1000);
      await admin
        .put(`/api/v1/admin/events/${event.id}`)
        .set('Origin', PUBLIC_URL)
        .send({ eventDate: '2025-08-30T15:00:00+05:30', venue: 'Main Auditorium' })
        .expect(200);

      for (const s of [priya, arjun]) {
        const [notice] = await noticesTo(s.user.email);
        expect(notice.subject).toBe('Code Sprint: new time and venue');
        expect(notice.text).toContain('The time and venue of Code Sprint changed. It now takes place on 30 August 2025 at 3:00 pm IST, at Main Auditorium.');
        expect(notice.attachments).toHaveLength(1);
      }
      expect(await noticesTo(meena.user.email)).toEqual([]);
      const moved = (await noticesTo(priya.user.email))[0].attachments[0].content;
      expect(field(moved, 'UID')).toBe(field(confirmation, 'UID'));
      expect(Number(field(moved, 'SEQUENCE'))).toBeGreaterThan(Number(field(confirmation, 'SEQUENCE')));
      expect(unfolded(moved)).toContain('DTSTART:20250830T093000Z');
      expect(unfolded(moved)).toContain('LOCATION:Main Auditorium');

      // The venue alone, later: its own word, and one more notice each.
      t.clock.advance(60 * 1000);
      await admin.put(`/api/v1/admin/events/${event.id}`).set('Origin', PUBLIC_URL).send({ venue: 'Lab 2' }).expect(200);
      const notices = await noticesTo(arjun.user.email);
      expect(notices.map((notice) => notice.subject).sort()).toEqual(['Code Sprint: new time and venue', 'Code Sprint: new venue']);
    });
  });

  describe('confirmation e-mail', () => {
    it('tells a solo student they are registered, with the invite attached and My Registrations linked', async () => {
      const event = await createEvent(t.db, { name: 'Code Sprint' });
      const priya = await student({ name: 'Priya Raman' });
      await registerSolo(priya, event.id);
      // Registering answers at once; the confirmations job queues the e-mail.
      expect(await latestMail(t.db, priya.user.email)).toBeUndefined();
      expect(await runConfirmations()).toBe(1);

      const mail = await latestMail(t.db, priya.user.email);
      expect(mail.subject).toBe("You're registered for Code Sprint");
      expect(mail.text).toContain("You're registered for Code Sprint.");
      expect(mail.text).toContain(`${PUBLIC_URL}/my-registrations`);
      expect(mail.html).toContain('Open My Registrations');
      // The invite, and the ticket's QR code (tickets.e2e-spec.ts).
      expect(mail.attachments.map((attachment) => attachment.contentType)).toEqual(['text/calendar; charset=utf-8; method=PUBLISH', 'image/png']);
      const [invite] = mail.attachments;
      expect(invite).toMatchObject({ filename: 'code-sprint.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
      const download = (await calendarOf(priya.agent, event.id).expect(200)).text;
      // The attachment is the download's invite (made a moment apart, so only the stamp may differ).
      const withoutStamp = (calendar: string) => unfolded(calendar).filter((line) => !line.startsWith('DTSTAMP:'));
      expect(withoutStamp(invite.content)).toEqual(withoutStamp(download));
    });

    it("says a registration awaits the club's approval when the event needs it", async () => {
      const event = await createEvent(t.db, { name: 'Robo Wars', requiresApproval: true });
      const asha = await student();
      await registerSolo(asha, event.id);
      await runConfirmations();
      const mail = await latestMail(t.db, asha.user.email);
      expect(mail.subject).toBe('Your registration for Robo Wars awaits approval');
      expect(mail.text).toContain("awaits the club's approval");
      expect(mail.attachments).toHaveLength(1);
    });

    it('comes without an invite for an event whose date is not announced', async () => {
      const event = await createEvent(t.db, { name: 'Open Mic', eventDate: null });
      const sana = await student();
      await registerSolo(sana, event.id);
      await runConfirmations();
      const mail = await latestMail(t.db, sana.user.email);
      expect(mail.subject).toBe("You're registered for Open Mic");
      expect(mail.text).toContain('Its date is not announced yet');
      expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['ticket-qr.png']);
      expect(mail.text).toContain('When: to be announced');
    });

    it('goes to each member with an account of a registered team, none to a refused registration', async () => {
      const event = await createEvent(t.db, { name: 'Hackathon', eventType: 'group', minTeamSize: 2, maxTeamSize: 4 });
      const leader = await student({ name: 'Asha Rao' });
      const member = await student({ name: 'Linked Member' });
      const teamId = await registeredTeamFromForm(event, leader, [member]);
      expect(await runConfirmations()).toBe(2);

      const [toLeader, toMember] = [await latestMail(t.db, leader.user.email), await latestMail(t.db, member.user.email)];
      for (const mail of [toLeader, toMember]) {
        expect(mail.subject).toBe("You're registered for Hackathon");
        expect(mail.attachments[0].filename).toBe('hackathon.ics');
      }
      // The team's one seat: one UID for both members' invites.
      const uid = (content: string) => unfolded(content).find((line) => line.startsWith('UID:'));
      expect(uid(toLeader.attachments[0].content)).toBe(uid(toMember.attachments[0].content));

      const again = await registerTeam(leader, teamId);
      expect(again.status).toBe(409);
      expect(await runConfirmations()).toBe(0);
      const confirmations = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, leader.user.email), like(mailOutbox.subject, "You're registered%")));
      expect(confirmations).toHaveLength(1);
    });

    it('goes once per registration however often the job runs; a registration rejected meanwhile gets none', async () => {
      const event = await createEvent(t.db, { name: 'Code Sprint' });
      const students = await Promise.all(Array.from({ length: 6 }, (_, i) => student({ name: `Student ${i}` })));
      for (const s of students) await registerSolo(s, event.id);
      // A club admin rejected the last one before the job came round: stamped, not told "registered".
      await t.db.update(registrations).set({ status: 'rejected' }).where(eq(registrations.userId, students[5].user.id));

      expect(await runConfirmations()).toBe(6);
      expect(await runConfirmations()).toBe(0);
      for (const s of students.slice(0, 5)) {
        const sent = await t.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.recipient, s.user.email), like(mailOutbox.subject, "You're registered%")));
        expect(sent).toHaveLength(1);
      }
      expect(await latestMail(t.db, students[5].user.email)).toBeUndefined();
    });
  });

  describe('the day-before reminder', () => {
    it('goes the day before, once, to each student holding a seat, with the invite and how to turn it off', async () => {
      const event = await createEvent(t.db, { name: 'Code Sprint', venue: 'Main Hall' });
      const later = await createEvent(t.db, { name: 'Late Show', eventDate: new Date('2025-08-31T10:00:00+05:30') });
      const [priya, asha] = [await student({ name: 'Priya' }), await student()];
      await registerSolo(priya, event.id);
      await registerSolo(asha, event.id);
      await registerSolo(priya, later.id);

      expect(await runReminders()).toBe(0);
      moveTo(DAY_BEFORE);
      expect(await runReminders()).toBe(2);
      expect(await runReminders()).toBe(0);

      for (const s of [priya, asha]) expect(await remindersTo(s.user.email, 'Code Sprint')).toHaveLength(1);
      expect(await remindersTo(priya.user.email, 'Late Show')).toHaveLength(0);
      const [mail] = await remindersTo(priya.user.email, 'Code Sprint');
      expect(mail.text).toContain('Code Sprint is tomorrow at 10:00 am IST, at Main Hall.');
      expect(mail.text).toContain('To stop these reminders, turn off "E-mail me a reminder the day before each event" on My Registrations.');
      // The invite, and the ticket again (tickets.e2e-spec.ts).
      expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['code-sprint.ics', 'ticket-qr.png']);
      expect(mail.text).toContain('Bring your ticket: it is below, and on My Registrations.');
      expect(mail.text).toMatch(/Ticket code: [0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4}\n/);
      expect(unfolded(mail.attachments[0].content)).toContain('DTSTART:20250830T043000Z');
      const [row] = await t.db
        .select()
        .from(registrations)
        .where(and(eq(registrations.userId, priya.user.id), eq(registrations.eventId, event.id)));
      expect(row.remindedAt).toEqual(DAY_BEFORE);

      // On the event's day it is no longer "tomorrow": nothing more for it, and the next day's event has its turn.
      moveTo(EVENT_START);
      expect(await runReminders()).toBe(1);
      expect(await remindersTo(priya.user.email, 'Code Sprint')).toHaveLength(1);
      expect(await remindersTo(priya.user.email, 'Late Show')).toHaveLength(1);
    });

    it('gives an event with a set end its hours: the invite ends then, and the reminder says from when to when', async () => {
      const event = await createEvent(t.db, { name: 'Code Sprint', venue: 'Main Hall', eventEndDate: new Date('2025-08-30T11:30:00+05:30') });
      const priya = await student();
      await registerSolo(priya, event.id);
      expect(unfolded((await calendarOf(priya.agent, event.id).expect(200)).text)).toContain('DTEND:20250830T060000Z');

      moveTo(DAY_BEFORE);
      expect(await runReminders()).toBe(1);
      const [mail] = await remindersTo(priya.user.email, 'Code Sprint');
      expect(mail.text).toContain('Code Sprint is tomorrow from 10:00 am to 11:30 am IST, at Main Hall.');
      expect(unfolded(mail.attachments[0].content)).toContain('DTEND:20250830T060000Z');
    });

    it('skips students who turned reminders off and registrations that were rejected', async () => {
      const event = await createEvent(t.db, { name: 'Quiz Bowl' });
      const [optedOut, rejected, reminded] = [await student(), await student(), await student()];
      for (const s of [optedOut, rejected, reminded]) await registerSolo(s, event.id);
      await optedOut.agent.put('/api/v1/users/me/reminders').send({ enabled: false }).expect(200);
      await t.db.update(registrations).set({ status: 'rejected' }).where(eq(registrations.userId, rejected.user.id));

      moveTo(DAY_BEFORE);
      expect(await runReminders()).toBe(1);

      expect(await remindersTo(reminded.user.email, 'Quiz Bowl')).toHaveLength(1);
      expect(await remindersTo(optedOut.user.email, 'Quiz Bowl')).toHaveLength(0);
      expect(await remindersTo(rejected.user.email, 'Quiz Bowl')).toHaveLength(0);
    });
    it("tells a student whose registration is pending that it awaits the club's approval, not to bring a ticket", async () => {
      const event = await createEvent(t.db, { name: 'Robo Wars', requiresApproval: true });
      const [pending, approved] = [await student(), await student()];
      await registerSolo(pending, event.id);
      await registerSolo(approved, event.id);
      await t.db.update(registrations).set({ status: 'approved' }).where(eq(registrations.userId, approved.user.id));

      moveTo(DAY_BEFORE);
      expect(await runReminders()).toBe(2);

      const [toPending] = await remindersTo(pending.user.email, 'Robo Wars');
      expect(toPending.text).toContain('Robo Wars is tomorrow at 10:00 am IST');
      expect(toPending.text).toContain("Your registration still awaits the club's approval: you will get an e-mail once they decide");
      expect(toPending.text).not.toContain('Bring your ticket');
      expect(toPending.text).not.toContain('Ticket code');
      expect(toPending.html).toContain('Tomorrow, awaiting approval');
      const [toApproved] = await remindersTo(approved.user.email, 'Robo Wars');
      expect(toApproved.text).toContain('Bring your ticket: it is below, and on My Registrations.');
      expect(toApproved.text).toContain('Ticket code: ');
      expect(toApproved.text).not.toContain('awaits');
    });

    it('still reminds the students of an event whose registration the club closed (Inactive): they hold their seats', async () => {
      const event = await createEvent(t.db, { name: 'Closed Quiz' });
      const priya = await student();
      await registerSolo(priya, event.id);
      await t.db.update(events).set({ isActive: false }).where(eq(events.id, event.id));

      moveTo(DAY_BEFORE);
      expect(await runReminders()).toBe(1);
      expect(await remindersTo(priya.user.email, 'Closed Quiz')).toHaveLength(1);
    });
  });

  describe('PUT /users/me/reminders', () => {
    it("turns the student's reminders off and on, and the signed-in user says which", async () => {
      const priya = await student();
      expect((await priya.agent.get('/api/v1/user/load').expect(200)).body.user.eventReminders).toBe(true);

      const off = await priya.agent.put('/api/v1/users/me/reminders').send({ enabled: false }).expect(200);
      expect(off.body).toEqual({ success: true, message: 'Reminder e-mails are off.', eventReminders: false });
      expect((await priya.agent.get('/api/v1/user/load').expect(200)).body.user.eventReminders).toBe(false);

      const on = await priya.agent.put('/api/v1/users/me/reminders').send({ enabled: true }).expect(200);
      expect(on.body).toEqual({ success: true, message: 'You will get an e-mail the day before each of your events.', eventReminders: true });
      expect((await priya.agent.get('/api/v1/user/load').expect(200)).body.user.eventReminders).toBe(true);
    });

    it('refuses a value that is not true or false, an unknown field, a visitor and an admin', async () => {
      const priya = await student();
      expectError(await priya.agent.put('/api/v1/users/me/reminders').send({ enabled: 'no' }), 400, 'Enabled must be true or false');
      expectError(await priya.agent.put('/api/v1/users/me/reminders').send({}), 400, 'Enabled must be true or false');
      expectError(await priya.agent.put('/api/v1/users/me/reminders').send({ enabled: false, all: true }), 400, /all/);
      expectError(await request(t.http).put('/api/v1/users/me/reminders').send({ enabled: false }), 401, /sign in/i);
      const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });
      expectError(
        await (await signedIn(t, admin)).put('/api/v1/users/me/reminders').send({ enabled: false }),
        403,
        'Admin Account - Admins cannot register for events',
      );
    });
  });
});

describe('confirmations and reminders from two app instances on one database', () => {
  let cluster: PostgresCluster;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    cluster = await PostgresCluster.create();
    const databaseUrl = await cluster.createDatabase('festival_reminders');
    a = await startApp({ databaseUrl }, { now: DURING_REGISTRATION });
    b = await startApp({ databaseUrl }, { now: DURING_REGISTRATION });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await cluster?.destroy();
  });

  it('running the jobs at the same moment on both sends one confirmation and one reminder per student', async () => {
    const event = await createEvent(a.db, { name: 'Twin Test', maxApplications: 100 });
    const students = await Promise.all(Array.from({ length: 20 }, () => createUser(a)));
    for (const s of students) await (await signedIn(a, s)).post('/api/v1/solo').send({ eventId: event.id, studentId: s.id }).expect(201);

    const confirmed = await Promise.all([a.app.get(RegistrationConfirmationsService).confirmNew(), b.app.get(RegistrationConfirmationsService).confirmNew()]);

    expect(confirmed[0] + confirmed[1]).toBe(20);
    const confirmations = await a.db.select().from(mailOutbox).where(like(mailOutbox.subject, "You're registered%"));
    expect(new Set(confirmations.map((mail) => mail.recipient)).size).toBe(20);
    expect(confirmations).toHaveLength(20);

    for (const instance of [a, b]) instance.clock.advance(DAY_BEFORE.getTime() - DURING_REGISTRATION.getTime());

    const queued = await Promise.all([a.app.get(EventRemindersService).remindTomorrow(), b.app.get(EventRemindersService).remindTomorrow()]);

    expect(queued[0] + queued[1]).toBe(20);
    const reminders = await a.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, reminderSubject('Twin Test')));
    expect(reminders).toHaveLength(20);
    expect(new Set(reminders.map((mail) => mail.recipient)).size).toBe(20);
  });
});
