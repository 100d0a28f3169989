import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../config/app-config.js';
import type { Database } from './database.service.js';
import * as schema from './schema/index.js';

export interface OpenDatabase {
  kind: 'postgres' | 'pglite';
  db: Database;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Connects to PostgreSQL when DATABASE_URL is set, otherwise to PGlite in DATA_DIR, and applies
 * any pending migrations. Both drivers are loaded lazily so each deployment loads only its own.
 */
export async function openDatabase(config: AppConfig): Promise<OpenDatabase> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.databasePoolSize) : openPglite(config.dataDir);
}

async function openPostgres(connectionString: string, max: number): Promise<OpenDatabase> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString, max });
  const db = drizzle(pool, { schema });
  // Several app instances may start together; the advisory lock lets one migrate at a time.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    await migrate(db, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    client.release();
  }
  return { kind: 'postgres', db: db as unknown as Database, close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<OpenDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { kind: 'pglite', db: db as unknown as Database, close: () => client.close() };
}
