import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Logger } from '@nestjs/common';
import type { ClientBase, QueryConfig } from 'pg';
import type { AppConfig, DatabaseTimeouts } from '../config/app-config.js';
import { databaseUnavailable } from './database-unavailable.js';
import type { Database } from './database.service.js';
import * as schema from './schema/index.js';
import { guardSharedConnection } from './transaction-scope.js';

export interface OpenDatabase {
  kind: 'postgres' | 'pglite';
  db: Database;
  /** One round trip, refused after `timeoutMs` whether the server answers, hangs or is gone. */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's pool right now; the embedded database has one connection and no pool. */
  poolUse?(): PoolUse;
}

export interface PoolUse {
  inUse: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const logger = new Logger('Database');
const RETRY_EVERY_MS = 1000;

/**
 * Connects to PostgreSQL when DATABASE_URL is set, otherwise to PGlite in DATA_DIR, and applies
 * any pending migrations. Both drivers are loaded lazily so each deployment loads only its own.
 */
export async function openDatabase(config: AppConfig): Promise<OpenDatabase> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize, config.databaseTimeouts)
    : openPglite(config.dataDir, config.embeddedTemplate);
}

/**
 * At start, PostgreSQL may still be starting (a container started alongside, a host rebooting):
 * keeps trying for DATABASE_STARTUP_WAIT_MS, saying in the log what it waits for, instead of
 * failing on the first refused connection. A wrong password or database name fails at once.
 */
export async function waitForDatabase(config: AppConfig): Promise<void> {
  if (!config.databaseUrl) return;
  const { default: pg } = await import('pg');
  const { connectMs, startupWaitMs } = config.databaseTimeouts;
  const deadline = Date.now() + startupWaitMs;
  for (;;) {
    const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: connectMs });
    client.on('error', () => undefined); // the failed connect below reports it
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const reason = databaseUnavailable(error);
      const left = deadline - Date.now();
      if (!reason || left <= 0) throw new Error(`Cannot connect to PostgreSQL at ${serverOf(config.databaseUrl)}: ${(error as Error).message || reason}`);
      logger.warn(
        `Waiting for PostgreSQL at ${serverOf(config.databaseUrl)} to accept connections (${reason}); trying again for ${Math.ceil(left / 1000)} s more`,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_EVERY_MS, left)));
    }
  }
}

/** host:port/database, without the credentials. */
function serverOf(connectionString: string): string {
  const url = new URL(connectionString);
  return `${url.host}${url.pathname}`;
}

async function openPostgres(connectionString: string, max: number, timeouts: DatabaseTimeouts): Promise<OpenDatabase> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  await migrate(connectionString, timeouts.connectMs);
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.queryMs,
  });
  // A connection that dies (PostgreSQL restarting, a network cut) emits 'error' on its client,
  // and on the pool while idle; unheard, either ends the process. The pool drops the dead
  // connection and opens new ones on demand, so logging is all there is to do. The query that
  // was running fails on its own, and its request answers 503.
  pool.on('connect', (client: ClientBase) =>
    client.on('error', (error) => logger.warn(`Database connection lost (${databaseUnavailable(error) ?? error.message})`)),
  );
  pool.on('error', () => undefined);
  guardSharedConnection(pool, 'The PostgreSQL pool', ['query', 'connect']);
  const db = drizzle(pool, { schema });
  return {
    kind: 'postgres',
    db: db as unknown as Database,
    ping: (timeoutMs) => withDeadline(pool.query(probe(timeoutMs)), timeoutMs),
    close: () => pool.end(),
    poolUse: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Migrations run on a connection of their own, without the request timeouts (a migration may
 * rightly take longer than a request). Several app instances may start together; the advisory
 * lock lets one migrate at a time.
 */
async function migrate(connectionString: string, connectMs: number): Promise<void> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate: applyMigrations } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs });
  client.on('error', (error) => logger.warn(`Database connection lost while migrating (${error.message})`));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    await applyMigrations(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `select 1` with the driver's own per-query timeout, so a client stuck on a frozen server is dropped, not reused. */
function probe(timeoutMs: number): QueryConfig {
  const query: QueryConfig & { query_timeout: number } = { text: 'select 1', query_timeout: timeoutMs };
  return query;
}

/** Settles with `promise`, or rejects once `ms` have passed (waiting for a connection included). */
async function withDeadline(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function openPglite(dataDir: string, template: Blob | undefined): Promise<OpenDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // A template serves only a throw-away database: one on disk keeps what it holds.
  const client = await PGlite.create(dataDir, inMemory && template ? { loadDataDir: template } : undefined);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  guardSharedConnection(client, 'The PGlite connection', ['query', 'exec', 'transaction']);
  return {
    kind: 'pglite',
    db: db as unknown as Database,
    ping: (timeoutMs) => withDeadline(client.query('select 1'), timeoutMs),
    close: () => client.close(),
  };
}
