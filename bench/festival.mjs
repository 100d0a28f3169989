// `BENCH_FESTIVAL=1 npm run bench`: the admins' dashboards and a student's My Registrations on a
// festival-sized database (20,000 students, 200 events, 10,000 teams, 60,000 registrations,
// loaded in SQL with one statement per table), at 16 connections, with p50/p95/p99 per route
// and the EXPLAIN (ANALYZE, BUFFERS) plans of the statements behind them; then the reports all at
// once, and again beside 1,000 pages holding the live seat stream and a rush of signed-in students.
import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { openWatchers } from './live-seats.mjs';
import { percentile, runLoad } from './load.mjs';
import { benchDatabase } from './preflight.mjs';
import { count, phase } from './progress.mjs';
import { machineLine, markdownTable, publish, verdict } from './report.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const CONNECTIONS = Number(process.env.BENCH_FESTIVAL_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 8);
const TARGETS = { dashboardP95Ms: 100, myRegistrationsP95Ms: 20, peakRssMb: 300 };
/** Pages holding the live seat stream while the reports and the rush run. */
const WATCHERS = 1000;
/** The server's scrape, read every SAMPLE_MS during the heaviest phase for its heap. */
const METRICS_TOKEN = 'bench-festival-metrics-token-0123456789';
const SAMPLE_MS = 200;
/** Club CSVs asked for at once (every club's, some twice), with as many dashboards read beside them. */
const REPORTS_AT_ONCE = 16;
const SHAPE = { students: 20_000, events: 200, teams: 10_000, teamSize: 4, soloPerEvent: 200 };
/** Students with sessions for My Registrations: enough that the load does not read one student's rows over and over. */
const SIGNED_IN_STUDENTS = 1000;
const DASHBOARD_PATHS = ['stats', 'events-registrations', 'club-stats'];
/** What Chromium and Firefox send. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * The festival in SQL. Events alternate solo and group (100 each) over the ten clubs; each group
 * event has 100 registered teams of 4 (teams 1-100 the first group event's, and so on), each solo
 * event 200 students: 40,000 team registrations and 20,000 solo ones, applied over the last 30
 * days, a tenth pending and a twentieth of the solo ones rejected. Seats taken are the counts.
 */
const SEED = [
  [
    'users',
    `insert into users (name, email, password_hash, role, is_verified, gender, dept, year, roll_number, club)
     select case when n <= $1 then 'Festival Student ' || n else 'Festival Admin ' || n end,
            'festival' || n || '@campus.ac.in', $2,
            (case when n <= $1 then 'student' when n = $1 + 1 then 'superadmin' else 'admin' end)::role,
            n % 10 <> 0, (case when n % 2 = 0 then 'Female' else 'Male' end)::gender, 'CSE', case when n <= $1 then '3' else '0' end,
            case when n <= $1 then 'FEST' || n end,
            case when n > $1 + 1 then ($3::text[])[n - $1 - 1] end
     from generate_series(1, $1 + 1 + 10) as n`,
    () => [SHAPE.students, FESTIVAL_HASH, CLUBS],
  ],
  [
    'events',
    `insert into events (name, event_type, club_in_charge, event_date, registration_deadline, venue, min_team_size, max_team_size, edition_id)
     select 'Festival Event ' || n, (case when n % 2 = 0 then 'group' else 'solo' end)::event_type, ($1::text[])[n % 10 + 1],
            now() + (n % 30 - 10) * interval '1 day', now() + interval '60 days', 'Hall ' || n % 7,
            case when n % 2 = 0 then 2 end, case when n % 2 = 0 then 4 end, (select id from editions where closed_at is null)
     from generate_series(1, $2) as n`,
    () => [CLUBS, SHAPE.events],
  ],
  [
    'teams',
    `with group_events as (select id, row_number() over (order by name) - 1 as i from events where event_type = 'group' and name like 'Festival Event %')
     insert into teams (event_id, name, leader_id, registered_at, created_at)
     select g.id, 'Team ' || t, s.id, now() - (t % 30) * interval '1 day', now() - (t % 30 + 1) * interval '1 day'
     from generate_series(1, $1) as t
     join group_events g on g.i = (t - 1) / 100
     join users s on s.email = 'festival' || (((t - 1) * 4) % $2 + 1) || '@campus.ac.in'`,
    () => [SHAPE.teams, SHAPE.students],
  ],
  [
    'team_members',
    `insert into team_members (team_id, event_id, user_id, joined_at)
     select t.id, t.event_id, s.id, t.created_at + k * interval '1 minute'
     from teams t cross join generate_series(0, 3) as k
     join users s on s.email = 'festival' || (((substring(t.name from 6)::int - 1) * 4 + k) % $1 + 1) || '@campus.ac.in'
     where t.name like 'Team %'`,
    () => [SHAPE.students],
  ],
  [
    'registrations',
    `with solo_events as (select id, row_number() over (order by name) - 1 as i from events where event_type = 'solo' and name like 'Festival Event %')
     insert into registrations (event_id, user_id, team_id, status, applied_at)
     select m.event_id, m.user_id, m.team_id, (case when hashtext(m.team_id::text) % 10 = 0 then 'pending' else 'approved' end)::registration_status, t.registered_at
     from team_members m join teams t on t.id = m.team_id where t.name like 'Team %'
     union all
     select e.id, s.id, null, (case when n % 20 = 0 then 'rejected' when n % 10 = 0 then 'pending' else 'approved' end)::registration_status,
            now() - (n % 720) * interval '1 hour'
     from solo_events e cross join generate_series(0, $1 - 1) as n
     join users s on s.email = 'festival' || ((e.i * $1 + n) % $2 + 1) || '@campus.ac.in'`,
    () => [SHAPE.soloPerEvent, SHAPE.students],
  ],
  [
    'event_seats',
    `insert into event_seats (event_id, capacity, taken)
     select e.id, case when row_number() over (order by e.name) % 7 = 0 then null else 250 end,
            (select count(distinct coalesce(r.team_id, r.user_id)) from registrations r where r.event_id = e.id and r.status <> 'rejected')
     from events e where e.name like 'Festival Event %'`,
    () => [],
  ],
];
let FESTIVAL_HASH;
/** The clubs the server's migrations made (the first ten): the festival's events and admins are spread over them. */
let CLUBS;

async function seedFestival(db) {
  FESTIVAL_HASH = await hash('Bench@12345');
  CLUBS = (await db.query('select name from clubs order by name limit 10')).rows.map((row) => row.name);
  const rows = {};
  for (const [table, statement, values] of SEED) rows[table] = (await db.query(statement, values())).rowCount;
  await db.query('analyze');
  return rows;
}

/** Sessions for the super admin, Tech Club's admin and the first students, made in SQL like the rush's. */
async function sessionsFor(db) {
  const studentEmails = Array.from({ length: SIGNED_IN_STUDENTS }, (_, i) => `festival${i + 1}@campus.ac.in`);
  const { rows } = await db.query(`select id, role, club from users where email = any($1) or (email like 'festival%' and role <> 'student')`, [studentEmails]);
  const people = rows.map((row) => ({ ...row, token: randomBytes(32).toString('base64url') }));
  await db.query(`insert into sessions (user_id, token_hash, expires_at) select * from unnest($1::uuid[], $2::text[], $3::timestamptz[])`, [
    people.map((p) => p.id),
    people.map((p) => createHash('sha256').update(p.token).digest('hex')),
    people.map(() => new Date(Date.now() + 24 * 60 * 60 * 1000)),
  ]);
  const cookie = (person) => `fest_session=${person.token}`;
  return {
    superAdmin: cookie(people.find((p) => p.role === 'superadmin')),
    clubAdmin: cookie(people.find((p) => p.role === 'admin' && p.club === 'Tech Club')),
    students: people.filter((p) => p.role === 'student').map(cookie),
    rushers: people.filter((p) => p.role === 'student').map((p) => ({ id: p.id, cookie: cookie(p) })),
  };
}

/**
 * The heaviest legitimate load on the reports: REPORTS_AT_ONCE club CSVs asked for at once, as the
 * clubs do when the festival ends, and as many dashboards read beside them. Each answer is read
 * whole; a 503 (the instance's reports all busy, `REPORTS_IN_FLIGHT`) is an answer, a dropped
 * connection is not.
 */
async function reportsAtOnce(cookies) {
  const ask = (path) =>
    fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { cookie: cookies.superAdmin } }).then(
      async (response) => ({ status: response.status, bytes: (await response.arrayBuffer()).byteLength }),
      () => ({ status: 'failed', bytes: 0 }),
    );
  const answers = await Promise.all(
    Array.from({ length: REPORTS_AT_ONCE }, (_, i) => [
      ask(`/api/v1/admin/clubs/${encodeURIComponent(CLUBS[i % CLUBS.length])}/export.csv`),
      ask(`/api/v1/admin/dashboard/${DASHBOARD_PATHS[i % DASHBOARD_PATHS.length]}`),
    ]).flat(),
  );
  const byStatus = (status) => answers.filter((answer) => answer.status === status).length;
  return { served: byStatus(200), busy: byStatus(503), failed: answers.length - byStatus(200) - byStatus(503), asked: answers.length };
}

/**
 * The worst legitimate moment: the reports all at once (as above) while WATCHERS pages hold the
 * live seat stream and every signed-in student rushes for half as many seats of a new event. A
 * 503 is an answer; a dropped connection or another 5xx is a request lost.
 */
async function everythingAtOnce(db, cookies) {
  const watchers = await openWatchers(WATCHERS, PORT);
  const { rows } = await db.query(
    `insert into events (name, event_type, club_in_charge, event_date, registration_deadline, edition_id)
     values ('Festival Rush', 'solo', $1, now() + interval '30 days', now() + interval '20 days', (select id from editions where closed_at is null)) returning id`,
    [CLUBS[0]],
  );
  const eventId = rows[0].id;
  await db.query('insert into event_seats (event_id, capacity) values ($1, $2)', [eventId, cookies.rushers.length / 2]);
  const heap = sampleHeap();
  try {
    const [reports, rush] = await Promise.all([reportsAtOnce(cookies), rushFor(eventId, cookies.rushers)]);
    // The server reads the seats every second; then the pages have the last count.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const seen = await watchers.report(eventId);
    const { rows: seats } = await db.query('select taken from event_seats where event_id = $1', [eventId]);
    return { reports, rush, streamsOpen: seen.open, pagesShowingCount: seen.shown[seats[0].taken] ?? 0, heap: await heap.stop() };
  } finally {
    await watchers.close();
  }
}

async function rushFor(eventId, students) {
  let next = 0;
  const { outcomes } = await runLoad(`http://127.0.0.1:${PORT}`, {
    connections: 64,
    nextRequest: () => {
      const student = students[next++];
      return (
        student && {
          method: 'POST',
          path: '/api/v1/solo',
          headers: { cookie: student.cookie, origin: `http://localhost:${PORT}` },
          body: { eventId, studentId: student.id },
        }
      );
    },
  });
  const lost = outcomes.filter((o) => o.status === 0 || (o.status >= 500 && o.status !== 503)).length;
  return {
    registered: outcomes.filter((o) => o.status === 201).length,
    refused: outcomes.length - lost - outcomes.filter((o) => o.status === 201).length,
    lost,
  };
}

/** The largest heap the server reported while sampled (its `nodejs_heap_size_used_bytes`), in MB. */
function sampleHeap() {
  let running = true;
  let peakMb = 0;
  const loop = (async () => {
    while (running) {
      const text = await fetch(`http://127.0.0.1:${PORT}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }).then(
        (response) => response.text(),
        () => '',
      );
      const used = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? 0);
      peakMb = Math.max(peakMb, used / 1024 / 1024);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peakMb;
    },
  };
}

async function measureRoute(path, cookies) {
  let next = 0;
  const { outcomes, wallSeconds } = await runLoad(`http://127.0.0.1:${PORT}`, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    // As a browser asks: the answers go out compressed when the server compresses them.
    nextRequest: () => ({ path, headers: { cookie: cookies[next++ % cookies.length], 'accept-encoding': BROWSER_ENCODINGS } }),
  });
  const ok = outcomes.filter((o) => o.status === 200);
  const sorted = ok.map((o) => o.ms).sort((a, b) => a - b);
  // 503: the instance's places for heavy reports were all taken (REPORTS_IN_FLIGHT), an answer
  // that says when to try again; anything else is an error.
  const busy = outcomes.filter((o) => o.status === 503).length;
  return {
    requestsPerSecond: ok.length / wallSeconds,
    busy,
    errors: outcomes.length - ok.length - busy,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/**
 * The statements behind the routes, as the repositories send them, for their plans. The super
 * admin's scope is every registration (no filter); a club admin's is their club's events, as
 * Drizzle's `inArray` writes them (`IN_LIST`: one parameter per event); `$1` in a lateral read is
 * the same ids as one array.
 */
const PLANS = {
  'registrations per event (every panel)': `select event_id, sum(applications)::int, sum(participants)::int,
      (count(*) filter (where team_id is not null and participants > 0))::int, sum(recent)::int
    from (select event_id, team_id, count(*) as applications, count(*) filter (where status <> 'rejected') as participants,
            count(*) filter (where status <> 'rejected' and applied_at >= now() - interval '7 days') as recent
          from registrations WHERE_SCOPE group by event_id, team_id) as per_team
    group by event_id`,
  'registrations per day (club-stats)': `select to_char(applied_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD'), count(*)
    from registrations where status <> 'rejected' AND_SCOPE group by 1 order by 1`,
  'latest registrations per event (events-registrations)': `select latest.* from unnest($1::uuid[]) as event (id) cross join lateral (
      select * from registrations where event_id = event.id and status <> 'rejected' order by applied_at desc, id desc limit 5) as latest`,
  'latest teams per event (events-registrations)': `select event.id, latest.team_id from unnest($1::uuid[]) as event (id) cross join lateral (
      select team_id from registrations where event_id = event.id and status <> 'rejected' and team_id is not null
      group by team_id order by max(applied_at) desc, team_id limit 5) as latest`,
};
const MY_REGISTRATIONS_PLAN = "a student's registrations (My Registrations)";
const MY_REGISTRATIONS = 'select * from registrations where user_id = $1 order by applied_at desc';

/** The statement and its values for the caller's events (`undefined`: the super admin's every event). */
function bound(statement, eventIds, allIds) {
  if (statement.includes('$1')) return [statement, [eventIds ?? allIds]];
  const list = eventIds?.map((_, i) => `$${i + 1}`).join(', ');
  return [
    statement.replace('WHERE_SCOPE', list ? `where event_id in (${list})` : '').replace('AND_SCOPE', list ? `and event_id in (${list})` : ''),
    eventIds ?? [],
  ];
}

async function explain(db, name, statement, values) {
  const { rows } = await db.query(`explain (analyze, buffers, costs off) ${statement}`, values);
  return `#### ${name}\n\n\`\`\`\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\``;
}

async function plans(db) {
  const ids = async (where) => (await db.query(`select id from events ${where}`)).rows.map((row) => row.id);
  const allIds = await ids('');
  const scopes = [
    ['super admin', undefined],
    ['club admin', await ids(`where club_in_charge = 'Tech Club'`)],
  ];
  const sections = [];
  for (const [name, statement] of Object.entries(PLANS)) {
    for (const [who, eventIds] of scopes) sections.push(await explain(db, `${name}, ${who}`, ...bound(statement, eventIds, allIds)));
  }
  const { rows: student } = await db.query(`select id from users where email = 'festival1@campus.ac.in'`);
  sections.push(await explain(db, MY_REGISTRATIONS_PLAN, MY_REGISTRATIONS, [student[0].id]));
  return sections.join('\n\n');
}

/** The festival mode: `startServer(databaseUrl)` and `peakMemoryMb(pid)` are the single-instance bench's. */
export async function festival(baseUrl, { startServer, peakMemoryMb }) {
  const databaseUrl = await phase(
    'Creating a fresh database for the festival',
    () => benchDatabase(baseUrl, 'festival'),
    (url) => new URL(url).pathname.slice(1),
  );
  const server = await phase(
    `Starting the built server on port ${PORT}`,
    // Every page is on this machine's one address: the server lets them all in.
    () => startServer(databaseUrl, PORT, { METRICS_TOKEN, SEAT_STREAM_MAX_PER_CLIENT: String(WATCHERS) }),
    (child) => `pid ${child.pid}`,
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    const seeded = await phase(
      'Loading the festival in SQL, one statement per table',
      () => seedFestival(db),
      (rows) =>
        Object.entries(rows)
          .map(([table, n]) => `${count(n)} ${table}`)
          .join(', '),
    );
    const cookies = await sessionsFor(db);
    const routes = [
      ...DASHBOARD_PATHS.map((path) => [`super admin: ${path}`, `/api/v1/admin/dashboard/${path}`, [cookies.superAdmin], TARGETS.dashboardP95Ms]),
      ...DASHBOARD_PATHS.map((path) => [`club admin: ${path}`, `/api/v1/admin/dashboard/${path}`, [cookies.clubAdmin], TARGETS.dashboardP95Ms]),
      ['student: My Registrations', '/api/v1/user/registrations', cookies.students, TARGETS.myRegistrationsP95Ms],
    ];
    const rows = [];
    for (const [name, path, routeCookies, target] of routes) {
      // One pass to compile and connect, then the measured one.
      await measureRoute(path, routeCookies);
      const result = await phase(
        `${name} for ${SECONDS} s at ${CONNECTIONS} connections`,
        () => measureRoute(path, routeCookies),
        (r) => `${count(Math.round(r.requestsPerSecond))}/s, p95 ${r.p95.toFixed(1)} ms, ${r.busy} busy, ${r.errors} errors`,
      );
      rows.push([
        name,
        `p95 ≤ ${target} ms`,
        `${result.p50.toFixed(1)} / ${result.p95.toFixed(1)} / ${result.p99.toFixed(1)} ms`,
        `${count(Math.round(result.requestsPerSecond))}/s${result.busy ? `, ${count(result.busy)} answered 503 (busy)` : ''}, ${result.errors} errors`,
        verdict(result.p95 <= target && result.errors === 0),
      ]);
    }
    // Twice: the first pass compiles and fills the pool, as for the routes.
    await reportsAtOnce(cookies);
    const reports = await phase(
      `${REPORTS_AT_ONCE} club CSVs and ${REPORTS_AT_ONCE} dashboards at once`,
      () => reportsAtOnce(cookies),
      (r) => `${r.served} served, ${r.busy} told to try again, ${r.failed} failed`,
    );
    const peak = peakMemoryMb(server.pid);
    rows.push([
      `${REPORTS_AT_ONCE} club CSVs + ${REPORTS_AT_ONCE} dashboards at once`,
      `none failed; peak RSS ≤ ${TARGETS.peakRssMb} MB`,
      `peak RSS ${peak.toFixed(0)} MB (the whole run)`,
      `${reports.served} served, ${reports.busy} answered 503 (busy), ${reports.failed} failed`,
      verdict(reports.failed === 0 && peak <= TARGETS.peakRssMb),
    ]);
    const all = await phase(
      `The same beside ${count(WATCHERS)} live seat streams and a rush of ${count(cookies.rushers.length)} students`,
      () => everythingAtOnce(db, cookies),
      (r) =>
        `reports ${r.reports.served} served, ${r.reports.busy} busy, ${r.reports.failed} failed; rush ${r.rush.registered} registered, ${r.rush.lost} lost; ${r.streamsOpen} streams open`,
    );
    const allPeak = peakMemoryMb(server.pid);
    const nothingLost = all.reports.failed === 0 && all.rush.lost === 0 && all.streamsOpen === WATCHERS && all.pagesShowingCount === WATCHERS;
    rows.push([
      `the same beside ${count(WATCHERS)} live seat streams and a rush of ${count(cookies.rushers.length)} students for ${count(cookies.rushers.length / 2)} seats`,
      `nothing lost; peak RSS ≤ ${TARGETS.peakRssMb} MB`,
      `peak RSS ${allPeak.toFixed(0)} MB (the whole run); heap used at most ${all.heap.toFixed(0)} MB`,
      `reports: ${all.reports.served} served, ${all.reports.busy} answered 503 (busy), ${all.reports.failed} failed; rush: ${all.rush.registered} registered, ${all.rush.refused} refused, ${all.rush.lost} lost; streams: ${all.streamsOpen} open, ${all.pagesShowingCount} showing the seats taken`,
      verdict(nothingLost && allPeak <= TARGETS.peakRssMb),
    ]);
    const settings = `${Object.entries(seeded)
      .map(([table, n]) => `${count(n)} ${table}`)
      .join(', ')}; ${CONNECTIONS} connections, ${SECONDS} s per route`;
    // DASHBOARD_CACHE_MS=0 in the bench's environment reaches the server: every request reads its figures.
    const uncached = process.env.DASHBOARD_CACHE_MS === '0';
    publish(
      uncached ? 'festival-uncached' : 'festival',
      `${await machineLine(db, `${settings}${uncached ? ', DASHBOARD_CACHE_MS=0' : ''}`)}\n\n${markdownTable(['route', 'target', 'p50 / p95 / p99', 'throughput', ''], rows)}`,
    );
    if (!uncached) publish('festival-plans', await plans(db));
  } finally {
    await db.end().catch(() => undefined);
    server.kill('SIGTERM');
  }
}
