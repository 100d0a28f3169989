import { createServer, type Server, type Socket } from 'node:net';
import { hash } from '@node-rs/argon2';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { SessionsService } from '../../backend/src/auth/sessions.service';
import { hashToken, newToken } from '../../backend/src/common/tokens';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../backend/src/database/database-unavailable';
import { appMilestones } from '../../backend/src/database/schema/app-state';
import { events } from '../../backend/src/database/schema/events';
import { mailOutbox } from '../../backend/src/database/schema/mail';
import { rateLimits } from '../../backend/src/database/schema/rate-limits';
import { sessions } from '../../backend/src/database/schema/sessions';
import { users } from '../../backend/src/database/schema/users';
import { demoEvents } from '../../backend/src/demo/demo-events';
import { MailService } from '../../backend/src/mail/mail.service';
import { RateLimitsRepository } from '../../backend/src/throttling/rate-limits.repository';
import { SmtpInbox } from '../support/smtp-inbox';
import { freePort, PostgresCluster } from './support/postgres-cluster';
import { runServer, type ServerProcess, waitUntilHealthy } from './support/server-process';
import { startApp, type TestApp } from './support/test-app';

/**
 * What an operator and a busy festival day do to the product: PostgreSQL restarted or frozen,
 * the mail server down, two app instances side by side. Everything runs on a PostgreSQL server
 * this suite starts for itself, so stopping it disturbs no other test.
 */
jest.setTimeout(60_000);

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: PostgresCluster;

beforeAll(async () => {
  cluster = await PostgresCluster.create();
});
afterAll(() => cluster?.destroy());

interface Student {
  id: string;
  token: string;
}

/** Students with live sessions, made in SQL as the benchmark does, so sign-in throttling stays out of the way. */
async function seedStudents(client: pg.Client, count: number): Promise<Student[]> {
  const passwordHash = await hash('Rush@12345');
  const { rows } = await client.query<{ id: string }>(
    `insert into users (name, email, password_hash, role, is_verified, gender, dept, year, roll_number)
     select 'Rush Student ' || n, 'rush' || n || '@campus.ac.in', $1, 'student', true, 'Female', 'CSE', '3', 'RUSH' || n
     from generate_series(1, $2::int) as n returning id`,
    [passwordHash, count],
  );
  const students = rows.map((row) => ({ id: row.id, token: newToken() }));
  await client.query(`insert into sessions (user_id, token_hash, expires_at) select * from unnest($1::uuid[], $2::text[], $3::timestamptz[])`, [
    students.map((s) => s.id),
    students.map((s) => hashToken(s.token)),
    students.map(() => new Date(Date.now() + DAY)),
  ]);
  return students;
}

async function createSoloEvent(client: pg.Client, name: string, capacity: number): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into events (name, event_type, club_in_charge, event_date, registration_deadline, edition_id)
     values ($1, 'solo', 'Tech Club', now() + interval '30 days', now() + interval '20 days', (select id from editions where closed_at is null)) returning id`,
    [name],
  );
  await client.query('insert into event_seats (event_id, capacity) values ($1, $2)', [rows[0].id, capacity]);
  return rows[0].id;
}

interface Answer {
  status: number;
  ms: number;
  at: number;
  body: { success?: boolean; message?: string; database?: string };
  retryAfter: string | null;
}

/** One request, timed; a request that hangs past 10 s or loses its connection counts as status 0. */
async function timedFetch(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as Answer['body'];
    return { status: response.status, ms: Date.now() - started, at: Date.now(), body, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    return { status: 0, ms: Date.now() - started, at: Date.now(), body: { message: String(error) }, retryAfter: null };
  }
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(50);
  }
}

describe('the server process through PostgreSQL faults', () => {
  const STUDENTS = 600;
  const SEATS = 400;
  let databaseUrl: string;
  let port: number;
  let server: ServerProcess | undefined;
  let students: Student[] = [];
  const base = () => `http://127.0.0.1:${port}`;
  const alive = () => server!.child.exitCode === null && server!.child.signalCode === null;
  const register = (student: Student, eventId: string) =>
    timedFetch(`${base()}/api/v1/solo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `fest_session=${student.token}`, origin: `http://localhost:${port}` },
      body: JSON.stringify({ eventId, studentId: student.id }),
    });

  beforeAll(async () => {
    databaseUrl = await cluster.createDatabase('festival_rush');
    port = await freePort();
  });
  afterAll(async () => {
    if (server && alive()) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server!.child.once('exit', resolve));
    }
  });

  it('waits at start for a database that is not up yet, saying what it waits for', async () => {
    await cluster.stop();
    try {
      server = runServer({
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: `http://localhost:${port}`,
        FESTIVAL_DATE: isoDay(30),
        REGISTRATION_OPENS_AT: isoDay(-1),
        LOG_LEVEL: 'warn',
        // Shorter than the defaults, so the frozen database below costs the suite less time.
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        DATABASE_STATEMENT_TIMEOUT_MS: '2000',
        DATABASE_QUERY_TIMEOUT_MS: '3000',
        DATABASE_LOCK_TIMEOUT_MS: '1000',
      });
      await waitFor(() => server!.output().includes('Waiting for PostgreSQL'), 'the wait to be logged', 10_000);
      expect(server.output()).toMatch(/Waiting for PostgreSQL at 127\.0\.0\.1:\d+\/festival_rush to accept connections \(ECONNREFUSED/);
      expect(alive()).toBe(true);
    } finally {
      await cluster.start();
    }
    await waitUntilHealthy(port, server);
    expect(alive()).toBe(true);
  });

  it('stays up when PostgreSQL restarts under its idle connections, answering 503 meanwhile', async () => {
    // Several probes at once leave several connections idle in the pool.
    await Promise.all(Array.from({ length: 5 }, () => timedFetch(`${base()}/api/v1/health/ready`)));
    await cluster.stop();
    try {
      await sleep(500);
      expect(alive()).toBe(true);
      // A session cookie is looked up in the database on every request.
      const during = await timedFetch(`${base()}/api/v1/user/load`, { headers: { cookie: `fest_session=${newToken()}` } });
      expect(during).toMatchObject({ status: 503, body: { success: false, message: DATABASE_UNAVAILABLE_MESSAGE }, retryAfter: '5' });
      expect(during.ms).toBeLessThan(3000);
    } finally {
      await cluster.start();
    }
    const back = Date.now();
    await waitFor(async () => (await timedFetch(`${base()}/api/v1/health/ready`)).status === 200, 'readiness after the restart', 10_000);
    expect(Date.now() - back).toBeLessThan(10_000);
    expect(server!.output()).toContain('Database connection lost (57P01: terminating connection due to administrator command)');
  });

  it('stays up through a restart in the middle of a registration rush: 503s meanwhile, back within 10 s, seats equal to registrations', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const eventId = await createSoloEvent(client, 'Hackathon Rush', SEATS);
    students = await seedStudents(client, STUDENTS);
    await client.end();

    const answers: Answer[] = [];
    const waiting = [...students];
    // Each worker is a student's browser: a 503 is tried again a moment later, as the message asks.
    const worker = async () => {
      for (let student = waiting.shift(); student; student = waiting.shift()) {
        const answer = await register(student, eventId);
        answers.push(answer);
        if (answer.status === 503) {
          waiting.push(student);
          await sleep(100);
        }
      }
    };
    const rush = Promise.all(Array.from({ length: 6 }, worker));

    await waitFor(() => answers.length >= 20, 'the rush to start');
    await cluster.stop();
    await sleep(2000);
    await cluster.start();
    const back = Date.now();
    await rush;

    const unexpected = answers.filter((a) => ![201, 409, 503].includes(a.status));
    expect(unexpected).toEqual([]);
    const outage = answers.filter((a) => a.status === 503);
    expect(outage.length).toBeGreaterThan(0);
    for (const answer of outage) {
      expect(answer.body).toEqual({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(answer.retryAfter).toBe('5');
    }
    expect(Math.max(...outage.map((a) => a.ms))).toBeLessThan(3000);
    const firstServedAfter = Math.min(...answers.filter((a) => a.at > back && a.status !== 503).map((a) => a.at));
    expect(firstServedAfter - back).toBeLessThan(10_000);
    expect(alive()).toBe(true);

    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const { rows } = await check.query<{ taken: number; registered: number }>(
      `select s.taken, (select count(*)::int from registrations r where r.event_id = s.event_id) as registered
       from event_seats s where s.event_id = $1`,
      [eventId],
    );
    await check.end();
    expect(rows[0]).toEqual({ taken: SEATS, registered: SEATS });
    expect(answers.filter((a) => a.status === 201).length).toBeLessThanOrEqual(SEATS);

    // The outage was logged, but no failed query's parameters reached the log.
    expect(server!.output()).toContain('Database unavailable: ');
    expect(server!.output()).not.toMatch(/params:/);
  });

  it('answers 503 at the lock timeout while a stuck transaction holds the seat row, and registers once it is released', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const eventId = await createSoloEvent(client, 'Locked Workshop', 10);
      await client.query('begin');
      await client.query('select * from event_seats where event_id = $1 for update', [eventId]);

      const blocked = await register(students[1], eventId);
      expect(blocked).toMatchObject({ status: 503, body: { success: false, message: DATABASE_UNAVAILABLE_MESSAGE } });
      expect(blocked.ms).toBeLessThan(2500);

      await client.query('rollback');
      expect((await register(students[1], eventId)).status).toBe(201);
      const { rows } = await client.query(
        'select s.taken, (select count(*)::int from registrations r where r.event_id = s.event_id) as registered from event_seats s where s.event_id = $1',
        [eventId],
      );
      expect(rows[0]).toEqual({ taken: 1, registered: 1 });
    } finally {
      await client.end();
    }
    expect(server!.output()).toContain('Database unavailable: 55P03: canceling statement due to lock timeout');
  });

  it('leaves nothing half-written when a verification loses its connection between its two statements', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await Promise.all([client.connect(), watcher.connect()]);
    try {
      const link = newToken();
      await client.query(
        `insert into signups (name, email, password_hash, gender, dept, year, roll_number, link_token_hash, browser_token_hash, expires_at)
         values ('Cut Student', 'cut.23cse@campus.ac.in', $1, 'Female', 'CSE', '3', '23CUT001', $2, $3, now() + interval '1 day')`,
        [await hash('Signup@123'), hashToken(link), hashToken(newToken())],
      );
      const verify = () =>
        timedFetch(`${base()}/api/v1/user/verify/${link}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
          body: JSON.stringify({ password: 'Signup@123' }),
        });
      // The verification deletes the sign-up, then waits to insert the account behind this lock;
      // its connection is cut right there, as a crash or a network fault would cut it.
      await client.query('begin');
      await client.query('lock table users in share row exclusive mode');
      const cut = verify();
      await waitFor(
        async () => {
          // Asked on another connection: inside a transaction, pg_stat_activity is a snapshot.
          const { rowCount } = await watcher.query(
            `select pg_terminate_backend(pid) from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into "users"%'`,
          );
          return rowCount === 1;
        },
        'the verification to wait for its insert',
        5_000,
      );
      expect((await cut).status).toBe(503);
      await client.query('rollback');

      const { rows } = await client.query(
        `select (select count(*)::int from signups where email = 'cut.23cse@campus.ac.in') as waiting,
                (select count(*)::int from users where email = 'cut.23cse@campus.ac.in') as accounts`,
      );
      expect(rows[0]).toEqual({ waiting: 1, accounts: 0 });
      expect((await verify()).status).toBe(200);
      const after = await client.query(`select count(*)::int as accounts from users where email = 'cut.23cse@campus.ac.in'`);
      expect(after.rows[0]).toEqual({ accounts: 1 });
    } finally {
      await Promise.all([client.end(), watcher.end()]);
    }
    expect(alive()).toBe(true);
  });

  it('says it is not ready within 2 s while the database is frozen, stays live, and is ready again once it thaws', async () => {
    const student = students[0];
    await waitUntilHealthy(port, server);
    cluster.freeze();
    try {
      const live = await timedFetch(`${base()}/api/v1/health/live`);
      expect(live).toMatchObject({ status: 200, body: { success: true, status: 'ok' } });
      expect(live.ms).toBeLessThan(500);

      for (const path of ['/api/v1/health/ready', '/api/v1/health']) {
        const ready = await timedFetch(`${base()}${path}`);
        expect(ready).toMatchObject({ status: 503, body: { success: false, message: 'The database is unreachable.', database: 'down' } });
        expect(ready.ms).toBeLessThan(2000);
      }

      // A request that needs the database gives up at the configured timeouts (2 s to connect, 3 s per query).
      const load = await timedFetch(`${base()}/api/v1/user/load`, { headers: { cookie: `fest_session=${student.token}` } });
      expect(load).toMatchObject({ status: 503, body: { success: false, message: DATABASE_UNAVAILABLE_MESSAGE } });
      expect(load.ms).toBeLessThan(4500);
    } finally {
      cluster.thaw();
    }
    const thawed = Date.now();
    await waitFor(async () => (await timedFetch(`${base()}/api/v1/health/ready`)).status === 200, 'readiness after the thaw', 10_000);
    expect(Date.now() - thawed).toBeLessThan(10_000);
    const load = await timedFetch(`${base()}/api/v1/user/load`, { headers: { cookie: `fest_session=${student.token}` } });
    expect(load.status).toBe(200);
    expect(alive()).toBe(true);
  });
});

describe('two app instances sharing one database, and the mail server', () => {
  let databaseUrl: string;
  let smtpPort: number;
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  let inbox: SmtpInbox | undefined;
  let stalled: { server: Server; sockets: Socket[] } | undefined;

  beforeAll(async () => {
    databaseUrl = await cluster.createDatabase('festival_twins');
    smtpPort = await freePort();
    // Both start at once on an empty database: migrations and the demo festival race each other.
    // SMTP_TIMEOUT_MS of 1 s lets the stalled mail server below be given up on quickly.
    const config = { databaseUrl, demoData: true, smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, smtpTimeoutMs: 1000 };
    [a, b] = await Promise.all([startApp(config), startApp(config)]);
  });
  afterEach(async () => {
    await inbox?.stop();
    inbox = undefined;
    await stopStalledServer();
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  const deliverA = () => a!.app.get(MailService).deliverDue();
  const deliverB = () => b!.app.get(MailService).deliverDue();

  async function queueMails(prefix: string, count: number): Promise<string[]> {
    const recipients = Array.from({ length: count }, (_, i) => `${prefix}${i}@campus.ac.in`);
    for (const to of recipients) await a!.app.get(MailService).send({ to, subject: `Hello ${to}`, text: 'Hello', html: '<p>Hello</p>' });
    return recipients;
  }

  /** The retry delay has passed: what the clock would do in 30 s. */
  const makeDue = (recipients: string[]) =>
    a!.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(inArray(mailOutbox.recipient, recipients));

  const outboxRows = (recipients: string[]) => a!.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients));

  function receivedOnce(recipients: string[]): void {
    const counts = recipients.map((to) => inbox!.messages.filter((m) => m.to.includes(to)).length);
    expect(counts).toEqual(recipients.map(() => 1));
  }

  async function startStalledServer(): Promise<void> {
    const sockets: Socket[] = [];
    // Accepts the connection and never says a word: a mail server that hangs.
    const server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(smtpPort, '127.0.0.1', resolve));
    stalled = { server, sockets };
  }

  async function stopStalledServer(): Promise<void> {
    if (!stalled) return;
    for (const socket of stalled.sockets) socket.destroy();
    await new Promise((resolve) => stalled!.server.close(resolve));
    stalled = undefined;
  }

  it('migrated the database and loaded the demo festival once, though both instances started together', async () => {
    const [{ count }] = (await a!.db.select({ count: sql<number>`count(*)::int` }).from(events)) as [{ count: number }];
    expect(count).toBe(demoEvents(new Date(), 'campus.ac.in').length);
    expect(await a!.db.select().from(appMilestones)).toHaveLength(1);
  });

  it('delivers every e-mail queued while the mail server was down exactly once after it returns', async () => {
    const recipients = await queueMails('outage', 6);
    await expect(deliverA()).resolves.toBe(0);
    for (const row of await outboxRows(recipients)) {
      expect(row).toMatchObject({ attempts: 1, sentAt: null });
      expect(row.lastError).toMatch(/ECONNREFUSED/);
    }

    inbox = new SmtpInbox();
    await inbox.start(smtpPort);
    await makeDue(recipients);
    await waitFor(async () => {
      await deliverA();
      return inbox!.messages.length >= recipients.length;
    }, 'every e-mail to arrive');
    for (let run = 0; run < 3; run += 1) await Promise.all([deliverA(), deliverB()]);

    receivedOnce(recipients);
    for (const row of await outboxRows(recipients)) expect(row).toMatchObject({ attempts: 2, sentAt: expect.any(Date) });
  });

  it('shares the outbox: with both instances delivering at once to a slow mail server, each e-mail is received once', async () => {
    inbox = new SmtpInbox({ delayMs: 30 });
    await inbox.start(smtpPort);
    const recipients = await queueMails('shared', 40);

    const sentBy = { a: 0, b: 0 };
    for (let round = 0; round < 8; round += 1) {
      // Two runs per instance: the second overlaps the first and is skipped in-process.
      const [a1, b1, a2, b2] = await Promise.all([deliverA(), deliverB(), deliverA(), deliverB()]);
      sentBy.a += a1 + a2;
      sentBy.b += b1 + b2;
    }

    receivedOnce(recipients);
    expect(sentBy.a + sentBy.b).toBe(recipients.length);
    expect(sentBy.a).toBeGreaterThan(0);
    expect(sentBy.b).toBeGreaterThan(0);
    for (const row of await outboxRows(recipients)) expect(row).toMatchObject({ attempts: 1, sentAt: expect.any(Date) });
  });

  it('leaves a message to the instance trying it while the mail server hangs, gives up at SMTP_TIMEOUT_MS, then delivers it once', async () => {
    await startStalledServer();
    const [recipient] = await queueMails('stalled', 1);

    const started = Date.now();
    const first = deliverA();
    await sleep(300);
    // Meanwhile the other instance finds nothing to do: the message is claimed.
    await expect(deliverB()).resolves.toBe(0);
    await expect(first).resolves.toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
    const [row] = await outboxRows([recipient]);
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/Message sending aborted|Greeting never received/);

    await stopStalledServer();
    inbox = new SmtpInbox();
    await inbox.start(smtpPort);
    await waitFor(async () => {
      // Due again each round (no attempt is in flight between rounds): an attempt that outlived the
      // 1 s SMTP_TIMEOUT_MS on a busy machine waits out no retry delay here.
      await makeDue([recipient]);
      await Promise.all([deliverA(), deliverB()]);
      return inbox!.messages.length >= 1;
    }, 'the e-mail to arrive');
    await Promise.all([deliverA(), deliverB()]);
    receivedOnce([recipient]);
  });

  it('runs the purge jobs on both instances at once without harm: ended things go, live ones stay', async () => {
    const [user] = await a!.db
      .insert(users)
      .values({
        name: 'Purge Student',
        email: 'purge@campus.ac.in',
        passwordHash: 'x',
        role: 'student',
        isVerified: true,
        gender: 'Male',
        dept: 'CSE',
        year: '2',
        rollNumber: 'PURGE1',
      })
      .returning();
    const hour = 60 * 60 * 1000;
    await a!.db.insert(sessions).values([
      { userId: user.id, tokenHash: 'ended-session', expiresAt: new Date(Date.now() - hour) },
      { userId: user.id, tokenHash: 'live-session', expiresAt: new Date(Date.now() + hour) },
    ]);
    await a!.db.insert(rateLimits).values([
      { key: 'purge:old', windowStart: new Date(Date.now() - 2 * hour), expiresAt: new Date(Date.now() - hour) },
      { key: 'purge:current', windowStart: new Date(), expiresAt: new Date(Date.now() + hour) },
    ]);

    await Promise.all([a!, b!].flatMap((instance) => [instance.app.get(SessionsService).purgeEnded(), instance.app.get(RateLimitsRepository).deleteExpired()]));

    const left = await a!.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(inArray(sessions.tokenHash, ['ended-session', 'live-session']));
    expect(left).toEqual([{ tokenHash: 'live-session' }]);
    const windows = await a!.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, ['purge:old', 'purge:current']));
    expect(windows).toEqual([{ key: 'purge:current' }]);
  });
});
