import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { freshDatabase } from '../../scripts/fresh-database.mjs';
import { clubAdmin, DURING_REGISTRATION, person } from './support/admin';
import { createEvent } from './support/factories';
import { registeredTeamFromForm } from './support/teams';
import { resetDatabase, startApp, type TestApp } from './support/test-app';
// The same module .ci/run's lanes use for a database of their own.

const run = promisify(execFile);
const CLI = join(__dirname, '../../backend/dist/database/backup-cli.js');
const EVENT_DATE = new Date('2025-08-30T04:30:00.000Z');
/** Half an hour into the event (it starts at 10:00 in India): attendance and winners are both open. */
const EVENT_UNDERWAY = new Date('2025-08-30T10:30:00+05:30');

/** Every table of the product and of its migrations' record, each as its rows written out and sorted: two equal answers are two equal databases. */
async function everyTable(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<Record<string, string[]>> {
  const tables = await query("select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1");
  const contents: Record<string, string[]> = {};
  for (const { name } of tables as { name: string }[]) {
    const [schema, table] = name.split('.');
    contents[name] = (await query(`select * from "${schema}"."${table}"`)).map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

/** A festival with the rows a backup must keep: accounts, events, a solo seat and a team's, tickets, attendance, a winner. */
async function runFestival(t: TestApp): Promise<void> {
  const solo = await createEvent(t.db, { name: 'Code Sprint', clubInCharge: 'Tech Club', eventDate: EVENT_DATE });
  const group = await createEvent(t.db, { name: 'Hackathon', eventType: 'group', clubInCharge: 'Tech Club', eventDate: EVENT_DATE, maxTeamSize: 4 });
  const asha = await person(t, { name: 'Asha Verma' });
  await asha.agent.post('/api/v1/solo').send({ eventId: solo.id, studentId: asha.user.id }).expect(201);
  await registeredTeamFromForm(group, await person(t, { name: 'Ravi Kumar' }), [await person(t, { name: 'Meena Iyer' })]);
  t.clock.advance(EVENT_UNDERWAY.getTime() - t.clock.now().getTime());
  const admin = await clubAdmin(t, 'Tech Club');
  await admin.agent
    .put(`/api/v1/admin/events/${solo.id}/attendance`)
    .send({ attendance: [{ userId: asha.user.id, isPresent: true }] })
    .expect(200);
  await admin.agent
    .put(`/api/v1/admin/events/${solo.id}/winners`)
    .send({ winners: [{ place: 1, userId: asha.user.id }] })
    .expect(200);
}

/** Where a database is, as the CLI's environment says it: PostgreSQL's URL, or the embedded database's folder. */
interface Place {
  DATABASE_URL: string;
  DATA_DIR?: string;
}

/** `npm run backup` or `npm run restore` as an operator runs it, on the built server. */
const cli = (command: 'backup' | 'restore', file: string, place: Place) =>
  run(process.execPath, [CLI, command, file], { env: { PATH: process.env.PATH, NODE_ENV: 'test', ...place } });

async function postgresContents(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await everyTable(async (sql) => (await client.query(sql)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}

async function embeddedContents(dataDir: string) {
  const client = await PGlite.create(dataDir);
  try {
    return await everyTable(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await client.close();
  }
}

/**
 * The whole case: the festival's data made, two command-line processes (backup, then restore
 * into a fresh database) and a third refused. On the embedded database each process opens the
 * data folder itself, and beside CI's other lanes the case took 124 s: more than a hang's budget.
 */
const BACKUP_AND_RESTORE_MS = 300_000;

describe('backups', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'festival-backup-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it(
    'restore a festival whole (accounts, teams, tickets, attendance, winners) into an empty database, and refuse to restore over one in use',
    async () => {
      const postgres = process.env.DATABASE_URL;
      // The database of this run: the suite's PostgreSQL database, or the embedded one in a folder of its own.
      const source: Place = postgres ? { DATABASE_URL: postgres } : { DATABASE_URL: '', DATA_DIR: join(folder, 'festival') };
      const t = await startApp(postgres ? {} : { databaseUrl: undefined, dataDir: source.DATA_DIR }, { now: DURING_REGISTRATION });
      try {
        await resetDatabase(t.db);
        await runFestival(t);
      } finally {
        // The embedded database's folder has one owner at a time: the server stops before its backup.
        await t.close();
      }
      const file = join(folder, postgres ? 'festival.dump' : 'festival.tar.gz');
      const target: Place = postgres ? { DATABASE_URL: await freshDatabase(postgres, 'restored') } : { DATABASE_URL: '', DATA_DIR: join(folder, 'restored') };

      await cli('backup', file, source);
      await cli('restore', file, target);

      const contents = (where: Place) => (where.DATABASE_URL ? postgresContents(where.DATABASE_URL) : embeddedContents(where.DATA_DIR ?? ''));
      const [before, after] = [await contents(source), await contents(target)];
      expect(after).toEqual(before);
      expect(after['public.event_winners']).toHaveLength(1);
      expect(after['public.teams'].length).toBeGreaterThanOrEqual(1);
      const tickets = after['public.registrations'].map((row) => (JSON.parse(row) as { ticket_code: string | null }).ticket_code);
      expect(tickets.filter(Boolean).length).toBeGreaterThanOrEqual(3);

      await expect(cli('restore', file, target)).rejects.toMatchObject({ stderr: expect.stringMatching(/already holds/) });
      // A database that is not there is no backup (the embedded one would be made, empty, by opening it).
      const nowhere: Place = postgres ? { DATABASE_URL: `${postgres}_nowhere` } : { DATABASE_URL: '', DATA_DIR: join(folder, 'nowhere') };
      await expect(cli('backup', join(folder, 'nothing'), nowhere)).rejects.toMatchObject({
        stderr: expect.stringMatching(/does not exist|holds no database/),
      });
    },
    BACKUP_AND_RESTORE_MS,
  );
});
