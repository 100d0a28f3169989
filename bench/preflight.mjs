// What the bench needs before it measures anything: a PostgreSQL server it can reach, sign in to
// and create its own database on. When something is missing it says what to set or start, in
// one paragraph, and exits with a code of its own: no driver stack trace.
import net from 'node:net';
import pg from 'pg';
import { freshDatabase } from '../scripts/fresh-database.mjs';

/** Exit codes, so a script running the bench can tell the causes apart. */
export const EXIT = { measureMissed: 1, setting: 2, unreachable: 3, refused: 4, missingDatabase: 5, serverFailed: 6 };

const EXAMPLE = 'DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench';

/** Something the operator must fix: the bench says what in one paragraph and exits with `code`. */
export class BenchStopped extends Error {
  constructor(code, paragraph) {
    super(paragraph);
    this.code = code;
  }
}

export function stop(code, paragraph) {
  throw new BenchStopped(code, paragraph);
}

/**
 * Runs the bench. A BenchStopped is printed as its paragraph with its exit code; anything else
 * (a bug, or PostgreSQL going away mid-run) keeps its stack.
 */
export async function runBench(body) {
  try {
    await body();
  } catch (error) {
    if (!(error instanceof BenchStopped)) throw error;
    console.error(`\nnpm run bench cannot run: ${error.message}\n`);
    process.exitCode = error.code;
  }
}

/** Answers DATABASE_URL once PostgreSQL has accepted a connection on it; stops the bench otherwise. */
export async function requirePostgres(env = process.env) {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (!databaseUrl) {
    stop(
      EXIT.setting,
      `it measures the product on PostgreSQL and DATABASE_URL is not set. Point it at a PostgreSQL server whose user may create databases (the bench works in a database of its own, <name>_bench, recreated each run), e.g. ${EXAMPLE}`,
    );
  }
  let url;
  try {
    url = new URL(databaseUrl);
  } catch {
    url = undefined;
  }
  if (!url || !/^postgres(ql)?:$/.test(url.protocol)) {
    stop(EXIT.setting, `DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname (got "${databaseUrl}").`);
  }
  const where = `${url.hostname}:${url.port || 5432}`;
  const database = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  const user = decodeURIComponent(url.username) || 'the current system user';
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    stop(...explain(error, { where, database, user }));
  } finally {
    await client.end().catch(() => undefined);
  }
  return databaseUrl;
}

/** The exit code and the paragraph for a failed connection, by the driver's error code. */
function explain(error, { where, database, user }) {
  const code = error?.code;
  if (code === '3D000') {
    return [
      EXIT.missingDatabase,
      `PostgreSQL at ${where} has no database "${database}". The bench connects to the database DATABASE_URL names and creates its own (${database}_bench) beside it: create it first (createdb -h ${where.split(':')[0]} "${database}"), or name one that exists, e.g. ${EXAMPLE}`,
    ];
  }
  if (code === '28P01' || code === '28000') {
    return [
      EXIT.refused,
      `PostgreSQL at ${where} refused to sign in ${user} (${error.message}). Put a user and password it accepts in DATABASE_URL (postgres://user:password@${where}/${database}); the user must be allowed to create databases.`,
    ];
  }
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ETIMEDOUT', '57P03'].includes(code) || /timeout/i.test(error?.message ?? '')) {
    return [
      EXIT.unreachable,
      `no PostgreSQL server is accepting connections at ${where} (${code ?? error.message}). Start one (e.g. pg_ctlcluster 15 main start, or docker compose up db), or point DATABASE_URL at a running server.`,
    ];
  }
  return [
    EXIT.unreachable,
    `PostgreSQL at ${where} could not be used (${code ? `${code}: ` : ''}${error?.message}). Check DATABASE_URL and that the server is running.`,
  ];
}

/** A fresh database `<name>_<suffix>` for the run; a user who may not create one is told so. */
export async function benchDatabase(baseUrl, suffix) {
  try {
    return await freshDatabase(baseUrl, suffix);
  } catch (error) {
    if (error?.code === '42501') {
      stop(
        EXIT.refused,
        `the user in DATABASE_URL may not create databases (${error.message}), and the bench works in one of its own. Use a user with CREATEDB (e.g. postgres), or ALTER ROLE ... CREATEDB.`,
      );
    }
    throw error;
  }
}

/** Something already answering on the port would pass a server's health check in its stead. */
export async function requireFreePort(port) {
  const answers = await new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (answers) {
    stop(
      EXIT.serverFailed,
      `port ${port} is already in use by another program. Stop it, or set BENCH_PORT to the start of a free range (the bench uses BENCH_PORT and the nine ports above it).`,
    );
  }
}
