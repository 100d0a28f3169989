// `npm run bench`: the registration rush, the same transaction as raw SQL, and the event list
// against a bare HTTP server, all in one run on this machine so their ratios can be compared.
// Needs DATABASE_URL (a PostgreSQL server); it works in a fresh database of its own.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { freshDatabase } from '../scripts/fresh-database.mjs';
import { latencies, runLoad } from './load.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 4000);
const SEATS = Math.floor(STUDENTS * 0.75);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const LIST_SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 8);
// BENCH_PORT moves the product (and, one above it, the bare server) off ports already in use.
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BARE_PORT = PORT + 1;
const DAY = 24 * 60 * 60 * 1000;
const TARGETS = { registrationsPerSecond: 800, ratioToRawSql: 0.8, p99Ms: 150, listRatio: 0.7, signedInListRatio: 0.4, peakMemoryMb: 200 };

if (!process.env.DATABASE_URL) {
  console.error('npm run bench measures the product on PostgreSQL: set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}

const isoDay = (offsetDays) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const round = (value, digits = 1) => Number(value.toFixed(digits));

async function startServer(databaseUrl) {
  // BENCH_SERVER_FLAGS passes Node flags to the server, e.g. --cpu-prof to see where time goes;
  // the heap cap is the one `npm run start:prod` and the container give it.
  const flags = ['--max-old-space-size=96', ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)];
  const server = spawn(process.execPath, [...flags, 'backend/dist/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      FESTIVAL_DATE: isoDay(30),
      REGISTRATION_OPENS_AT: isoDay(-1),
      PUBLIC_URL: `http://localhost:${PORT}`,
      SMTP_URL: '',
    },
    // Request logs are written as in production (LOG_LEVEL's default, info), to where nobody reads them.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const healthy = await fetch(`http://127.0.0.1:${PORT}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error('the server did not become healthy');
}

/** Students with live sessions, made in SQL: the product's sign-in throttling stays on. */
async function seedStudents(db) {
  const passwordHash = await hash('Bench@12345');
  const ids = [];
  const tokens = [];
  for (let first = 0; first < STUDENTS; first += 1000) {
    const count = Math.min(1000, STUDENTS - first);
    const numbers = Array.from({ length: count }, (_, i) => first + i);
    const { rows } = await db.query(
      `insert into users (name, email, password_hash, role, is_verified, gender, dept, year, roll_number)
       select 'Bench Student ' || n, 'bench' || n || '@campus.ac.in', $1, 'student', true, 'Female', 'CSE', '3', 'BENCH' || n
       from unnest($2::int[]) as n returning id`,
      [passwordHash, numbers],
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
    `insert into events (name, event_type, club_in_charge, event_date, registration_deadline)
     values ($1, 'solo', 'Tech Club', now() + interval '30 days', now() + interval '20 days') returning id`,
    [name],
  );
  await db.query('insert into event_seats (event_id, capacity) values ($1, $2)', [rows[0].id, SEATS]);
  return rows[0].id;
}

/** A running server has its connections open and its code compiled; so does this one before it is measured. */
async function warmUp(students) {
  let next = 0;
  await runLoad(`http://127.0.0.1:${PORT}`, {
    connections: CONNECTIONS,
    nextRequest: () => {
      const student = students[next++];
      return next <= 2000 && student ? { path: '/api/v1/user/load', headers: { cookie: `fest_session=${student.token}` } } : undefined;
    },
  });
}

async function rushThroughHttp(students, eventId) {
  let next = 0;
  const { outcomes, wallSeconds } = await runLoad(`http://127.0.0.1:${PORT}`, {
    connections: CONNECTIONS,
    nextRequest: () => {
      const student = students[next++];
      if (!student) return undefined;
      return {
        method: 'POST',
        path: '/api/v1/solo',
        headers: { cookie: `fest_session=${student.token}`, origin: `http://localhost:${PORT}` },
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

/** The product's registration statement, word for word, straight through `pg`. */
const REGISTRATION_SQL = `
  with seat as (
    update event_seats set taken = taken + 1 from events
    where event_seats.event_id = $1 and events.id = event_seats.event_id and events.event_type = 'solo'
      and events.is_active = true and (events.registration_deadline is null or events.registration_deadline > $3)
      and (event_seats.capacity is null or event_seats.taken < event_seats.capacity)
    returning event_seats.event_id)
  insert into registrations (event_id, user_id, status)
  select event_id, $2, 'approved' from seat
  returning id, event_id, user_id, status, applied_at`;

async function rushThroughSql(databaseUrl, students, eventId) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  let next = 0;
  let registered = 0;
  let full = 0;
  const started = performance.now();
  async function loop() {
    for (let student = students[next++]; student; student = students[next++]) {
      const { rowCount } = await pool.query(REGISTRATION_SQL, [eventId, student.id, new Date()]);
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

const databaseUrl = await freshDatabase(process.env.DATABASE_URL, 'bench');
const server = await startServer(databaseUrl);
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
try {
  console.log(`Seeding ${STUDENTS} signed-in students; rush events have ${SEATS} seats; ${CONNECTIONS} connections.`);
  const students = await seedStudents(db);

  await warmUp(students);
  const httpEvent = await createRushEvent(db, 'Rush through HTTP');
  const rushCpuBefore = cpuMs(server.pid);
  const viaHttp = await rushThroughHttp(students, httpEvent);
  const rushCpuMs = cpuMs(server.pid) - rushCpuBefore;
  const httpCheck = await checkNoOverbooking(db, httpEvent);

  const sqlEvent = await createRushEvent(db, 'Rush through SQL');
  const viaSql = await rushThroughSql(databaseUrl, students, sqlEvent);
  const sqlCheck = await checkNoOverbooking(db, sqlEvent);

  const listBody = Buffer.from(await (await fetch(`http://127.0.0.1:${PORT}/api/v1/events`)).arrayBuffer());
  const bare = await bareServer(listBody);
  const listCpuBefore = cpuMs(server.pid);
  const productList = await listRequestsPerSecond(PORT);
  const listCpuMs = cpuMs(server.pid) - listCpuBefore;
  const bareList = await listRequestsPerSecond(BARE_PORT);
  bare.close();

  // A signed-in student's list carries their own registrations (the first student registered in the rush).
  const student = { cookie: `fest_session=${students[0].token}` };
  const studentsBody = Buffer.from(await (await fetch(`http://127.0.0.1:${PORT}/api/v1/events`, { headers: student })).arrayBuffer());
  const studentsBare = await bareServer(studentsBody);
  const signedInCpuBefore = cpuMs(server.pid);
  const signedInList = await listRequestsPerSecond(PORT, student);
  const signedInCpuMs = cpuMs(server.pid) - signedInCpuBefore;
  const signedInBare = await listRequestsPerSecond(BARE_PORT);
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
  const verdict = (ok) => (ok ? 'met' : 'MISSED');
  console.log(JSON.stringify(results, null, 2));
  console.log(`
registrations/s          ${results.rush.registrationsPerSecond} (target >= ${TARGETS.registrationsPerSecond}): ${verdict(httpRate >= TARGETS.registrationsPerSecond)}
HTTP / raw SQL           ${results.ratioToRawSql} (target >= ${TARGETS.ratioToRawSql}): ${verdict(results.ratioToRawSql >= TARGETS.ratioToRawSql)}
p99 at ${CONNECTIONS} connections    ${results.rush.p99Ms} ms (target <= ${TARGETS.p99Ms}): ${verdict(viaHttp.p99 <= TARGETS.p99Ms)}
event list / bare server ${results.eventList.ratio} (target >= ${TARGETS.listRatio}): ${verdict(results.eventList.ratio >= TARGETS.listRatio)}
signed-in list / bare    ${results.signedInList.ratio} (target >= ${TARGETS.signedInListRatio}): ${verdict(results.signedInList.ratio >= TARGETS.signedInListRatio)}
server peak memory       ${results.serverPeakMemoryMb} MB (target < ${TARGETS.peakMemoryMb}): ${verdict(results.serverPeakMemoryMb < TARGETS.peakMemoryMb)}
no overbooking           ${verdict(httpCheck.consistent && sqlCheck.consistent && viaHttp.errors === 0)}`);
  if (!httpCheck.consistent || !sqlCheck.consistent || viaHttp.errors > 0) process.exitCode = 1;
} finally {
  await db.end();
  server.kill('SIGTERM');
}
