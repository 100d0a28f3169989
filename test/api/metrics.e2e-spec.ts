import { count, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import { mailOutbox } from '../../backend/src/database/schema/mail';
import { registrations } from '../../backend/src/database/schema/registrations';
import { LiveSeatsService } from '../../backend/src/live-seats/live-seats.service';
import { RegistrationConfirmationsService } from '../../backend/src/registrations/registration-confirmations.service';
import { createUser, signedIn } from './support/accounts';
import { createEvent } from './support/factories';
import { SeatStream } from './support/seat-stream';
import { startApp, type TestApp, useTestApp } from './support/test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const TOKEN = 'metrics-token-for-the-tests-0123456789';
const BEARER = `Bearer ${TOKEN}`;

/** One sample of a scrape: its value, or undefined when the series is not there. */
function sample(scrape: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of scrape.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

async function scrape(t: TestApp): Promise<string> {
  const response = await request(t.http).get('/metrics').set('Authorization', BEARER);
  expect(response.status).toBe(200);
  return response.text;
}

describe('metrics', () => {
  const t = useTestApp({ metricsToken: TOKEN }, { now: DURING_REGISTRATION });

  it('are closed without the token: no session opens them, a wrong token neither', async () => {
    const superAdmin = await signedIn(t, await createUser(t, { role: 'superadmin' }));
    for (const asked of [
      request(t.http).get('/metrics'),
      superAdmin.get('/metrics'),
      request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`),
    ]) {
      const response = await asked;
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.text).not.toContain('festival_');
    }
    const answer = await request(t.http).get('/metrics').set('Authorization', BEARER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
    // Only under the API's prefix is anything else served as an API.
    expect((await request(t.http).get('/api/v1/metrics').set('Authorization', BEARER)).status).toBe(404);
  });

  it("count a small rush's registrations, per route and outcome, as the database holds them", async () => {
    const event = await createEvent(t.db, { maxApplications: 5 });
    const before = await scrape(t);
    const taken = (text: string) => sample(text, 'festival_registrations_total', { outcome: 'taken' }) ?? 0;
    const refused = (text: string) => sample(text, 'festival_registrations_total', { outcome: 'refused' }) ?? 0;
    const answered = (text: string, status: string) =>
      sample(text, 'festival_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/solo', status }) ?? 0;

    const students = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    const agents = await Promise.all(students.map((student) => signedIn(t, student)));
    const statuses = await Promise.all(agents.map((agent, i) => agent.post('/api/v1/solo').send({ eventId: event.id, studentId: students[i].id })));
    expect(statuses.map((response) => response.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);

    const after = await scrape(t);
    const [held] = await t.db.select({ n: count() }).from(registrations).where(eq(registrations.eventId, event.id));
    expect(taken(after) - taken(before)).toBe(held.n);
    expect(held.n).toBe(5);
    expect(refused(after) - refused(before)).toBe(3);
    expect(answered(after, '201') - answered(before, '201')).toBe(5);
    expect(answered(after, '409') - answered(before, '409')).toBe(3);
    expect(sample(after, 'festival_event_seats_left', { event: event.id })).toBe(0);
  });

  it('tell the outbox and the confirmations job as they are', async () => {
    const event = await createEvent(t.db, { maxApplications: 10 });
    for (let i = 0; i < 3; i += 1) {
      const student = await createUser(t);
      expect((await (await signedIn(t, student)).post('/api/v1/solo').send({ eventId: event.id, studentId: student.id })).status).toBe(201);
    }
    const before = await scrape(t);
    const runs = (text: string) => sample(text, 'festival_job_runs_total', { job: 'confirm-registrations', outcome: 'done' }) ?? 0;
    expect(await t.app.get(RegistrationConfirmationsService).confirmNew()).toBe(3);

    const after = await scrape(t);
    const [unsent] = await t.db.select({ n: count() }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
    expect(unsent.n).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'festival_outbox_pending')).toBe(unsent.n);
    expect(sample(after, 'festival_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'festival_outbox_given_up')).toBe(0);
    expect(runs(after) - runs(before)).toBe(1);
    expect(sample(after, 'festival_job_duration_seconds_count', { job: 'confirm-registrations' })).toBeGreaterThanOrEqual(1);
  });

  it('tell the live streams open, the database pool and the runtime', async () => {
    const stream = await SeatStream.open(t.http as never);
    await stream.nextOf('snapshot');
    const text = await scrape(t);
    expect(sample(text, 'festival_seat_streams_open')).toBe(t.app.get(LiveSeatsService).watcherCount());
    expect(sample(text, 'festival_seat_streams_open')).toBe(1);
    stream.close();
    // The embedded database has one connection and no pool: its series are not there.
    const inPool = (state: string) => sample(text, 'festival_database_pool_connections', { state });
    if (process.env.DATABASE_URL) expect((inPool('in_use') ?? 0) + (inPool('idle') ?? 0)).toBeGreaterThan(0);
    else expect(inPool('idle')).toBeUndefined();
    expect(sample(text, 'festival_database_pool_waiting')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('are off: the route is not there for anyone', async () => {
    const t = await startApp({ metricsToken: undefined });
    try {
      expect((await request(t.http).get('/metrics')).status).toBe(404);
      expect((await request(t.http).get('/metrics').set('Authorization', 'Bearer anything-at-all-0123456789')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
