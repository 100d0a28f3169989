import { count, eq } from 'drizzle-orm';
import { eventMessageRecipients, eventMessages } from '../../backend/src/database/schema/event-messages';
import { mailOutbox } from '../../backend/src/database/schema/mail';
import { MailService } from '../../backend/src/mail/mail.service';
import { MessagesService } from '../../backend/src/messages/messages.service';
import { auditOf, clubAdmin, DURING_REGISTRATION, type Person, person, superAdmin } from './support/admin';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { mailsTo } from './support/outbox';
import { registeredTeamFromForm } from './support/teams';
import { useTestApp } from './support/test-app';
import { cancel, registerSolo, studentsInLine } from './support/waitlist';

const MESSAGE = { audience: 'registrants', subject: 'Bring your laptop', body: 'Doors open at 9:30.\nBring your laptop and charger.' };

describe("organisers' messages", () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });

  const send = (by: Person, eventId: string, body: object = MESSAGE) => by.agent.post(`/api/v1/admin/events/${eventId}/messages`).send(body);
  /** The job that delivers what was sent (the server runs it every 2 s; tests run jobs by hand). */
  const deliver = () => t.app.get(MessagesService).deliverDue();
  const listOf = (by: Person, eventId: string) => by.agent.get(`/api/v1/admin/events/${eventId}/messages`);
  const inbox = async (who: Person) =>
    (await who.agent.get('/api/v1/user/messages').expect(200)).body.messages as { subject: string; eventName: string; body: string }[];
  const messageMails = async (who: Person) => (await mailsTo(t.db, who.user.email)).filter((mail) => mail.subject.includes(': '));

  it("e-mails every student holding a place, a team's each member, keeps the message in their notifications and audits it", async () => {
    const event = await createEvent(t.db, { name: 'Hackathon', clubInCharge: 'Tech Club', eventType: 'group', minTeamSize: 2, maxTeamSize: 3 });
    const admin = await clubAdmin(t, 'Tech Club');
    const [leader, member, bystander] = [await person(t, { name: "Asha D'Souza" }), await person(t, { name: 'Ravi Kumar' }), await person(t)];
    await registeredTeamFromForm(event, leader, [member]);

    const answer = await send(admin, event.id).expect(201);
    expect(answer.body.message).toBe('Message sent to 2 people.');
    expect(answer.body.sent).toMatchObject({ subject: 'Bring your laptop', audience: 'registrants', recipients: 2, sentBy: admin.user.name });
    // Written and counted at once; its people are reached by the job, at the server's next quiet moment.
    expect(await messageMails(leader)).toEqual([]);
    expect(await inbox(leader)).toEqual([]);
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);

    for (const [who, greeting, htmlGreeting] of [
      [leader, "Hi Asha D'Souza,", 'Hi Asha D&#39;Souza,'],
      [member, 'Hi Ravi Kumar,', 'Hi Ravi Kumar,'],
    ] as const) {
      const [mail] = await messageMails(who);
      expect(mail.subject).toBe('Hackathon: Bring your laptop');
      // One copy each, written by the database from one rendering: each greets its own student.
      expect(mail.text.startsWith(`${greeting}\n\n`)).toBe(true);
      expect(mail.html).toContain(`<p style="margin:0 0 16px">${htmlGreeting}</p>`);
      expect(mail.text).toContain('Tech Club wrote to everyone registered for Hackathon:\n\nDoors open at 9:30.\nBring your laptop and charger.');
      expect(mail.html).toContain('<p style="margin:0 0 16px">Bring your laptop and charger.</p>');
      expect(await inbox(who)).toEqual([expect.objectContaining({ subject: 'Bring your laptop', eventName: 'Hackathon', body: MESSAGE.body })]);
    }
    expect(await messageMails(bystander)).toEqual([]);
    expect(await inbox(bystander)).toEqual([]);

    const [entry] = await auditOf(t, event.id);
    expect(entry).toMatchObject({ action: 'event.message_sent', actorId: admin.user.id, club: 'Tech Club' });
    expect(entry.changes).toEqual({
      audience: { from: null, to: 'registrants' },
      subject: { from: null, to: 'Bring your laptop' },
      recipients: { from: null, to: 2 },
    });
    const list = (await listOf(admin, event.id).expect(200)).body;
    expect(list.messages).toEqual([expect.objectContaining({ subject: 'Bring your laptop', recipients: 2 })]);
  });

  it('counts each audience, reaches the line, or everyone once, and keeps who it went to as they were', async () => {
    const event = await createEvent(t.db, { name: 'Quiz', clubInCharge: 'Tech Club', maxApplications: 1 });
    const admin = await clubAdmin(t, 'Tech Club');
    const holder = await person(t);
    await registerSolo(holder, event).expect(201);
    const [first, second] = await studentsInLine(t, event, 2);

    expect((await listOf(admin, event.id).expect(200)).body.audience).toEqual({ registrants: 1, waitlist: 2, everyone: 3 });
    await send(admin, event.id, { ...MESSAGE, audience: 'waitlist', subject: 'A seat may free up' }).expect(201);
    await deliver();
    expect((await inbox(first)).map((message) => message.subject)).toEqual(['A seat may free up']);
    expect(await inbox(holder)).toEqual([]);
    t.clock.advance(60_000);
    await send(admin, event.id, { ...MESSAGE, audience: 'everyone', subject: 'Venue moved' }).expect(201);
    await deliver();
    for (const who of [holder, first, second]) expect((await inbox(who))[0].subject).toBe('Venue moved');

    // A student who joins the line later was not among those told before.
    const [late] = await studentsInLine(t, event, 1);
    expect(await inbox(late)).toEqual([]);
    const rows = await t.db.select().from(eventMessageRecipients).innerJoin(eventMessages, eq(eventMessages.id, eventMessageRecipients.messageId));
    expect(rows.filter(({ event_messages }) => event_messages.subject === 'Venue moved')).toHaveLength(3);
  });

  it('reaches its audience as it is when it leaves, and says how many it reached', async () => {
    const event = await createEvent(t.db, { name: 'Quiz', clubInCharge: 'Tech Club' });
    const admin = await clubAdmin(t, 'Tech Club');
    const [first, second] = [await person(t), await person(t)];
    await registerSolo(first, event).expect(201);
    expect((await send(admin, event.id).expect(201)).body.sent.recipients).toBe(1);
    // Registered between the sending and the job: told too.
    await registerSolo(second, event).expect(201);
    await deliver();
    for (const who of [first, second]) expect((await inbox(who)).map((message) => message.subject)).toEqual(['Bring your laptop']);
    expect((await listOf(admin, event.id).expect(200)).body.messages).toEqual([expect.objectContaining({ recipients: 2 })]);

    // Everyone gone before it left: it reached nobody, and says so.
    t.clock.advance(60_000);
    await send(admin, event.id, { ...MESSAGE, subject: 'Hall moved' }).expect(201);
    for (const who of [first, second]) await cancel(who, event).expect(200);
    await deliver();
    const [latest] = (await listOf(admin, event.id).expect(200)).body.messages as { subject: string; recipients: number }[];
    expect(latest).toMatchObject({ subject: 'Hall moved', recipients: 0 });
    expect((await messageMails(first)).map((mail) => mail.subject)).toEqual(['Quiz: Bring your laptop']);
  });

  it('refuses a message that breaks a rule, or goes to nobody, writing and sending nothing', async () => {
    const event = await createEvent(t.db, { name: 'Quiz', clubInCharge: 'Tech Club' });
    const admin = await clubAdmin(t, 'Tech Club');
    expectError(await send(admin, event.id), 400, 'Nobody is in that audience yet.');
    await registerSolo(await person(t), event).expect(201);
    const refusals: [object, string][] = [
      [{ subject: '  ' }, 'Please enter a subject'],
      [{ subject: 'x'.repeat(121) }, 'A subject has at most 120 characters'],
      [{ body: '' }, 'Please write the message'],
      [{ body: 'x'.repeat(2001) }, 'A message has at most 2,000 characters'],
      [{ body: 'Sign up again at https://evil.example/festival' }, "Messages carry no links: put them on the event's page"],
      [{ body: 'Hello\u202Eworld' }, 'The message cannot contain invisible characters'],
      [{ audience: 'admins' }, 'Please choose who receives it'],
    ];
    for (const [change, message] of refusals) expectError(await send(admin, event.id, { ...MESSAGE, ...change }), 400, message);
    expect(await t.db.select().from(eventMessages)).toEqual([]);
    expect((await t.db.select().from(mailOutbox)).filter((mail) => mail.subject.startsWith('Quiz:'))).toEqual([]);
  });

  it("answers another club's admin 403 and a student 403, and lets the super admin write to any event", async () => {
    const event = await createEvent(t.db, { name: 'Quiz', clubInCharge: 'Tech Club' });
    const student = await person(t);
    await registerSolo(student, event).expect(201);
    expectError(await send(await clubAdmin(t, 'Music Club'), event.id), 403, "You don't have permission to edit this event");
    expectError(await send(student, event.id), 403, /Admin access is required/);
    await send(await superAdmin(t), event.id).expect(201);
    await deliver();
    expect(await inbox(student)).toHaveLength(1);
  });
});

describe('the outbox under a message to thousands', () => {
  const t = useTestApp();

  it("queues more e-mails at once than one statement's 65,535 parameters hold (six a message)", async () => {
    const messages = Array.from({ length: 11_000 }, (_, i) => ({
      to: `student${i}@campus.ac.in`,
      subject: 'Quiz: Venue moved',
      text: 'Hall B.',
      html: '<p>Hall B.</p>',
    }));
    await t.app.get(MailService).sendMany(messages);
    const [{ queued }] = await t.db.select({ queued: count() }).from(mailOutbox);
    expect(queued).toBe(11_000);
  });
});

describe("organisers' messages under the limit", () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION, rateLimits: { messagesByEvent: { limit: 3, windowSeconds: 86_400 } } });

  it('sends at most 3 an hour per event, exactly, when six arrive at once; another event and another club are not counted', async () => {
    const [event, other] = [
      await createEvent(t.db, { name: 'Quiz', clubInCharge: 'Tech Club' }),
      await createEvent(t.db, { name: 'Debate', clubInCharge: 'Tech Club' }),
    ];
    const admin = await clubAdmin(t, 'Tech Club');
    for (const each of [event, other]) await registerSolo(await person(t), each).expect(201);
    // Refused before the budget: another club's admin spends none of it.
    const outsider = await clubAdmin(t, 'Music Club');
    for (let i = 0; i < 3; i += 1) await outsider.agent.post(`/api/v1/admin/events/${event.id}/messages`).send(MESSAGE).expect(403);

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => admin.agent.post(`/api/v1/admin/events/${event.id}/messages`).send({ ...MESSAGE, subject: `Note ${i}` })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)?.body.message).toMatch(/^Too many attempts\. Please try again in/);
    expect(await t.db.select().from(eventMessages).where(eq(eventMessages.eventId, event.id))).toHaveLength(3);
    await admin.agent.post(`/api/v1/admin/events/${other.id}/messages`).send(MESSAGE).expect(201);
  });
});
