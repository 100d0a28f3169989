import { eq } from 'drizzle-orm';
import { eventSeats } from '../../backend/src/database/schema/events';
import { EventsService } from '../../backend/src/events/events.service';
import { LiveSeatsService } from '../../backend/src/live-seats/live-seats.service';
import { createUser, signedIn } from './support/accounts';
import { createEvent } from './support/factories';
import { PostgresCluster } from './support/postgres-cluster';
import { SeatStream, type StreamedSeats } from './support/seat-stream';
import { startApp, type TestApp, useTestApp } from './support/test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
/** Read often, so a change shows within a test's patience. */
const INTERVAL_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Streams the block's tests open, each closed after its test, which waits until the instance has let them all go. */
function openedStreams(t: TestApp) {
  const streams: SeatStream[] = [];
  const hub = () => t.app.get(LiveSeatsService);
  const open = async (headers?: Record<string, string>) => {
    const stream = await SeatStream.open(t.http as never, headers);
    streams.push(stream);
    return stream;
  };
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await waitFor(() => hub().watcherCount() === 0, 'the streams to be let go');
  });
  return { open, hub };
}

async function register(t: TestApp, eventId: string): Promise<void> {
  const student = await createUser(t);
  const agent = await signedIn(t, student);
  const response = await agent.post('/api/v1/solo').send({ eventId, studentId: student.id });
  expect(response.status).toBe(201);
}

describe('live seat counts', () => {
  // Every page of this block is on one address, and one test opens twenty-one of them.
  const t = useTestApp({ seatStreamIntervalMs: INTERVAL_MS, seatStreamMaxPerClient: 50 }, { now: DURING_REGISTRATION });
  const { open, hub } = openedStreams(t);

  it("opens with every event's seats (held seats are not available; unlimited is null), uncompressed and never cached", async () => {
    const limited = await createEvent(t.db, { maxApplications: 5, seatsTaken: 2 });
    await t.db.update(eventSeats).set({ held: 1 }).where(eq(eventSeats.eventId, limited.id));
    const unlimited = await createEvent(t.db, { maxApplications: null, seatsTaken: 7 });

    const stream = await open({ 'Accept-Encoding': 'br, gzip' });
    expect(stream.status).toBe(200);
    expect(stream.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      'x-request-id': expect.any(String),
      'x-content-type-options': 'nosniff',
    });
    expect(stream.headers['content-encoding']).toBeUndefined();
    const snapshot = await stream.nextOf<StreamedSeats[]>('snapshot');
    expect(snapshot).toHaveLength(2);
    expect(snapshot).toEqual(
      expect.arrayContaining([
        { id: limited.id, maxApplications: 5, actualSeatsTaken: 2, availableSeats: 2 },
        { id: unlimited.id, maxApplications: null, actualSeatsTaken: 7, availableSeats: null },
      ]),
    );
  });

  it("tells of another student's registration with the new count, and of nothing else", async () => {
    const event = await createEvent(t.db, { maxApplications: 3, seatsTaken: 1 });
    await createEvent(t.db, { maxApplications: 10 });
    const stream = await open();
    await stream.nextOf('snapshot');

    await register(t, event.id);
    expect(await stream.nextOf<StreamedSeats>('seats')).toEqual({ id: event.id, maxApplications: 3, actualSeatsTaken: 2, availableSeats: 1 });
    await sleep(INTERVAL_MS * 4);
    expect(stream.unread()).toEqual([]);
  });

  it('says nothing while nothing changes', async () => {
    await createEvent(t.db, { maxApplications: 3 });
    const stream = await open();
    await stream.nextOf('snapshot');
    await sleep(INTERVAL_MS * 6);
    expect(stream.unread()).toEqual([]);
    expect(stream.ended).toBe(false);
  });

  it("tells every page, a capacity raised by the club's admin included", async () => {
    const event = await createEvent(t.db, { maxApplications: 1, seatsTaken: 1 });
    const [first, second] = await Promise.all([open(), open()]);
    expect(await first.nextOf<StreamedSeats[]>('snapshot')).toEqual([{ id: event.id, maxApplications: 1, actualSeatsTaken: 1, availableSeats: 0 }]);
    await second.nextOf('snapshot');

    const admin = await createUser(t, { role: 'admin', club: event.clubInCharge });
    const agent = await signedIn(t, admin);
    await agent.put(`/api/v1/admin/events/${event.id}`).set('Origin', 'http://localhost:3000').send({ maxApplications: 2 }).expect(200);

    const raised = { id: event.id, maxApplications: 2, actualSeatsTaken: 1, availableSeats: 1 };
    expect(await first.nextOf('seats')).toEqual(raised);
    expect(await second.nextOf('seats')).toEqual(raised);
  });

  it('a page joining later starts from the current seats, and the reader reads once for all', async () => {
    const event = await createEvent(t.db, { maxApplications: 4 });
    const reads = jest.spyOn(t.app.get(EventsService), 'seatCounts');
    try {
      const first = await open();
      await first.nextOf('snapshot');
      await register(t, event.id);
      await first.nextOf('seats');
      const pages = await Promise.all(Array.from({ length: 20 }, () => open()));
      for (const page of pages) expect(await page.nextOf('snapshot')).toEqual([{ id: event.id, maxApplications: 4, actualSeatsTaken: 1, availableSeats: 3 }]);
      const before = reads.mock.calls.length;
      await sleep(INTERVAL_MS * 5);
      // One read per interval for twenty-one pages, not one per page (a little slack for timers).
      expect(reads.mock.calls.length - before).toBeLessThanOrEqual(6);
    } finally {
      reads.mockRestore();
    }
  });

  it('lets go of a page that leaves, and stops reading when the last one does', async () => {
    await createEvent(t.db);
    const reads = jest.spyOn(t.app.get(EventsService), 'seatCounts');
    try {
      const [first, second] = await Promise.all([open(), open()]);
      await Promise.all([first.nextOf('snapshot'), second.nextOf('snapshot')]);
      expect(hub().watcherCount()).toBe(2);
      first.close();
      await waitFor(() => hub().watcherCount() === 1, 'the first page to be let go');
      second.close();
      await waitFor(() => hub().watcherCount() === 0, 'the last page to be let go');
      await sleep(INTERVAL_MS);
      const after = reads.mock.calls.length;
      await sleep(INTERVAL_MS * 5);
      expect(reads.mock.calls.length).toBe(after);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('live seat counts: the most streams open at once', () => {
  // Three streams an instance, two a client address, the address read from X-Forwarded-For behind one proxy.
  const t = useTestApp({ seatStreamIntervalMs: INTERVAL_MS, seatStreamMaxClients: 3, seatStreamMaxPerClient: 2, trustProxy: 1 });
  const { open, hub } = openedStreams(t);
  const openFrom = (address: string) => open({ 'X-Forwarded-For': address });

  async function expectRefused(stream: SeatStream, message: string): Promise<void> {
    expect(stream.status).toBe(503);
    expect(stream.headers['retry-after']).toBe('5');
    expect(stream.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(await stream.body())).toEqual({ success: false, message });
  }

  it('refuses a client address its third stream, and lets it open one again when one closes', async () => {
    await createEvent(t.db);
    const [first, second] = [await openFrom('203.0.113.7'), await openFrom('203.0.113.7')];
    await Promise.all([first.nextOf('snapshot'), second.nextOf('snapshot')]);

    await expectRefused(await openFrom('203.0.113.7'), 'Too many pages from your network are watching the seats. Please try again in a moment.');
    // Another address is not held back by this one.
    const other = await openFrom('198.51.100.20');
    expect(other.status).toBe(200);
    await other.nextOf('snapshot');

    first.close();
    await waitFor(() => hub().watcherCount() === 2, 'the first page to be let go');
    const again = await openFrom('198.51.100.20');
    expect(again.status).toBe(200);
    await again.nextOf('snapshot');
    expect(hub().watcherCount()).toBe(3);
  });

  it('refuses any address once the instance holds its most streams, and takes one again when one closes', async () => {
    await createEvent(t.db);
    const open = [await openFrom('192.0.2.1'), await openFrom('192.0.2.2'), await openFrom('192.0.2.3')];
    for (const stream of open) await stream.nextOf('snapshot');

    await expectRefused(await openFrom('192.0.2.4'), 'Live seat counts are busy right now. Please try again in a moment.');
    expect(hub().watcherCount()).toBe(3);

    open[0].close();
    await waitFor(() => hub().watcherCount() === 2, 'a page to be let go');
    const next = await openFrom('192.0.2.4');
    expect(next.status).toBe(200);
    await next.nextOf('snapshot');
  });
});

describe('live seat counts at shutdown', () => {
  it('refuses a page that arrives once shutdown began, at once, without starting to read again', async () => {
    const app = await startApp({ seatStreamIntervalMs: INTERVAL_MS });
    try {
      await createEvent(app.db);
      const reads = jest.spyOn(app.app.get(EventsService), 'seatCounts');
      // Shutdown's first step, before the server stops taking connections.
      app.app.get(LiveSeatsService).onModuleDestroy();

      const late = await SeatStream.open(app.http as never);
      expect(late.status).toBe(503);
      expect(late.headers['retry-after']).toBe('5');
      expect(JSON.parse(await late.body())).toEqual({ success: false, message: 'The server is restarting. Please try again in a moment.' });
      await sleep(INTERVAL_MS * 3);
      expect(reads).not.toHaveBeenCalled();
      expect(app.app.get(LiveSeatsService).watcherCount()).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('ends the open streams, so the server closes without waiting for pages that never leave', async () => {
    const app = await startApp({ seatStreamIntervalMs: INTERVAL_MS });
    const stream = await SeatStream.open(app.http as never);
    await stream.nextOf('snapshot');
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await waitFor(() => stream.ended, 'the stream to end');
  });
});

/**
 * On a PostgreSQL server of its own, which this suite stops: the streams outlive the database's
 * absence, and two instances on one database tell their pages the same seats.
 */
describe('live seat counts across instances and a database restart', () => {
  jest.setTimeout(60_000);
  let cluster: PostgresCluster;
  let instances: TestApp[] = [];

  beforeAll(async () => {
    cluster = await PostgresCluster.create();
    const url = await cluster.createDatabase('festival_live_seats');
    const config = {
      databaseUrl: url,
      seatStreamIntervalMs: INTERVAL_MS,
      databaseTimeouts: { connectMs: 1000, statementMs: 1000, lockMs: 1000, idleInTransactionMs: 5000, queryMs: 2000, startupWaitMs: 10_000 },
    };
    instances = [await startApp(config, { now: DURING_REGISTRATION }), await startApp(config, { now: DURING_REGISTRATION })];
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await cluster?.destroy();
  });

  it("a page on one instance sees a registration made through the other, and the stream outlives PostgreSQL's restart", async () => {
    const [a, b] = instances;
    const event = await createEvent(a.db, { maxApplications: 10 });
    const stream = await SeatStream.open(b.http as never);
    try {
      await stream.nextOf('snapshot');
      await register(a, event.id);
      expect(await stream.nextOf('seats')).toMatchObject({ id: event.id, actualSeatsTaken: 1, availableSeats: 9 });

      await cluster.stop();
      try {
        await sleep(INTERVAL_MS * 10);
        expect(stream.ended).toBe(false);
        expect(b.app.get(LiveSeatsService).watcherCount()).toBe(1);
      } finally {
        await cluster.start();
      }
      await waitFor(
        async () =>
          await a.db.execute('select 1').then(
            () => true,
            () => false,
          ),
        'the database to be back',
        15_000,
      );
      await register(a, event.id);
      expect(await stream.nextOf('seats', 10_000)).toMatchObject({ id: event.id, actualSeatsTaken: 2, availableSeats: 8 });
    } finally {
      stream.close();
    }
  });
});
