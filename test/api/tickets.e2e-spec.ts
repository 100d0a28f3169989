import { and, eq } from 'drizzle-orm';
import type { MailAttachment } from '../../backend/src/database/schema/mail';
import { registrations } from '../../backend/src/database/schema/registrations';
import { MailService } from '../../backend/src/mail/mail.service';
import { RegistrationConfirmationsService } from '../../backend/src/registrations/registration-confirmations.service';
import { inlinePart, SmtpInbox } from '../support/smtp-inbox';
import { clubAdmin, DURING_REGISTRATION, type Person, person } from './support/admin';
import { createEvent } from './support/factories';
import { latestMail } from './support/outbox';
import { readQr } from './support/qr';
import { registeredTeamFromForm } from './support/teams';
import { startApp, type TestApp, useTestApp } from './support/test-app';

/** The ticket's QR picture in an e-mail, as the outbox holds it: shown inline, never offered as a file. */
const QR_CONTENT_ID = 'ticket-qr@festival';
const qrOf = (attachments: MailAttachment[]) => attachments.find((attachment) => attachment.contentType === 'image/png');
const inFours = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

async function ticketOf(t: TestApp, who: Person, eventId: string): Promise<string> {
  const [row] = await t.db
    .select()
    .from(registrations)
    .where(and(eq(registrations.userId, who.user.id), eq(registrations.eventId, eventId)));
  return row.ticketCode;
}

const registerSolo = (who: Person, eventId: string) => who.agent.post('/api/v1/solo').send({ eventId, studentId: who.user.id }).expect(201);

describe('tickets in the e-mails', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  const runConfirmations = () => t.app.get(RegistrationConfirmationsService).confirmNew();

  it("carries the ticket in a solo student's confirmation: a QR holding the code alone, the code in fours, the event, when, where and whose", async () => {
    const event = await createEvent(t.db, { name: 'Code Sprint', venue: 'Seminar Hall 1' });
    const priya = await person(t, { name: 'Priya Raman' });
    await registerSolo(priya, event.id);
    await runConfirmations();

    const mail = await latestMail(t.db, priya.user.email);
    const code = await ticketOf(t, priya, event.id);
    const qr = qrOf(mail.attachments);
    expect(qr).toMatchObject({ filename: 'ticket-qr.png', encoding: 'base64', cid: QR_CONTENT_ID });
    // The code and nothing else: a forwarded picture tells nobody whose ticket it is.
    expect(readQr(Buffer.from(qr!.content, 'base64'))).toBe(code);
    expect(mail.text).toContain('Your ticket is below: show its QR code, or say its code, at the door.');
    expect(mail.text).toContain(
      [
        `Ticket code: ${inFours(code)}`,
        'Event: Code Sprint',
        'When: 30 August 2025 at 10:00 am IST',
        'Venue: Seminar Hall 1',
        'Name: Priya Raman',
        'Show the QR code, or say the code, at the door.',
      ].join('\n'),
    );
    expect(mail.html).toContain(`<img src="cid:${QR_CONTENT_ID}"`);
    expect(mail.html).toContain(inFours(code));
    // The calendar invite still comes with it.
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['code-sprint.ics', 'ticket-qr.png']);
  });

  it("gives each member of a team the team's one ticket, naming every member", async () => {
    const event = await createEvent(t.db, { name: 'Hackathon', eventType: 'group', minTeamSize: 2, maxTeamSize: 3 });
    const [leader, ravi, meena] = [await person(t, { name: 'Asha Rao' }), await person(t, { name: 'Ravi Kumar' }), await person(t, { name: 'Meena Das' })];
    await registeredTeamFromForm(event, leader, [ravi, meena]);
    await runConfirmations();

    const code = await ticketOf(t, leader, event.id);
    for (const member of [leader, ravi, meena]) {
      const mail = await latestMail(t.db, member.user.email);
      expect(readQr(Buffer.from(qrOf(mail.attachments)!.content, 'base64'))).toBe(code);
      expect(mail.text).toContain(`Ticket code: ${inFours(code)}`);
      expect(mail.text).toMatch(/Team ticket for: (Asha Rao|Ravi Kumar|Meena Das)(, (Asha Rao|Ravi Kumar|Meena Das)){2}\n/);
    }
  });

  it('withholds the ticket while the club has to approve, sends it with the approval, and never with a rejection', async () => {
    const event = await createEvent(t.db, { name: 'Paper Presentation', clubInCharge: 'Tech Club', requiresApproval: true });
    const admin = await clubAdmin(t, 'Tech Club');
    const [asha, bala] = [await person(t, { name: 'Asha Verma' }), await person(t, { name: 'Bala Murugan' })];
    await registerSolo(asha, event.id);
    await registerSolo(bala, event.id);
    await runConfirmations();
    const pending = await latestMail(t.db, asha.user.email);
    expect(pending.text).toContain('Your ticket comes with the approval: until then the door does not let it in.');
    expect(qrOf(pending.attachments)).toBeUndefined();
    expect(pending.text).not.toContain('Ticket code');

    const decide = (body: object) => admin.agent.put(`/api/v1/admin/events/${event.id}/registrations`).send(body).expect(200);
    await decide({ status: 'approved', userIds: [asha.user.id] });
    await decide({ status: 'rejected', userIds: [bala.user.id], reason: 'The topic is outside the theme.' });

    const approved = await latestMail(t.db, asha.user.email);
    expect(approved.subject).toBe('Your registration for Paper Presentation was approved');
    expect(readQr(Buffer.from(qrOf(approved.attachments)!.content, 'base64'))).toBe(await ticketOf(t, asha, event.id));
    expect(approved.text).toContain('Name: Asha Verma');
    const rejected = await latestMail(t.db, bala.user.email);
    expect(rejected.subject).toBe('Your registration for Paper Presentation was not approved');
    expect(rejected.text).toContain('The organisers said: “The topic is outside the theme.”');
    expect(qrOf(rejected.attachments)).toBeUndefined();
    expect(rejected.text).not.toContain('Ticket code');
  });
});

describe('a ticket delivered by SMTP', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = new SmtpInbox();
    const port = await inbox.start();
    t = await startApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` }, { now: DURING_REGISTRATION });
  });
  afterAll(async () => {
    await t.close();
    await inbox.stop();
  });

  it('shows its QR code inside the message, as an inline PNG a camera reads back to the code', async () => {
    const event = await createEvent(t.db, { name: 'Quiz Night' });
    const sana = await person(t, { name: 'Sana Khan' });
    await registerSolo(sana, event.id);
    await t.app.get(RegistrationConfirmationsService).confirmNew();

    const mail = await inbox.waitFor(sana.user.email, /You're registered for Quiz Night/, () => t.app.get(MailService).deliverDue());
    const { headers, bytes } = inlinePart(mail, QR_CONTENT_ID);
    expect(headers).toMatch(/^Content-Type: image\/png/im);
    expect(headers).toMatch(/^Content-Disposition: inline/im);
    expect(readQr(bytes)).toBe(await ticketOf(t, sana, event.id));
    expect(mail.body).toContain(`cid:${QR_CONTENT_ID}`);
  });
});
