// `npm run bench`: the registration rush, the same transaction as raw SQL, and the event list
// against a bare HTTP server, all in one run on this machine so their ratios can be compared.
// Needs DATABASE_URL (a PostgreSQL server); it works in a fresh database of its own.
// BENCH_INSTANCES=1,2,3 runs the scale-out mode instead (bench/scale-out.mjs), BENCH_FESTIVAL=1 the
// dashboards on a festival-sized database (bench/festival.mjs), BENCH_WATCHERS=1000 the rush with that
// many pages holding the live seat stream beside the rush with none (bench/live-seats.mjs),
// BENCH_OPERATIONS=1 the cost of metrics and the speed of mail (bench/operations.mjs), BENCH_DOOR=1 the
// door with no network and the organisers' messages beside a rush (bench/door.mjs), BENCH_CERTIFICATES=1
// issuing and zipping an event's 1,000 certificates (bench/certificates.mjs).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { latencies, runLoad } from './load.mjs';
import { benchDatabase, EXIT, requireFreePort, requirePostgres, runBench, stop } from './preflight.mjs';
import { count, phase } from './progress.mjs';
import { machineLine, markdownTable, publish, verdict } from './report.mjs';
import { untilConfirmed } from './settle.mjs';
import { teamRush } from './team-rush.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 4000);
const SEATS = Math.floor(STUDENTS * 0.75);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const LIST_SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 8);
// BENCH_PORT moves the product (and, one above it, the bare server) off ports already in use.
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BARE_PORT = PORT + 1;
const DAY = 24 * 60 * 60 * 1000;
const TARGETS = {
  registrationsPerSecond: 800,
  ratioToRawSql: 0.8,
  p99Ms: 150,
  listRatio: 0.7,
  signedInListRatio: 0.4,
  peakMemoryMb: 200,
  teamRatioToRawSql: 0.7,
};
const WARM_UP_REQUESTS = 2000;

const isoDay = (offsetDays) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const round = (value, digits = 1) => Number(value.toFixed(digits));

/** The built server as deployed; `env` adds to (or overrides) its environment. */
async function startServer(databaseUrl, port = PORT, env = {}) {
  await requireFreePort(port);
  // BENCH_SERVER_FLAGS passes Node flags to the server, e.g. --cpu-prof to see where time goes;
  // the heap's limits are the ones `npm run start:prod` and the container give it.
  const flags = ['--max-old-space-size=128', '--max-semi-space-size=8', ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)];
  const server = spawn(process.execPath, [...flags, 'backend/dist/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      // Development, as production refuses the demo festival and a missing mail server; the code
      // paths are the same (NODE_ENV changes only which settings the server refuses to start with).
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DEMO_DATA: 'true',
      FESTIVAL_DATE: isoDay(30),
      REGISTRATION_OPENS_AT: isoDay(-1),
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: '',
      ...env,
    },
    // Request logs are written as in production (LOG_LEVEL's default, info), to where nobody reads them.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exitCode;
  server.once('exit', (code) => (exitCode = code ?? 'a signal'));
  for (let attempt = 0; attempt < 300 && exitCode === undefined; attempt += 1) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  if (exitCode !== undefined) {
    stop(
      EXIT.serverFailed,
      `the server on port ${port} stopped (exit ${exitCode}) before it answered; its messages are above. If it is not built, run npm run build -w backend.`,
    );
  }
  stop(EXIT.serverFailed, `the server on port ${port} did not answer its health check within 30 s.`);
}

/** Students with live sessions, made in SQL: the product's sign-in throttling stays on. */
/** `prefix` names them (`bench0@…`, roll number `BENCH0`): a second batch in one database takes another. */
async function seedStudents(db, prefix = 'bench') {
  const passwordHash = await hash('Bench@12345');
  const ids = [];
  const tokens = [];
  for (let first = 0; first < STUDENTS; first += 1000) {
    const count = Math.min(1000, STUDENTS - first);
    const numbers = Array.from({ length: count }, (_, i) => first + i);
    const { rows } = await db.query(
      `insert into users (name, email, password_hash, role, is_verified, gender, dept, year, roll_number)
       select 'Bench Student ' || n, $3 || n || '@campus.ac.in', $1, 'student', true, 'Female', 'CSE', '3', upper($3) || n
       from unnest($2::int[]) as n returning id`,
      [passwordHash, numbers, prefix],
    );
    const batchTokens = rows.map(() => randomBytes(32).toString('base64url'));
    await db.query(`insert into sessions (user_id, token_hash, expires_at) select * from unnest($1::uuid[], $2::text[], $3::timestamptz[])`, [
      rows.map((r) => r.id),
      batchTokens.map((t) => createHash('sha256').update(t).digest('hex')),
      rows.map(() => new Date(Date.now() + DAY)),
    ]);
    ids.push(...rows.map((r) => r.id));
    tokens.push(...batchTokens);
  }
  return ids.map((id, i) => ({ id, token: tokens[i] }));
}

async function createRushEvent(db, name) {
  const { rows } = await db.query(
    `insert into events (name, event_type, club_in_charge, event_date, registration_deadline, edition_id)
     values ($1, 'solo', 'Tech Club', now() + interval '30 days', now() + interval '20 days', (select id from editions where closed_at is null)) returning id`,
    [name],
  );
  await db.query('insert into event_seats (event_id, capacity) values ($1, $2)', [rows[0].id, SEATS]);
  return rows[0].id;
}

/** A running server has its connections open and its code compiled; so does this one before it is measured. */
async function warmUp(students, port = PORT) {
  let next = 0;
  await runLoad(`http://127.0.0.1:${port}`, {
    connections: CONNECTIONS,
    nextRequest: () => {
      const student = students[next++];
      return next <= WARM_UP_REQUESTS && student ? { path: '/api/v1/user/load', headers: { cookie: `fest_session=${student.token}` } } : undefined;
    },
  });
}

async function rushThroughHttp(students, eventId, port = PORT) {
  let next = 0;
  const { outcomes, wallSeconds } = await runLoad(`http://127.0.0.1:${port}`, {
    connections: CONNECTIONS,
    nextRequest: () => {
      const student = students[next++];
      if (!student) return undefined;
      return {
        method: 'POST',
        path: '/api/v1/solo',
        headers: { cookie: `fest_session=${student.token}`, origin: `http://localhost:${port}` },
        body: { eventId, studentId: student.id },
      };
    },
  });
  const registered = outcomes.filter((o) => o.status === 201);
  const full = outcomes.filter((o) => o.status === 409);
  return {
    registered: registered.length,
    full: full.length,
    errors: outcomes.length - registered.length - full.length,
    wallSeconds,
    ...latencies(outcomes),
    registeredLatency: latencies(registered),
    refusedLatency: latencies(full),
  };
}

/** The product's registration statement, word for word, straight through `pg` (the server makes the ticket code, `$4`, as this does). */
const REGISTRATION_SQL = `
  with seat as (
    update event_seats set taken = taken + 1 from events
    where event_seats.event_id = $1 and events.id = event_seats.event_id and events.event_type = 'solo'
      and events.is_active = true and (events.registration_deadline is null or events.registration_deadline > $3)
      and (event_seats.capacity is null or event_seats.taken < event_seats.capacity)
    returning event_seats.event_id)
  insert into registrations (event_id, user_id, team_id, status, ticket_code)
  select seat.event_id, participant.id, null::uuid, 'approved', $4
  from seat cross join (values ($2::uuid)) as participant (id)
  returning id, event_id, user_id, team_id, status, applied_at, ticket_code, is_present, checked_in_at`;

async function rushThroughSql(databaseUrl, students, eventId) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  let next = 0;
  let registered = 0;
  let full = 0;
  const started = performance.now();
  async function loop() {
    for (let student = students[next++]; student; student = students[next++]) {
      const { rowCount } = await pool.query(REGISTRATION_SQL, [eventId, student.id, new Date(), randomBytes(16).toString('base64url')]);
      if (rowCount === 1) registered += 1;
      else full += 1;
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const wallSeconds = (performance.now() - started) / 1000;
  await pool.end();
  return { registered, full, wallSeconds };
}

async function checkNoOverbooking(db, eventId) {
  const { rows } = await db.query(
    `select s.capacity as seats, s.taken,
            (select count(*)::int from registrations r where r.event_id = s.event_id) as registrations,
            (select count(distinct user_id)::int from registrations r where r.event_id = s.event_id) as students
     from event_seats s where s.event_id = $1`,
    [eventId],
  );
  const { seats, taken, registrations, students } = rows[0];
  return { seats, taken, registrations, consistent: taken <= seats && taken === registrations && registrations === students };
}

/** Waits, saying so, until the server's confirmations job has caught up with the last rush (bench/settle.mjs). */
function settle(db) {
  return phase('Waiting for the server to confirm every registration so far', () => untilConfirmed(db));
}

async function listRequestsPerSecond(port, headers = {}) {
  const { outcomes, wallSeconds } = await runLoad(`http://127.0.0.1:${port}`, {
    connections: CONNECTIONS,
    seconds: LIST_SECONDS,
    nextRequest: () => ({ path: '/api/v1/events', headers }),
  });
  const ok = outcomes.filter((o) => o.status === 200).length;
  return { requestsPerSecond: ok / wallSeconds, requests: outcomes.length, errors: outcomes.length - ok, ...latencies(outcomes) };
}

/** The same bytes from a bare node:http server: the ceiling for this machine and this payload. */
async function bareServer(body) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(BARE_PORT, '127.0.0.1', resolve));
  return server;
}

/** CPU time the server has used so far (user + system), in ms: per request, it holds up better than throughput on a busy machine. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function peakMemoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmHWM:\s+(\d+)/)[1]) / 1024;
}

await runBench(async () => {
  const baseUrl = await requirePostgres();
  if (process.env.BENCH_INSTANCES) {
    const { scaleOut } = await import('./scale-out.mjs');
    await scaleOut(baseUrl, process.env.BENCH_INSTANCES, {
      startServer,
      seedStudents,
      warmUp,
      createRushEvent,
      rushThroughHttp,
      checkNoOverbooking,
      listRequestsPerSecond,
      peakMemoryMb,
    });
  } else if (process.env.BENCH_WATCHERS) {
    const { liveSeats } = await import('./live-seats.mjs');
    await liveSeats(baseUrl, process.env.BENCH_WATCHERS, { startServer, seedStudents, warmUp, createRushEvent, rushThroughHttp, checkNoOverbooking, cpuMs });
  } else if (process.env.BENCH_OPERATIONS) {
    const { operations } = await import('./operations.mjs');
    await operations(baseUrl, { startServer, seedStudents, warmUp, createRushEvent, rushThroughHttp, checkNoOverbooking, cpuMs });
  } else if (process.env.BENCH_DOOR) {
    const { door } = await import('./door.mjs');
    await door(baseUrl, { startServer, seedStudents, warmUp, createRushEvent, rushThroughHttp });
  } else if (process.env.BENCH_CERTIFICATES) {
    const { certificates } = await import('./certificates.mjs');
    await certificates(baseUrl, { startServer, peakMemoryMb });
  } else if (process.env.BENCH_FESTIVAL) {
    const { festival } = await import('./festival.mjs');
    await festival(baseUrl, { startServer, peakMemoryMb });
  } else {
    await benchOneInstance(baseUrl);
  }
});

async function benchOneInstance(baseUrl) {
  const databaseUrl = await phase(
    `Creating a fresh database beside ${new URL(baseUrl).pathname.slice(1) || 'postgres'}`,
    () => benchDatabase(baseUrl, 'bench'),
    (url) => new URL(url).pathname.slice(1),
  );
  const server = await phase(
    `Starting the built server on port ${PORT} (migrations, demo data)`,
    () => startServer(databaseUrl),
    (child) => `pid ${child.pid}`,
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    await measure(databaseUrl, server, db);
  } finally {
    await db.end().catch(() => undefined);
    server.kill('SIGTERM');
  }
}

async function measure(databaseUrl, server, db) {
  const students = await phase(
    `Seeding ${count(STUDENTS)} signed-in students`,
    () => seedStudents(db),
    (made) => `${count(made.length)} students with sessions`,
  );

  await phase(`Warming up: ${count(WARM_UP_REQUESTS)} session loads at ${CONNECTIONS} connections`, () => warmUp(students));
  const httpEvent = await createRushEvent(db, 'Rush through HTTP');
  const rushCpuBefore = cpuMs(server.pid);
  const viaHttp = await phase(
    `Rush over HTTP: ${count(STUDENTS)} students for ${count(SEATS)} seats at ${CONNECTIONS} connections`,
    () => rushThroughHttp(students, httpEvent),
    (rush) => `${count(rush.registered)} registered, ${count(rush.full)} refused as full, ${rush.errors} errors in ${rush.wallSeconds.toFixed(1)} s`,
  );
  const rushCpuMs = cpuMs(server.pid) - rushCpuBefore;
  const httpCheck = await checkNoOverbooking(db, httpEvent);

  await settle(db);
  const sqlEvent = await createRushEvent(db, 'Rush through SQL');
  const viaSql = await phase(
    `The same statement through pg: ${count(STUDENTS)} students, pool of ${CONNECTIONS}`,
    () => rushThroughSql(databaseUrl, students, sqlEvent),
    (rush) => `${count(rush.registered)} registered, ${count(rush.full)} refused as full in ${rush.wallSeconds.toFixed(1)} s`,
  );
  const sqlCheck = await checkNoOverbooking(db, sqlEvent);

  await settle(db);
  const teams = await phase(
    `The team rush: ${count(Number(process.env.BENCH_TEAMS ?? 1000))} prepared teams for a tenth as many seats, over HTTP and through pg`,
    async () => teamRush({ db, databaseUrl, port: PORT, connections: CONNECTIONS, passwordHash: await hash('Bench@12345'), settle }),
    (rush) =>
      `${count(rush.registered)} teams registered, ${count(rush.refused)} refused, ${rush.errors} errors; pg: ${rush.rawSql.teamsRegisteredPerSecond} teams/s`,
  );

  await settle(db);
  const listBody = Buffer.from(await (await fetch(`http://127.0.0.1:${PORT}/api/v1/events`)).arrayBuffer());
  const bare = await bareServer(listBody);
  const listSummary = (list) => `${count(Math.round(list.requestsPerSecond))} requests/s, ${list.errors} errors`;
  const listCpuBefore = cpuMs(server.pid);
  const productList = await phase(
    `The visitors' event list for ${LIST_SECONDS} s at ${CONNECTIONS} connections`,
    () => listRequestsPerSecond(PORT),
    listSummary,
  );
  const listCpuMs = cpuMs(server.pid) - listCpuBefore;
  const bareList = await phase(
    `The same ${count(listBody.length)} bytes from a bare node:http server for ${LIST_SECONDS} s`,
    () => listRequestsPerSecond(BARE_PORT),
    listSummary,
  );
  bare.close();

  // A signed-in student's list carries their own registrations (the first student registered in the rush).
  const student = { cookie: `fest_session=${students[0].token}` };
  const studentsBody = Buffer.from(await (await fetch(`http://127.0.0.1:${PORT}/api/v1/events`, { headers: student })).arrayBuffer());
  const studentsBare = await bareServer(studentsBody);
  const signedInCpuBefore = cpuMs(server.pid);
  const signedInList = await phase(
    `A signed-in student's event list for ${LIST_SECONDS} s at ${CONNECTIONS} connections`,
    () => listRequestsPerSecond(PORT, student),
    listSummary,
  );
  const signedInCpuMs = cpuMs(server.pid) - signedInCpuBefore;
  const signedInBare = await phase(
    `The same ${count(studentsBody.length)} bytes from a bare node:http server for ${LIST_SECONDS} s`,
    () => listRequestsPerSecond(BARE_PORT),
    listSummary,
  );
  studentsBare.close();

  const httpRate = viaHttp.registered / viaHttp.wallSeconds;
  const sqlRate = viaSql.registered / viaSql.wallSeconds;
  const results = {
    rush: {
      registrationsPerSecond: round(httpRate),
      answersPerSecond: round((viaHttp.registered + viaHttp.full + viaHttp.errors) / viaHttp.wallSeconds),
      registered: viaHttp.registered,
      refusedAsFull: viaHttp.full,
      errors: viaHttp.errors,
      p50Ms: round(viaHttp.p50, 2),
      p99Ms: round(viaHttp.p99, 2),
      registeredP99Ms: round(viaHttp.registeredLatency.p99, 2),
      refusedP99Ms: round(viaHttp.refusedLatency.p99, 2),
      serverCpuMsPerRequest: round(rushCpuMs / (viaHttp.registered + viaHttp.full + viaHttp.errors), 3),
      database: httpCheck,
    },
    rawSql: { registrationsPerSecond: round(sqlRate), registered: viaSql.registered, refusedAsFull: viaSql.full, database: sqlCheck },
    ratioToRawSql: round(httpRate / sqlRate, 2),
    eventList: {
      productRequestsPerSecond: round(productList.requestsPerSecond),
      bareRequestsPerSecond: round(bareList.requestsPerSecond),
      ratio: round(productList.requestsPerSecond / bareList.requestsPerSecond, 2),
      productP99Ms: round(productList.p99, 2),
      serverCpuMsPerRequest: round(listCpuMs / productList.requests, 3),
      bytes: listBody.length,
      errors: productList.errors,
    },
    teamRush: teams,
    signedInList: {
      productRequestsPerSecond: round(signedInList.requestsPerSecond),
      bareRequestsPerSecond: round(signedInBare.requestsPerSecond),
      ratio: round(signedInList.requestsPerSecond / signedInBare.requestsPerSecond, 2),
      productP99Ms: round(signedInList.p99, 2),
      serverCpuMsPerRequest: round(signedInCpuMs / signedInList.requests, 3),
      bytes: studentsBody.length,
      errors: signedInList.errors,
    },
    serverPeakMemoryMb: round(peakMemoryMb(server.pid)),
  };
  console.log(JSON.stringify(results, null, 2));
  const invariantsHold = httpCheck.consistent && sqlCheck.consistent && viaHttp.errors === 0;
  const table = markdownTable(
    ['measure', 'target', 'this run', ''],
    [
      [
        'registrations per second over HTTP',
        `≥ ${TARGETS.registrationsPerSecond}`,
        count(Math.round(httpRate)),
        verdict(httpRate >= TARGETS.registrationsPerSecond),
      ],
      [
        'HTTP / the same statement through `pg`',
        `≥ ${TARGETS.ratioToRawSql}`,
        `${results.ratioToRawSql} (pg: ${count(Math.round(sqlRate))}/s)`,
        verdict(results.ratioToRawSql >= TARGETS.ratioToRawSql),
      ],
      [
        `p99 latency at ${CONNECTIONS} connections`,
        `≤ ${TARGETS.p99Ms} ms`,
        `${Math.round(viaHttp.p99)} ms (p50 ${Math.round(viaHttp.p50)} ms)`,
        verdict(viaHttp.p99 <= TARGETS.p99Ms),
      ],
      [
        'event list / bare server',
        `≥ ${TARGETS.listRatio}`,
        `${results.eventList.ratio} (${count(Math.round(productList.requestsPerSecond))} vs ${count(Math.round(bareList.requestsPerSecond))} requests/s)`,
        verdict(results.eventList.ratio >= TARGETS.listRatio),
      ],
      [
        'overbooking, duplicates, errors',
        'none',
        `${count(httpCheck.taken)} of ${count(httpCheck.seats)} seats, ${count(httpCheck.registrations)} registrations, ${viaHttp.errors} errors`,
        verdict(invariantsHold),
      ],
      [
        'team rush: HTTP / the same transaction through `pg`',
        `≥ ${TARGETS.teamRatioToRawSql}`,
        `${teams.ratioToRawSql} (${teams.teamsRegisteredPerSecond} vs ${teams.rawSql.teamsRegisteredPerSecond} teams/s, p99 ${Math.round(teams.p99Ms)} ms)`,
        verdict(teams.ratioToRawSql >= TARGETS.teamRatioToRawSql),
      ],
      [
        'team rush: seats, gender limits, one team per student',
        'exact',
        `${teams.registered} of ${teams.seats} seats, ${teams.errors} errors`,
        verdict(teams.exact),
      ],
      [
        "a signed-in student's event list / bare server",
        `≥ ${TARGETS.signedInListRatio}`,
        `${results.signedInList.ratio} (${count(Math.round(signedInList.requestsPerSecond))} vs ${count(Math.round(signedInBare.requestsPerSecond))} requests/s)`,
        verdict(results.signedInList.ratio >= TARGETS.signedInListRatio),
      ],
      ['server peak memory', `< ${TARGETS.peakMemoryMb} MB`, `${results.serverPeakMemoryMb} MB`, verdict(results.serverPeakMemoryMb < TARGETS.peakMemoryMb)],
    ],
  );
  const settings = `${count(STUDENTS)} students, ${count(SEATS)} seats, ${CONNECTIONS} connections, ${LIST_SECONDS} s per list measure`;
  publish('latest', `${await machineLine(db, settings)}\n\n${table}`);
  if (!invariantsHold || !teams.exact) process.exitCode = EXIT.measureMissed;
}
