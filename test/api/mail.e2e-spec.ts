import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import type { AppConfig } from '../../backend/src/config/app-config';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { mailOutbox } from '../../backend/src/database/schema/mail';
import { MailService } from '../../backend/src/mail/mail.service';
import { linkIn, SmtpInbox } from '../support/smtp-inbox';
import { signUpForm } from './support/accounts';
import { resetDatabase, startApp, type TestApp } from './support/test-app';

/** A local port with nothing listening on it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('e-mail delivery through the outbox', () => {
  let t: TestApp;
  let port: number;
  let inbox: SmtpInbox | undefined;

  beforeAll(async () => {
    port = await freePort();
    // Sixteen in flight: the first round opens sixteen connections, so a server that turns away every
    // tenth connection turns one away in the first round already.
    t = await startApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, publicUrl: new URL('http://fest.test'), mailInFlight: 16 });
  });
  beforeEach(() => resetDatabase(t.db));
  afterEach(async () => {
    await inbox?.stop();
    inbox = undefined;
  });
  afterAll(() => t.close());

  const deliver = () => t.app.get(MailService).deliverDue();

  it('delivers the verification e-mail over SMTP with a working link', async () => {
    inbox = new SmtpInbox();
    await inbox.start(port);
    const form = signUpForm();
    // The browser that signs up keeps the cookie its link is bound to.
    const browser = request.agent(t.http);
    await browser.post('/api/v1/user/signup').send(form).expect(201);

    const mail = await inbox.waitFor(form.email, /Verify your e-mail/, deliver);
    expect(mail.body).toContain('Hi Priya Raman,');
    const link = new URL(linkIn(mail, 'verify'));
    expect(link.origin).toBe('http://fest.test');
    await browser.get(`/api/v1/user${link.pathname.replace('/auth', '')}`).expect(200);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, form.email));
    expect(row.sentAt).not.toBeNull();
    // Sent, the message keeps its recipient and subject but no longer its link.
    expect(row).toMatchObject({ subject: expect.stringMatching(/Verify your e-mail/), text: '', html: '' });
  });

  // The bench measures the same with a rush's 3,000 (`BENCH_OPERATIONS=1`); the order is the same at any count.
  it("delivers an account e-mail first, ahead of a rush's confirmations already queued", async () => {
    inbox = new SmtpInbox();
    await inbox.start(port);
    const confirmations = Array.from({ length: 400 }, (_, n) => ({
      to: `student${n}@campus.ac.in`,
      subject: 'Registration confirmed: Code Sprint',
      text: 'You are registered.',
      html: '<p>You are registered.</p>',
    }));
    await t.app.get(MailService).sendMany(confirmations);
    const form = signUpForm();
    await request(t.http).post('/api/v1/user/signup').send(form).expect(201);

    // The next run of the delivery job (every 2 s) delivers all of them, the verification link in its first round.
    await expect(deliver()).resolves.toBe(401);

    const [verification] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, form.email));
    expect(verification).toMatchObject({ urgent: true, sentAt: expect.any(Date) });
    const firstRound = inbox.messages.slice(0, t.app.get<AppConfig>(APP_CONFIG).mailInFlight);
    expect(firstRound.flatMap((mail) => mail.to)).toContain(form.email);
  });

  it('delivers every e-mail exactly once though the mail server turns away every tenth connection', async () => {
    inbox = new SmtpInbox({ refuseEveryNthConnection: 10 });
    await inbox.start(port);
    const recipients = Array.from({ length: 400 }, (_, n) => `flaky${n}@campus.ac.in`);
    await t.app.get(MailService).sendMany(recipients.map((to) => ({ to, subject: 'Registration confirmed', text: 'Registered.', html: '<p>Registered.</p>' })));

    for (let run = 0; run < 10 && inbox.messages.length < recipients.length; run += 1) {
      await deliver();
      // The retry delay has passed: what the clock would do in 30 s.
      await t.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(sql`${mailOutbox.sentAt} is null`);
    }

    expect(inbox.refusedConnections).toBeGreaterThan(0);
    const received = new Map<string, number>();
    for (const address of inbox.messages.flatMap((mail) => mail.to)) received.set(address, (received.get(address) ?? 0) + 1);
    expect(recipients.filter((to) => received.get(to) !== 1)).toEqual([]);
    expect(received.size).toBe(recipients.length);
    const [{ unsent, retried }] = await t.db
      .select({
        unsent: sql<number>`count(*) filter (where ${mailOutbox.sentAt} is null)::int`,
        retried: sql<number>`count(*) filter (where ${mailOutbox.attempts} > 1)::int`,
      })
      .from(mailOutbox);
    expect(unsent).toBe(0);
    // The messages whose connections were turned away were tried again, and arrived once.
    expect(retried).toBeGreaterThan(0);
  });

  it('keeps a message through an SMTP outage and delivers it once the server is back', async () => {
    const form = signUpForm();
    await request(t.http).post('/api/v1/user/signup').send(form).expect(201);

    await expect(deliver()).resolves.toBe(0);
    const [failed] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, form.email));
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    inbox = new SmtpInbox();
    await inbox.start(port);
    await expect(deliver()).resolves.toBe(0);
    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    const mail = await inbox.waitFor(form.email, /Verify your e-mail/, deliver);
    expect(linkIn(mail, 'verify')).toMatch(/^http:\/\/fest\.test\/auth\/verify\//);
    expect(inbox.messages).toHaveLength(1);
  });

  it('refuses a recipient that is not a plain address, never retries it, and says why in the outbox', async () => {
    inbox = new SmtpInbox();
    await inbox.start(port);
    const mail = t.app.get(MailService);
    // A mail library reads this as the group "a" holding me@campus.ac.in, another mailbox than the address.
    await mail.send({ to: 'a:me@campus.ac.in', subject: 'Verify your e-mail', text: 'http://fest.test/auth/verify/secret', html: '<p>secret</p>' });
    await expect(deliver()).resolves.toBe(0);

    // A plain message sent afterwards arrives alone: nothing went to me@campus.ac.in before it.
    await mail.send({ to: 'me@campus.ac.in', subject: 'Plain', text: 'plain', html: '<p>plain</p>' });
    await inbox.waitFor('me@campus.ac.in', /Plain/, deliver);
    expect(inbox.messages.map(({ to, subject }) => ({ to, subject }))).toEqual([{ to: ['me@campus.ac.in'], subject: 'Plain' }]);

    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
    await expect(deliver()).resolves.toBe(0);
    const [refused] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'a:me@campus.ac.in'));
    expect(refused).toMatchObject({ sentAt: null, attempts: 10, text: '', html: '' });
    expect(refused.lastError).toMatch(/not a plain address/);
  });
});

describe('e-mail without SMTP_URL', () => {
  it('is written to the log and counted as delivered', async () => {
    const t = await startApp({ smtpUrl: undefined });
    try {
      await resetDatabase(t.db);
      await request(t.http).post('/api/v1/user/signup').send(signUpForm()).expect(201);
      await expect(t.app.get(MailService).deliverDue()).resolves.toBe(1);
      const [row] = await t.db.select().from(mailOutbox);
      expect(row.sentAt).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
