import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';

/**
 * Backups of the festival's data, for `npm run backup` and `npm run restore` (docs/operations.md
 * "Backups"): PostgreSQL's own archive (pg_dump's custom format, taken from a consistent snapshot
 * while the product runs), or the embedded database's data folder as a gzipped tar (PGlite's own
 * dump, taken with the server stopped: one process owns that folder). A restore goes into an empty
 * database only, so it can never mix two festivals or overwrite the one in use.
 */

/** Runs a PostgreSQL client program, its messages on this process's; fails with its exit code. */
function runProgram(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${program} was not found: install PostgreSQL's client programs (the server's version or newer)`) : error),
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} stopped with exit code ${code}`))));
  });
}

export async function backUpPostgres(databaseUrl: string, file: string): Promise<void> {
  await runProgram('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

/** Tables of the product (its schema and its migrations' record) already in the database. */
async function productTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>("select count(*)::int as tables from pg_tables where schemaname in ('public', 'drizzle')");
    return rows[0].tables;
  } finally {
    await client.end();
  }
}

export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  if ((await productTables(databaseUrl)) > 0) {
    throw new Error(
      'The database in DATABASE_URL already holds tables: a backup is restored into an empty database (create one, and point DATABASE_URL at it)',
    );
  }
  await runProgram('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${databaseUrl}`, file]);
}

/**
 * The embedded database's data folder, gzipped. The server must be stopped: one process owns the
 * folder. A folder that holds no database is refused (opening it would make an empty one to back up).
 */
export async function backUpEmbedded(dataDir: string, file: string): Promise<void> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) throw new Error(`${dataDir} (DATA_DIR) holds no database to back up`);
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(dataDir);
  try {
    const archive = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Makes `dataDir` the backup's database: it must not exist yet, or be empty. */
export async function restoreEmbedded(dataDir: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} (DATA_DIR) already holds a database: a backup is restored into an empty folder (set DATA_DIR to a new one)`);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(dataDir, { loadDataDir: new Blob([await readFile(file)]) });
  await client.close();
}
