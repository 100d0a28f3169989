// `BENCH_INSTANCES=1,2,3 npm run bench`: for each count, that many app instances started together
// on ONE fresh database (migrations and demo data applied once), behind a round-robin balancer
// the bench starts itself; the registration rush and the visitors' event list through it, every
// invariant checked after each, and sign-ups whose e-mails (sent by whichever instance's
// delivery job claims them) must reach an SMTP sink exactly once.
import os from 'node:os';
import pg from 'pg';
import { runLoad } from './load.mjs';
import { startMailSink } from './mail-sink.mjs';
import { benchDatabase, EXIT, stop } from './preflight.mjs';
import { count, phase } from './progress.mjs';
import { machineLine, markdownTable, publish, verdict } from './report.mjs';
import { startRoundRobinProxy } from './round-robin-proxy.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
// The balancer listens two above BENCH_PORT (the single-instance bench and its bare server take
// the two below); instances take the ports after it, so at most seven fit in BENCH_PORT's ten.
const PROXY_PORT = PORT + 2;
const MAX_INSTANCES = 7;
const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 60);
const MAIL_WAIT_MS = 60_000;
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 4000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const LIST_SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 8);

function instanceCounts(raw) {
  const counts = raw.split(',').map((part) => Number(part.trim()));
  if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_INSTANCES)) {
    stop(EXIT.setting, `BENCH_INSTANCES must list instance counts from 1 to ${MAX_INSTANCES}, e.g. BENCH_INSTANCES=1,2,3 (got "${raw}").`);
  }
  return counts;
}

/** `measures` are the single-instance bench's own functions (bench/run.mjs), pointed at the balancer. */
export async function scaleOut(baseUrl, rawCounts, measures) {
  const counts = instanceCounts(rawCounts);
  const sink = await startMailSink(0);
  const rows = [];
  try {
    // Each count starts on a fresh database, so its instances migrate and load the demo data
    // together, and every rush meets the same tables.
    for (const instances of counts) {
      console.log(`\n— ${instances} instance${instances > 1 ? 's' : ''} behind the balancer on port ${PROXY_PORT} —`);
      const databaseUrl = await phase(
        'Creating a fresh database',
        () => benchDatabase(baseUrl, 'bench'),
        (url) => new URL(url).pathname.slice(1),
      );
      const db = new pg.Client({ connectionString: databaseUrl });
      try {
        rows.push(
          await withInstances(databaseUrl, instances, sink.url, measures, async (servers) => {
            await db.connect();
            const startedOnce = await migratedAndLoadedOnce(db);
            const students = await phase(
              `Seeding ${count(STUDENTS)} signed-in students`,
              () => measures.seedStudents(db),
              (made) => `${count(made.length)} students`,
            );
            return { ...(await measureThroughBalancer(db, instances, servers, students, sink, measures)), startedOnce };
          }),
        );
      } finally {
        await db.end().catch(() => undefined);
      }
    }
    const settings = `${count(STUDENTS)} students per rush, ${CONNECTIONS} connections through the balancer, ${LIST_SECONDS} s of event list, ${SIGNUPS} sign-ups per count`;
    const db = new pg.Client({ connectionString: baseUrl });
    await db.connect();
    publish('scale-out', `${await machineLine(db, settings).finally(() => db.end())}\n\n${scaleTable(rows)}`);
    if (rows.some((row) => !row.invariantsHold || !row.mail.once || !row.startedOnce.once)) process.exitCode = EXIT.measureMissed;
  } finally {
    await sink.close();
  }
}

/** Instances that started together applied each migration once and loaded the demo festival once. */
async function migratedAndLoadedOnce(db) {
  const { rows } = await db.query(
    `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
            (select count(distinct hash)::int from drizzle.__drizzle_migrations) as distinct_migrations,
            (select count(*)::int from events) as events,
            (select count(*)::int from app_milestones) as milestones`,
  );
  const { migrations, distinct_migrations: distinct, events, milestones } = rows[0];
  return { migrations, events, once: migrations === distinct && events === 24 && milestones === 1 };
}

/** Starts `instances` servers together (as a deployment does) and the balancer, runs `work`, stops them all. */
async function withInstances(databaseUrl, instances, smtpUrl, measures, work) {
  const ports = Array.from({ length: instances }, (_, i) => PROXY_PORT + 1 + i);
  const env = { PUBLIC_URL: `http://localhost:${PROXY_PORT}`, TRUST_PROXY: '1', SMTP_URL: smtpUrl };
  const started = await phase(
    `Starting ${instances} instance${instances > 1 ? 's' : ''} at once on ports ${ports.join(', ')} (one database, migrations under the advisory lock)`,
    () => Promise.allSettled(ports.map((port) => measures.startServer(databaseUrl, port, env))),
    (results) => `${results.filter((r) => r.status === 'fulfilled').length} answering`,
  );
  const servers = started.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  let proxy;
  try {
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    proxy = await startRoundRobinProxy(PROXY_PORT, ports);
    const row = await work(servers);
    const errors = [...proxy.failures].map(([cause, n]) => `${n} ${cause}`);
    if (proxy.retried() > 0) errors.push(`(${proxy.retried()} sent again after an idle connection closed)`);
    return { ...row, serverErrors: errors.join(', ') || 'none' };
  } finally {
    await proxy?.close();
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((server) => (server.exitCode === null ? new Promise((resolve) => server.once('exit', resolve)) : undefined)));
  }
}

async function measureThroughBalancer(db, instances, servers, students, sink, measures) {
  await phase(`Warming up every instance through the balancer`, () => measures.warmUp(students, PROXY_PORT));
  const eventId = await measures.createRushEvent(db, `Rush through ${instances} instance${instances > 1 ? 's' : ''}`);
  const rush = await phase(
    `Rush through the balancer: ${count(students.length)} students at ${CONNECTIONS} connections`,
    () => measures.rushThroughHttp(students, eventId, PROXY_PORT),
    (r) => `${count(r.registered)} registered, ${count(r.full)} refused as full, ${r.errors} errors in ${r.wallSeconds.toFixed(1)} s`,
  );
  const seats = await measures.checkNoOverbooking(db, eventId);
  const list = await phase(
    `The visitors' event list through the balancer for ${LIST_SECONDS} s`,
    () => measures.listRequestsPerSecond(PROXY_PORT),
    (l) => `${count(Math.round(l.requestsPerSecond))} requests/s, ${l.errors} errors`,
  );
  const mail = await phase(
    `${SIGNUPS} sign-ups through the balancer, their e-mails delivered by the instances' outbox jobs`,
    () => signUpsMailedOnce(db, instances, sink),
    (m) => `${m.accepted} sign-ups accepted, ${m.outboxRows} e-mails in the outbox, ${m.sent} delivered, ${m.duplicates} delivered twice, ${m.missing} missing`,
  );
  return {
    instances,
    rush,
    registrationsPerSecond: rush.registered / rush.wallSeconds,
    seats,
    invariantsHold: seats.consistent && rush.errors === 0 && seats.taken === seats.seats,
    list,
    mail,
    peakMemoryMb: Math.max(...servers.map((server) => measures.peakMemoryMb(server.pid))),
  };
}

/**
 * Signs up new students through the balancer, so the sign-ups (and their outbox rows) are
 * spread over the instances, then waits until every instance's delivery job has drained the
 * outbox and checks that the sink got exactly one e-mail per sign-up.
 */
async function signUpsMailedOnce(db, instances, sink) {
  const emails = Array.from({ length: SIGNUPS }, (_, i) => `scale${instances}x${i}@campus.ac.in`);
  let next = 0;
  const { outcomes } = await runLoad(`http://127.0.0.1:${PROXY_PORT}`, {
    connections: 8,
    nextRequest: () => {
      const i = next++;
      if (i >= emails.length) return undefined;
      return {
        method: 'POST',
        path: '/api/v1/user/signup',
        headers: { origin: `http://localhost:${PROXY_PORT}` },
        body: {
          name: `Scale Student ${lettersOf(i)}`,
          year: '3',
          dept: 'CSE',
          email: emails[i],
          password: 'Bench@12345',
          gender: 'Male',
          rollNumber: `S${instances}X${i}`,
        },
      };
    },
  });
  const accepted = outcomes.filter((o) => o.status === 201).length;
  const deadline = Date.now() + MAIL_WAIT_MS;
  let waiting;
  do {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { rows } = await db.query('select count(*)::int as waiting from mail_outbox where sent_at is null and recipient = any($1)', [emails]);
    waiting = rows[0].waiting;
  } while (waiting > 0 && Date.now() < deadline);
  // A last look after the outbox says all is sent: a second delivery would land by now.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const delivered = emails.map((email) => sink.deliveries.get(email) ?? 0);
  const { rows } = await db.query('select count(*)::int as rows from mail_outbox where recipient = any($1)', [emails]);
  const result = {
    expected: SIGNUPS,
    accepted,
    outboxRows: rows[0].rows,
    sent: delivered.filter((n) => n > 0).length,
    duplicates: delivered.filter((n) => n > 1).length,
    missing: delivered.filter((n) => n === 0).length,
  };
  return { ...result, once: accepted === SIGNUPS && result.outboxRows === SIGNUPS && result.sent === SIGNUPS && result.duplicates === 0 };
}

/** Names take letters only: 0 → "A", 27 → "AB". */
const lettersOf = (n) => (n >= 26 ? lettersOf(Math.floor(n / 26) - 1) : '') + String.fromCharCode(65 + (n % 26));

function scaleTable(rows) {
  const base = rows.find((row) => row.instances === 1) ?? rows[0];
  const ratio = (value, of) => `${(value / of).toFixed(2)}×`;
  return (
    markdownTable(
      [
        'instances',
        'registrations/s',
        'vs ' + base.instances,
        'p50 / p99',
        'event list requests/s',
        'vs ' + base.instances,
        'migrations, demo events',
        'seats taken, errors',
        'e-mails once',
        'server errors seen by the balancer',
        'peak memory per instance',
      ],
      rows.map((row) => [
        String(row.instances),
        count(Math.round(row.registrationsPerSecond)),
        ratio(row.registrationsPerSecond, base.registrationsPerSecond),
        `${row.rush.p50.toFixed(0)} / ${row.rush.p99.toFixed(0)} ms`,
        count(Math.round(row.list.requestsPerSecond)),
        ratio(row.list.requestsPerSecond, base.list.requestsPerSecond),
        `${row.startedOnce.migrations}, ${row.startedOnce.events}: ${verdict(row.startedOnce.once)}`,
        `${count(row.seats.taken)} of ${count(row.seats.seats)}, ${row.rush.errors} errors: ${verdict(row.invariantsHold)}`,
        `${row.mail.sent} of ${row.mail.expected}, ${row.mail.duplicates} twice: ${verdict(row.mail.once)}`,
        row.serverErrors,
        `${Math.round(row.peakMemoryMb)} MB`,
      ]),
    ) + `\n\n${os.cpus().length} cores run PostgreSQL, every instance, the balancer and the load generator together.`
  );
}
