import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { AppConfig } from '../../backend/src/config/app-config';
import { signedIn } from './support/accounts';
import { resetDatabase, startApp, type TestApp } from './support/test-app';

// 10:00 UTC is 15:30 in India, so the load day is 10 March there too.
const LOADED_AT = new Date('2026-03-10T10:00:00Z');
const A_WEEK_BEFORE = '2026-03-02T18:30:00.000Z'; // 3 March, midnight in India
const THREE_WEEKS_AFTER = '2026-03-30T18:30:00.000Z'; // 31 March, midnight in India

describe("the festival's dates", () => {
  let folders: string[] = [];
  let apps: TestApp[] = [];

  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    apps = [];
    folders = [];
  });

  /** A database that outlives one app and starts empty: the test PostgreSQL emptied, or a new PGlite folder. */
  async function emptyDatabase(): Promise<Partial<AppConfig>> {
    if (process.env.DATABASE_URL) {
      const cleaner = await startApp();
      await resetDatabase(cleaner.db);
      await cleaner.close();
      return {};
    }
    const folder = mkdtempSync(join(tmpdir(), 'festival-dates-'));
    folders.push(folder);
    return { dataDir: folder };
  }

  /** Starts the product as `npm start` does: demo data loaded at start when the database is empty. */
  async function start(database: Partial<AppConfig>, now: Date, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
    const app = await startApp({ ...database, demoData: true, ...overrides }, { now });
    apps.push(app);
    return app;
  }

  const festival = async (app: TestApp) => (await request(app.http).get('/api/v1/festival').expect(200)).body.festival;
  const eventDays = async (app: TestApp) => {
    const { body } = await request(app.http).get('/api/v1/events').expect(200);
    return new Set(body.events.map((event: { event_date: string }) => event.event_date.slice(0, 10)));
  };

  it('with demo data and no dates set, registration opened a week before the day it was loaded and the festival is three weeks after', async () => {
    const app = await start(await emptyDatabase(), LOADED_AT);

    expect(await festival(app)).toMatchObject({ registrationOpensAt: A_WEEK_BEFORE, festivalDate: THREE_WEEKS_AFTER, eventCount: 24 });
    // Every demo event is held on the festival day (its hours fall on 31 March in UTC too).
    expect(await eventDays(app)).toEqual(new Set(['2026-03-31']));
    // Registration is open: a demo student registers for a solo event.
    const { body } = await request(app.http).get('/api/v1/events').expect(200);
    const codeSprint = body.events.find((event: { name: string }) => event.name === 'Code Sprint');
    const priya = await signedIn(app, { email: 'priya.23cse@campus.ac.in' }, 'Student@123');
    const me = (await priya.get('/api/v1/user/load').expect(200)).body.user;
    await priya.post('/api/v1/solo').send({ eventId: codeSprint._id, studentId: me._id }).expect(201);
  });

  it('counts from the day in India: data loaded late in the evening there belongs to the next day', async () => {
    // 20:00 UTC is 01:30 on 11 March in India.
    const app = await start(await emptyDatabase(), new Date('2026-03-10T20:00:00Z'));

    expect(await festival(app)).toMatchObject({ registrationOpensAt: '2026-03-03T18:30:00.000Z', festivalDate: '2026-03-31T18:30:00.000Z' });
  });

  it('keeps the same dates when the server restarts later', async () => {
    const database = await emptyDatabase();
    const first = await start(database, LOADED_AT);
    await first.close();
    apps = [];

    const restarted = await start(database, new Date('2026-04-20T10:00:00Z'));

    expect(await festival(restarted)).toMatchObject({ registrationOpensAt: A_WEEK_BEFORE, festivalDate: THREE_WEEKS_AFTER, eventCount: 24 });
  });

  it('keeps set dates over the demo festival, and places the demo events on the set day', async () => {
    const set = { festivalDate: new Date('2026-12-20T00:00:00+05:30'), registrationOpensAt: new Date('2026-12-01T00:00:00+05:30'), festivalDatesSet: true };
    const app = await start(await emptyDatabase(), LOADED_AT, set);

    expect(await festival(app)).toMatchObject({ festivalDate: '2026-12-19T18:30:00.000Z', registrationOpensAt: '2026-11-30T18:30:00.000Z' });
    expect([...(await eventDays(app))].every((day) => /^2026-12-(19|20)$/.test(day as string))).toBe(true);
    // Registration has not opened yet on 10 March: the set opening date is the one the check reads.
    const { body } = await request(app.http).get('/api/v1/events').expect(200);
    const codeSprint = body.events.find((event: { name: string }) => event.name === 'Code Sprint');
    const priya = await signedIn(app, { email: 'priya.23cse@campus.ac.in' }, 'Student@123');
    const me = (await priya.get('/api/v1/user/load').expect(200)).body.user;
    const refused = await priya.post('/api/v1/solo').send({ eventId: codeSprint._id, studentId: me._id }).expect(409);
    expect(refused.body.message).toBe('Registration opens on 1 December 2026.');
  });

  it('without demo data, the configured defaults stand', async () => {
    const app = await start(await emptyDatabase(), LOADED_AT, { demoData: false });

    expect(await festival(app)).toMatchObject({ festivalDate: '2025-08-29T18:30:00.000Z', registrationOpensAt: '2025-08-13T18:30:00.000Z', eventCount: 0 });
  });
});
