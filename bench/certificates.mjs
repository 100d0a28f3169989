// `BENCH_CERTIFICATES=1 npm run bench`: the certificates of a large event. 1,000 students marked
// present at an event of today (made in SQL), its three winners confirmed, then the club issues
// the certificates through the API and downloads them all as one ZIP. It reports the issuing's
// time, the ZIP's time and size, and the server's peak memory. Mail goes to a local SMTP sink.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { superAdminSession } from './admin-session.mjs';
import { startMailSink } from './mail-sink.mjs';
import { benchDatabase } from './preflight.mjs';
import { count, phase } from './progress.mjs';
import { machineLine, markdownTable, publish, verdict } from './report.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const STUDENTS = Number(process.env.BENCH_CERTIFICATES_STUDENTS ?? 1000);
const WINNERS = 3;
const TARGETS = { seconds: 30, peakMemoryMb: 200, lookupDifferenceMs: 1 };

const loadAverage = () => os.loadavg()[0].toFixed(1);

export async function certificates(baseUrl, measures) {
  const loadAtStart = loadAverage();
  const databaseUrl = await phase(
    'Creating a fresh database',
    () => benchDatabase(baseUrl, 'bench'),
    (url) => new URL(url).pathname.slice(1),
  );
  const sink = await startMailSink(0);
  const server = await phase(
    `Starting the built server on port ${PORT}, its mail to a local SMTP sink`,
    () => measures.startServer(databaseUrl, PORT, { SMTP_URL: sink.url }),
    (child) => `pid ${child.pid}`,
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const admin = await superAdminSession(db, PORT);
    await nameTheSignatories(admin);
    const eventId = await phase(`Seeding an event of today with ${count(STUDENTS)} students present`, () => eventOfToday(db));
    await confirmWinners(db, admin, eventId);
    const issued = await issue(admin, eventId);
    const zip = await downloadZip(admin, eventId);
    const peakMemoryMb = measures.peakMemoryMb(server.pid);
    const lookups = await verificationSpeed(db, eventId);
    const machine = await machineLine(db, `load average ${loadAtStart} → ${loadAverage()}`);
    report(issued, zip, peakMemoryMb, lookups, machine);
  } finally {
    await db.end().catch(() => undefined);
    server.kill('SIGTERM');
    await sink.close();
  }
}

const api = (admin, method, path, body) =>
  fetch(`http://127.0.0.1:${PORT}/api/v1${path}`, { method, headers: admin.headers, body: body && JSON.stringify(body) });

/** Certificates wait for the institution and a signatory; through the API, as the server keeps its settings in memory. */
async function nameTheSignatories(admin) {
  const { settings } = await (await api(admin, 'GET', '/festival/settings')).json();
  const { updatedAt: _updatedAt, source: _source, ...fields } = settings;
  const certificate = { institutionName: 'Campus Institute of Technology', signatories: [{ name: 'Dr. Meera Iyer', title: 'Principal' }] };
  const saved = await api(admin, 'PUT', '/festival/settings', { ...fields, certificate });
  if (saved.status !== 200) throw new Error(`the settings answered ${saved.status}: ${await saved.text()}`);
}

/** A solo event that began an hour ago, its students registered and marked present. */
async function eventOfToday(db) {
  const { rows: events } = await db.query(
    `insert into events (name, event_type, club_in_charge, event_date, registration_deadline, edition_id)
     values ('Certificates Bench', 'solo', 'Tech Club', now() - interval '1 hour', now() - interval '2 hours', (select id from editions where closed_at is null)) returning id`,
  );
  const eventId = events[0].id;
  await db.query('insert into event_seats (event_id, capacity, taken) values ($1, null, $2)', [eventId, STUDENTS]);
  await db.query(
    `with made as (
       insert into users (name, email, password_hash, role, is_verified, gender, dept, year)
       select 'Certificate Student ' || n, 'certificate' || $2 || '.' || n || '@campus.ac.in', 'unused', 'student', true, 'Female', 'CSE', '3'
       from generate_series(1, $3) as n returning id)
     insert into registrations (event_id, user_id, status, confirmed_at, is_present) select $1, id, 'approved', now(), true from made`,
    [eventId, randomUUID().slice(0, 8), STUDENTS],
  );
  return eventId;
}

async function confirmWinners(db, admin, eventId) {
  const { rows } = await db.query('select user_id from registrations where event_id = $1 order by user_id limit $2', [eventId, WINNERS]);
  const chosen = await api(admin, 'PUT', `/admin/events/${eventId}/winners`, { winners: rows.map((row, i) => ({ place: i + 1, userId: row.user_id })) });
  if (chosen.status !== 200) throw new Error(`the winners answered ${chosen.status}: ${await chosen.text()}`);
}

function issue(admin, eventId) {
  return phase(
    `Issuing ${count(STUDENTS + WINNERS)} certificates`,
    async () => {
      const started = performance.now();
      const response = await api(admin, 'POST', `/admin/events/${eventId}/certificates`);
      if (response.status !== 201) throw new Error(`issuing answered ${response.status}: ${await response.text()}`);
      const { issued } = await response.json();
      return { seconds: (performance.now() - started) / 1000, issued: issued.participation + issued.merit };
    },
    (r) => `${r.seconds.toFixed(2)} s, ${count(r.issued)} issued`,
  );
}

function downloadZip(admin, eventId) {
  return phase(
    'Downloading them all as one ZIP',
    async () => {
      const started = performance.now();
      const response = await api(admin, 'GET', `/admin/events/${eventId}/certificates.zip`);
      if (response.status !== 200) throw new Error(`the ZIP answered ${response.status}: ${await response.text()}`);
      const bytes = (await response.arrayBuffer()).byteLength;
      return { seconds: (performance.now() - started) / 1000, megabytes: bytes / 1024 / 1024 };
    },
    (r) => `${r.seconds.toFixed(2)} s, ${r.megabytes.toFixed(1)} MB`,
  );
}

/** Lookups a round: the verification page allows 30 a minute from one address, the bench's. */
const LOOKUP_ROUNDS = 14;

/**
 * The public verification of a real code and of a guessed one, asked in turns (so a busy moment
 * weighs on both alike): their median times, which should not tell the two apart.
 */
function verificationSpeed(db, eventId) {
  return phase(
    `Verifying a real code and a guessed one, ${LOOKUP_ROUNDS} times each`,
    async () => {
      const { rows } = await db.query('select code from certificates where event_id = $1 limit 1', [eventId]);
      const timed = async (code) => {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/certificates/${code}`);
        await response.arrayBuffer();
        return { ms: performance.now() - started, status: response.status };
      };
      const [real, guessed] = [[], []];
      for (let round = 0; round < LOOKUP_ROUNDS; round += 1) {
        real.push(await timed(rows[0].code));
        guessed.push(await timed('ZZZZZZZZZZZZZZZZ'));
      }
      const median = (times) => times.map((time) => time.ms).sort((a, b) => a - b)[Math.floor(times.length / 2)];
      const answered = real.every((r) => r.status === 200) && guessed.every((r) => r.status === 404);
      return { real: median(real), guessed: median(guessed), answered };
    },
    (r) => `real ${r.real.toFixed(2)} ms, guessed ${r.guessed.toFixed(2)} ms`,
  );
}

function report(issued, zip, peakMemoryMb, lookups, machine) {
  const total = issued.seconds + zip.seconds;
  const rows = [
    [
      `${count(issued.issued)} certificates issued (${count(STUDENTS)} present, ${WINNERS} winners), then zipped`,
      `≤ ${TARGETS.seconds} s for both`,
      `issuing ${issued.seconds.toFixed(2)} s, the ZIP ${zip.seconds.toFixed(2)} s (${zip.megabytes.toFixed(1)} MB)`,
      verdict(total <= TARGETS.seconds && issued.issued === STUDENTS + WINNERS),
    ],
    ['server peak memory (VmHWM)', `< ${TARGETS.peakMemoryMb} MB`, `${peakMemoryMb.toFixed(1)} MB`, verdict(peakMemoryMb < TARGETS.peakMemoryMb)],
    [
      `verifying a real code and a guessed one, ${LOOKUP_ROUNDS} of each in turns (medians)`,
      `the same speed (within ${TARGETS.lookupDifferenceMs} ms)`,
      `real ${lookups.real.toFixed(2)} ms (200), guessed ${lookups.guessed.toFixed(2)} ms (404)`,
      verdict(lookups.answered && Math.abs(lookups.real - lookups.guessed) <= TARGETS.lookupDifferenceMs),
    ],
  ];
  publish('certificates', `${machine}\n\n${markdownTable(['measure', 'target', 'result', 'verdict'], rows)}`);
}
