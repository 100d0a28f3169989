// `BENCH_DOOR=1 npm run bench`: the door on the event day and the organisers' messages.
// 1. A scan's feedback at a door working from its list with no network, on the slow phone of the
//    client bench (CPU four times slower): from the tap on "Check ticket" to the verdict painted.
// 2. A door that was offline for a long entry sends its 500 queued scans: the sync's wall time,
//    in the batches the page sends (300 at most), and the attendance they made.
// 3. A message to an event's 3,000 registrants during a rush of registrations for another event:
//    the rush's latency beside the same rush with no message, alternating (none, message,
//    message, none) so a drift in the machine's load falls on both. Mail goes to a local SMTP sink.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { SUPER_ADMIN, superAdminSession } from './admin-session.mjs';
import { startMailSink } from './mail-sink.mjs';
import { benchDatabase } from './preflight.mjs';
import { count, phase } from './progress.mjs';
import { machineLine, markdownTable, publish, verdict } from './report.mjs';
import { untilConfirmed } from './settle.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** The slow phone of the client bench (bench/client.mjs). */
const CPU_SLOWDOWN = 4;
const SCANS_TIMED = 30;
const QUEUED_SCANS = 500;
/** The page's batch: the server takes at most 300 scans a request. */
const SCANS_PER_SYNC = 300;
const MESSAGE_AUDIENCE = 3000;
const RUSH_STUDENTS = Number(process.env.BENCH_DOOR_RUSH ?? 1000);
const ORDER = [false, true, true, false];
const TARGETS = { feedbackMs: 100, syncSeconds: 5, messageLatencyCost: 0.1 };

const loadAverage = () => os.loadavg()[0].toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

export async function door(baseUrl, measures) {
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
    const feedback = await scanFeedback(db);
    const sync = await syncQueued(db, admin);
    const messages = await messageBesideRush(db, admin, measures);
    const machine = await machineLine(db, `load average ${loadAtStart} → ${loadAverage()}`);
    report(feedback, sync, messages, machine);
  } finally {
    await db.end().catch(() => undefined);
    server.kill('SIGTERM');
    await sink.close();
  }
}

/** An event happening today with `students` approved registrations (students made for it); answers its id and the tickets' codes. */
async function eventToday(db, name, students) {
  const { rows: events } = await db.query(
    `insert into events (name, event_type, club_in_charge, event_date, registration_deadline, edition_id)
     values ($1, 'solo', 'Tech Club', now() + interval '1 hour', now() + interval '30 minutes', (select id from editions where closed_at is null)) returning id`,
    [name],
  );
  const eventId = events[0].id;
  await db.query('insert into event_seats (event_id, capacity, taken) values ($1, null, $2)', [eventId, students]);
  const { rows } = await db.query(
    `with made as (
       insert into users (name, email, password_hash, role, is_verified, gender, dept, year)
       select 'Door Student ' || n, 'door' || $2 || '.' || n || '@campus.ac.in', 'unused', 'student', true, 'Female', 'CSE', '3'
       from generate_series(1, $3) as n returning id)
     insert into registrations (event_id, user_id, status, confirmed_at) select $1, id, 'approved', now() from made returning ticket_code`,
    [eventId, randomUUID().slice(0, 8), students],
  );
  return { eventId, codes: rows.map((row) => row.ticket_code) };
}

async function scanFeedback(db) {
  const { codes } = await eventToday(db, 'Door Bench Entry', 400);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    return await phase(
      `${SCANS_TIMED} scans at a door with no network, CPU ${CPU_SLOWDOWN}× slower`,
      async () => {
        await page.goto(`http://localhost:${PORT}/auth/signin`);
        await page.getByRole('textbox', { name: 'Email' }).fill(SUPER_ADMIN.email);
        await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
        await page.goto(`http://localhost:${PORT}/admin/scan`);
        await page.getByText('Work without the network').click();
        await page.getByRole('combobox', { name: 'Event' }).selectOption({ label: 'Door Bench Entry' });
        await page.getByRole('button', { name: 'Keep the list on this phone' }).click();
        await page.getByText('Checked in 0 of 400').waitFor();
        await page.locator('.scan-dock').getByRole('button', { name: 'Type code' }).click();
        await context.setOffline(true);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        const times = [];
        for (const code of codes.slice(0, SCANS_TIMED)) {
          await page.getByRole('textbox', { name: 'Ticket code' }).fill(code);
          times.push(await page.evaluate(timedCheck));
          await page.locator('.scan-dock').getByRole('button', { name: 'Next student' }).click();
        }
        await context.setOffline(false);
        return { median: median(times), worst: Math.max(...times) };
      },
      (r) => `median ${r.median.toFixed(0)} ms, worst ${r.worst.toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
  }
}

/* global document, MutationObserver, requestAnimationFrame -- timedCheck runs in the page */
/**
 * In the page: taps "Check ticket" and answers the milliseconds from the tap to the frame after
 * the verdict appeared (the next animation frame is when it is painted).
 */
function timedCheck() {
  return new Promise((resolve) => {
    const button = [...document.querySelectorAll('button')].find((each) => each.textContent === 'Check ticket');
    let tappedAt = 0;
    const observer = new MutationObserver(() => {
      if (document.getElementById('scan-outcome-title')?.textContent !== 'Checked in') return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - tappedAt));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    button.addEventListener('click', (event) => (tappedAt = event.timeStamp), { once: true, capture: true });
    button.click();
  });
}

async function syncQueued(db, admin) {
  const { eventId, codes } = await eventToday(db, 'Door Bench Sync', QUEUED_SCANS);
  const scannedAt = new Date(Date.now() - 30 * 60_000);
  const scans = codes.map((code, index) => ({ id: randomUUID(), code, scannedAt: new Date(scannedAt.getTime() + index * 1000).toISOString() }));
  return phase(
    `Sending ${count(QUEUED_SCANS)} queued scans`,
    async () => {
      const started = performance.now();
      for (let first = 0; first < scans.length; first += SCANS_PER_SYNC) {
        const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/admin/events/${eventId}/door-scans`, {
          method: 'POST',
          headers: admin.headers,
          body: JSON.stringify({ door: 'Door 1', scans: scans.slice(first, first + SCANS_PER_SYNC) }),
        });
        if (response.status !== 200) throw new Error(`the sync answered ${response.status}: ${await response.text()}`);
      }
      const seconds = (performance.now() - started) / 1000;
      const { rows } = await db.query('select count(*)::int as present from registrations where event_id = $1 and is_present', [eventId]);
      return { seconds, present: rows[0].present };
    },
    (r) => `${r.seconds.toFixed(2)} s, ${count(r.present)} present`,
  );
}

async function messageBesideRush(db, admin, measures) {
  const { eventId: audienceEvent } = await eventToday(db, 'Door Bench Audience', MESSAGE_AUDIENCE);
  await db.query('update mail_outbox set sent_at = now() where sent_at is null');
  const students = await phase(
    `Seeding ${count(RUSH_STUDENTS * ORDER.length)} signed-in students`,
    () => measures.seedStudents(db, 'door'),
    (made) => `${count(made.length)} students`,
  );
  await measures.warmUp(students, PORT);
  const runs = [];
  for (const [i, withMessage] of ORDER.entries()) {
    const eventId = await measures.createRushEvent(db, `Door bench rush ${i + 1}`);
    const rushers = students.slice(i * RUSH_STUDENTS, (i + 1) * RUSH_STUDENTS);
    const message = withMessage
      ? fetch(`http://127.0.0.1:${PORT}/api/v1/admin/events/${audienceEvent}/messages`, {
          method: 'POST',
          headers: admin.headers,
          body: JSON.stringify({ audience: 'registrants', subject: `Hall change ${i + 1}`, body: 'The event moves to Seminar Hall 2. Come by 9:45.' }),
        })
      : undefined;
    const result = await phase(
      `Rush ${i + 1} of ${count(rushers.length)} students${withMessage ? `, a message to ${count(MESSAGE_AUDIENCE)} sent as it starts` : ''}`,
      () => measures.rushThroughHttp(rushers, eventId, PORT),
      (r) => `p50 ${r.registeredLatency.p50.toFixed(1)} ms, p99 ${r.registeredLatency.p99.toFixed(1)} ms, ${r.errors} errors`,
    );
    const rushEnded = Date.now();
    if (message && (await message).status !== 201) throw new Error(`the message answered ${(await message).status}`);
    await phase('Waiting for the confirmations and the message to leave', async () => (await untilConfirmed(db)) + (await untilMailLeft(db)));
    runs.push({ withMessage, result, deliveredAfterRush: withMessage ? await secondsFromRushToDelivery(db, `Hall change ${i + 1}`, rushEnded) : undefined });
  }
  return runs;
}

/** When the message's recipients and e-mails were written (the delivery's transaction), in seconds after the rush's last answer. */
async function secondsFromRushToDelivery(db, subject, rushEnded) {
  const { rows } = await db.query('select extract(epoch from delivered_at) * 1000 as delivered from event_messages where subject = $1', [subject]);
  return (Number(rows[0].delivered) - rushEnded) / 1000;
}

/**
 * Resolves once every organiser's message has reached its people and the outbox holds nothing to
 * deliver: a rush measured while the last one's e-mails leave would be charged for them.
 */
async function untilMailLeft(db, timeoutSeconds = 180) {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query(
      `select (select count(*) from event_messages where delivered_at is null)::int + (select count(*) from mail_outbox where sent_at is null and attempts < 10)::int as waiting`,
    );
    const seconds = (performance.now() - started) / 1000;
    if (rows[0].waiting === 0) return seconds;
    if (seconds > timeoutSeconds) throw new Error(`${rows[0].waiting} messages and e-mails were still waiting after ${timeoutSeconds} s.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function report(feedback, sync, runs, machine) {
  const side = (withMessage) => runs.filter((run) => run.withMessage === withMessage).map((run) => run.result);
  const summary = (results) => ({
    p50: mean(results.map((r) => r.registeredLatency.p50)),
    p99: mean(results.map((r) => r.registeredLatency.p99)),
    rate: mean(results.map((r) => r.registered / r.wallSeconds)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  });
  const plain = summary(side(false));
  const message = summary(side(true));
  const cost = message.p99 / plain.p99 - 1;
  const delivered = runs.flatMap((run) => (run.withMessage ? [run.deliveredAfterRush] : []));
  const rows = [
    [
      'a scan at a door with no network, CPU 4× slower',
      `≤ ${TARGETS.feedbackMs} ms from the tap to the verdict painted`,
      `median ${feedback.median.toFixed(0)} ms, worst of ${SCANS_TIMED} ${feedback.worst.toFixed(0)} ms`,
      verdict(feedback.worst <= TARGETS.feedbackMs),
    ],
    [
      `${count(QUEUED_SCANS)} queued scans sent (batches of ${SCANS_PER_SYNC})`,
      `≤ ${TARGETS.syncSeconds} s`,
      `${sync.seconds.toFixed(2)} s; ${count(sync.present)} students present`,
      verdict(sync.seconds <= TARGETS.syncSeconds && sync.present === QUEUED_SCANS),
    ],
    [
      `a rush of ${count(RUSH_STUDENTS)} registrations, a message to ${count(MESSAGE_AUDIENCE)} sent as it starts`,
      'no added latency (p99 within 10 % of the same rush without)',
      `p50 ${message.p50.toFixed(1)} / ${plain.p50.toFixed(1)} ms, p99 ${message.p99.toFixed(1)} / ${plain.p99.toFixed(1)} ms (with / without: ${(cost * 100).toFixed(1)} %; each rush's p99 in order: ${runs.map((run) => `${run.result.registeredLatency.p99.toFixed(0)}${run.withMessage ? ' with' : ''}`).join(', ')} ms), ${message.rate.toFixed(0)} / ${plain.rate.toFixed(0)} registrations/s, ${message.errors + plain.errors} errors`,
      verdict(cost <= TARGETS.messageLatencyCost && message.errors + plain.errors === 0),
    ],
    [
      `the message's ${count(MESSAGE_AUDIENCE)} recipients and e-mails written`,
      "after the rush's last answer (none of its work beside the rush)",
      `${delivered.map((seconds) => `${seconds.toFixed(1)} s`).join(', ')} after it`,
      verdict(delivered.every((seconds) => seconds >= 0)),
    ],
  ];
  publish('door', `${machine}\n\n${markdownTable(['measure', 'target', 'result', 'verdict'], rows)}`);
}
