import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { App } from 'supertest/types';
import { AppModule } from '../../../backend/src/app.module';
import { AfterResponse } from '../../../backend/src/common/after-response';
import { Clock } from '../../../backend/src/common/clock';
import { type AppConfig, loadConfig } from '../../../backend/src/config/app-config';
import { APPLICATION_OPTIONS, configureApp, createHttpAdapter } from '../../../backend/src/configure-app';
import { type Database, DatabaseService } from '../../../backend/src/database/database.service';
import { FIRST_CLUBS } from '../../../backend/src/database/schema/clubs';
import { DEFAULT_RATE_LIMITS, type Limit, type LimitName, RATE_LIMITS } from '../../../backend/src/throttling/rate-limit.decorator';
import { embeddedTemplate } from './embedded-template';

export interface TestApp {
  app: INestApplication;
  http: App;
  db: Database;
  /** The product's clock: real time unless `now` was given, moved forward by `advance`. */
  clock: TestClock;
  close(): Promise<void>;
}

/** The one source of "now" the services read, which a test moves to expire links and sessions. */
class TestClock extends Clock {
  private offsetMs = 0;

  constructor(private readonly fixed?: Date) {
    super();
  }

  override now(): Date {
    return new Date((this.fixed?.getTime() ?? Date.now()) + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to where it started, so time moved by one test does not carry into the next. */
  reset(): void {
    this.offsetMs = 0;
  }
}

/**
 * The whole application on the test database: PostgreSQL at DATABASE_URL when it is set
 * (CI), otherwise an in-memory PGlite. Demo data stays off unless a test asks for it.
 */
interface StartOptions {
  /** A folder standing in for the built client. */
  clientDir?: string;
  /** Throttling limits to use instead of the product's (to reach a limit in a few requests). */
  rateLimits?: Partial<Record<LimitName, Limit>>;
  /** A fixed "now" for the product's clock, to place a test before, during or after registration (`clock.advance` moves it). */
  now?: Date;
}

export async function startApp(overrides: Partial<AppConfig> = {}, options: StartOptions = {}): Promise<TestApp> {
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: process.env.DATABASE_URL,
      // CI runs the suite once more with a pool of one connection (scripts/test-all.mjs).
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
      DATA_DIR: 'memory://',
      DEMO_DATA: 'false',
      EVENT_LIST_CACHE_MS: '0',
      DASHBOARD_CACHE_MS: '0',
      FESTIVAL_SETTINGS_CACHE_MS: '0',
    }),
    ...(process.env.DATABASE_URL ? {} : { embeddedTemplate: await embeddedTemplate() }),
    ...overrides,
  };
  const clock = new TestClock(options.now);
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(RATE_LIMITS)
    .useValue({ ...DEFAULT_RATE_LIMITS, ...options.rateLimits })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(config), APPLICATION_OPTIONS);
  await configureApp(app, config, options.clientDir ?? '/nonexistent-client');
  await app.init();
  // Fastify takes its routes once it is ready; supertest then talks to its server as to any other.
  await app.getHttpAdapter().getInstance().ready();
  // Tests run the scheduled jobs by hand, so a background run never races an assertion.
  const scheduler = app.get(SchedulerRegistry);
  for (const name of scheduler.getIntervals()) scheduler.deleteInterval(name);
  const db = app.get(DatabaseService).db;
  return { app, http: app.getHttpServer(), db, clock, close: () => app.close() };
}

/**
 * The app for a spec file: started once before its tests, its database emptied before each
 * test, closed after the last. Read `t.app` (or `t.http`, `t.db`, ...) inside the tests.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}, options: StartOptions = {}): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    await emptyDatabaseBeforeStart();
    started = await startApp(overrides, options);
  });
  beforeEach(() => {
    current().clock.reset();
    return resetDatabase(current().db);
  });
  afterAll(() => current().close());
  const current = () => {
    if (!started) throw new Error('The test app is not started yet: use it inside a test or a hook');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get http() {
      return current().http;
    },
    get db() {
      return current().db;
    },
    get clock() {
      return current().clock;
    },
    close: () => current().close(),
  };
}

/** Waits for the work the app does after answering (reset and resent-link e-mails). */
export function afterResponses(t: TestApp): Promise<void> {
  return t.app.get(AfterResponse).settled();
}

const PRODUCT_TABLES = `select tablename from pg_tables where schemaname = 'public'`;
const truncateAll = (tables: { tablename: string }[]) =>
  `truncate ${tables.map(({ tablename }) => `"public"."${tablename}"`).join(', ')} restart identity cascade`;

/** Each product table and the tables whose foreign keys point at it. */
const FOREIGN_KEYS = `select c.relname::text as "table", coalesce(string_agg(r.relname::text, ',') filter (where r.oid <> c.oid), '') as "referencedBy"
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  left join pg_constraint k on k.confrelid = c.oid and k.contype = 'f'
  left join pg_class r on r.oid = k.conrelid
  where n.nspname = 'public' and c.relkind = 'r' group by c.relname`;

/** The product's tables, each after every table that references it, read once per spec file. */
let deletionOrder: string[] | undefined;
async function tablesInDeletionOrder(db: Database): Promise<string[]> {
  if (deletionOrder) return deletionOrder;
  const { rows } = (await db.execute(sql.raw(FOREIGN_KEYS))) as { rows: { table: string; referencedBy: string }[] };
  const order: string[] = [];
  const place = (table: string, seen: Set<string>) => {
    if (order.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const child of rows.find((row) => row.table === table)?.referencedBy.split(',') ?? []) if (child) place(child, seen);
    order.push(table);
  };
  for (const { table } of rows) place(table, new Set());
  deletionOrder = order;
  return order;
}

/** The clubs a fresh database holds (migration 0015 writes them), written again after a test's emptying. */
const FIRST_CLUBS_VALUES = FIRST_CLUBS.map((name) => `('${name.replace(/'/g, "''")}')`).join(', ');
/** What the migrations write: the first clubs, and the first edition of the festival, open. */
const SEED_FIRST_ROWS = [
  `insert into "public"."clubs" ("name") values ${FIRST_CLUBS_VALUES}`,
  'insert into "public"."editions" ("id") values (1)',
  // The next edition is 2, as after the migration, whatever an earlier test started.
  `select setval(pg_get_serial_sequence('"public"."editions"', 'id'), 1)`,
];

/**
 * Empties every table (but the migrations journal) and writes the first clubs and edition again, so each
 * test starts from a fresh database's state. A delete per
 * table, referencing tables first, in one transaction: the tables hold a test's few rows, and
 * deleting them costs a fraction of a truncate, which replaces every table's files (a third of a
 * second a test, on each of the suite's runs).
 */
export async function resetDatabase(db: Database): Promise<void> {
  const tables = await tablesInDeletionOrder(db);
  await db.transaction(async (tx) => {
    for (const table of tables) await tx.execute(sql.raw(`delete from "public"."${table}"`));
    for (const seed of SEED_FIRST_ROWS) await tx.execute(sql.raw(seed));
  });
}

/**
 * A spec file's app starts on an empty database, since a start reads what it finds: the demo
 * data's milestone left by the spec file before would make its festival the demo's. (In-memory
 * PGlite starts empty anyway; the PostgreSQL of DATABASE_URL is shared by every spec file.)
 */
async function emptyDatabaseBeforeStart(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(PRODUCT_TABLES);
    if (rows.length > 0) {
      await client.query(truncateAll(rows));
      for (const seed of SEED_FIRST_ROWS) await client.query(seed);
    }
  } finally {
    await client.end();
  }
}
