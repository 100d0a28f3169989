// `BENCH_WATCHERS=1000 npm run bench`: the registration rush with that many pages holding the live
// seat stream open beside the same rush with none, on one server, alternating (without, with,
// with, without) so a drift in the machine's load falls on both. Each watched rush is checked
// from the pages' side too: a few seconds after it, every page must show the database's count.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { benchDatabase, stop, EXIT } from './preflight.mjs';
import { count, phase } from './progress.mjs';
import { machineLine, markdownTable, publish, verdict } from './report.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 4000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
/** Longer than the server's read interval (1 s) and a reading's way to every page. */
const SETTLE_MS = 3000;
const ORDER = [false, true, true, false];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 1) => Number(value.toFixed(digits));
const loadAverage = () => os.loadavg()[0].toFixed(1);

function residentMb(pid) {
  return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}

function watcherCount(raw) {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 5000) stop(EXIT.setting, `BENCH_WATCHERS must be a whole number from 1 to 5000 (got "${raw}").`);
  return n;
}

/** `n` pages on the server at `port`, in their own process (bench/seat-watchers.mjs), once each has its snapshot. */
export async function openWatchers(n, port = PORT) {
  const child = fork(new URL('./seat-watchers.mjs', import.meta.url), [String(port), String(n)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () =>
    new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the watchers' process ended (exit ${code})`)));
    });
  await next();
  return {
    report: async (eventId) => {
      const answer = next();
      child.send({ report: eventId });
      return await answer;
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.disconnect();
      }),
  };
}

export async function liveSeats(baseUrl, rawCount, measures) {
  const n = watcherCount(rawCount);
  const loadAtStart = loadAverage();
  const databaseUrl = await phase(
    'Creating a fresh database',
    () => benchDatabase(baseUrl, 'bench'),
    (url) => new URL(url).pathname.slice(1),
  );
  const server = await phase(
    `Starting the built server on port ${PORT}`,
    // Every page is on this machine's one address: the server lets them all in.
    () => measures.startServer(databaseUrl, PORT, { SEAT_STREAM_MAX_PER_CLIENT: String(n), SEAT_STREAM_MAX_CLIENTS: String(Math.max(n, 5000)) }),
    (child) => `pid ${child.pid}`,
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  let students;
  try {
    await db.connect();
    students = await phase(
      `Seeding ${count(STUDENTS)} signed-in students`,
      () => measures.seedStudents(db),
      (made) => `${count(made.length)} students`,
    );
    await phase('Warming up', () => measures.warmUp(students));
    const runs = [];
    for (const [i, watched] of ORDER.entries()) runs.push(await rush(i + 1, watched));
    const loadAtEnd = loadAverage();
    report(runs, n, await machineLine(db, `${count(STUDENTS)} students per rush, ${CONNECTIONS} connections, load average ${loadAtStart} → ${loadAtEnd}`));
  } finally {
    await db.end().catch(() => undefined);
    server.kill('SIGTERM');
  }

  async function rush(number, watched) {
    const idleMb = residentMb(server.pid);
    const watchers = watched
      ? await phase(
          `Opening ${count(n)} seat streams`,
          () => openWatchers(n),
          () => `${count(n)} snapshots`,
        )
      : undefined;
    const watchingMb = residentMb(server.pid);
    try {
      const eventId = await measures.createRushEvent(db, `Live seats rush ${number}`);
      // The new event reaches the pages before the rush starts, as it would on the day.
      if (watchers) await sleep(SETTLE_MS);
      const cpuBefore = measures.cpuMs(server.pid);
      const result = await phase(
        `Rush ${number} ${watched ? `with ${count(n)} pages watching` : 'with no page watching'}`,
        () => measures.rushThroughHttp(students, eventId),
        (r) => `${count(r.registered)} registered, ${count(r.full)} full, ${r.errors} errors in ${r.wallSeconds.toFixed(1)} s`,
      );
      const answers = result.registered + result.full + result.errors;
      const cpuPerRequest = (measures.cpuMs(server.pid) - cpuBefore) / answers;
      const check = await measures.checkNoOverbooking(db, eventId);
      let seen;
      if (watchers) {
        await sleep(SETTLE_MS);
        seen = await watchers.report(eventId);
      }
      return { watched, result, cpuPerRequest, check, seen, idleMb, watchingMb, load: loadAverage() };
    } finally {
      await watchers?.close();
    }
  }
}

function report(runs, n, machine) {
  const column = (watched) => runs.filter((run) => run.watched === watched);
  const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const rate = (run) => run.result.registered / run.result.wallSeconds;
  const cell = (watched, format) => column(watched).map(format).join(', ');
  const seatsHold = runs.every((run) => run.check.consistent && run.result.errors === 0);
  const everyPageAgrees = column(true).every((run) => run.seen.shown[run.check.taken] === n && run.seen.open === n);
  const perWatcherKb = mean(column(true).map((run) => ((run.watchingMb - run.idleMb) * 1024) / n));
  const rows = [
    [
      'registrations per second (runs in order: without, with, with, without)',
      `${cell(false, (r) => count(Math.round(rate(r))))} (mean ${count(Math.round(mean(column(false).map(rate))))})`,
      `${cell(true, (r) => count(Math.round(rate(r))))} (mean ${count(Math.round(mean(column(true).map(rate))))})`,
    ],
    [
      'p50 / p99',
      cell(false, (r) => `${Math.round(r.result.p50)} / ${Math.round(r.result.p99)} ms`),
      cell(true, (r) => `${Math.round(r.result.p50)} / ${Math.round(r.result.p99)} ms`),
    ],
    ['server CPU per request', cell(false, (r) => `${r.cpuPerRequest.toFixed(2)} ms`), cell(true, (r) => `${r.cpuPerRequest.toFixed(2)} ms`)],
    [
      'seats taken, errors',
      cell(false, (r) => `${count(r.check.taken)} of ${count(r.check.seats)}, ${r.result.errors}`),
      cell(true, (r) => `${count(r.check.taken)} of ${count(r.check.seats)}, ${r.result.errors}`),
    ],
    ['load average after the run', cell(false, (r) => r.load), cell(true, (r) => r.load)],
    [
      `pages showing the database's count ${SETTLE_MS / 1000} s after the rush`,
      '—',
      `${cell(true, (r) => `${count(r.seen.shown[r.check.taken] ?? 0)} of ${count(n)}`)}: ${verdict(everyPageAgrees)}`,
    ],
    ['messages per page per rush (snapshot included)', '—', cell(true, (r) => (r.seen.messages / n).toFixed(1))],
    [
      'server memory (resident)',
      cell(false, (r) => `${Math.round(r.idleMb)} MB`),
      cell(true, (r) => `${Math.round(r.idleMb)} → ${Math.round(r.watchingMb)} MB`),
    ],
  ];
  const section = [
    machine,
    '',
    markdownTable(['measure', 'no page watching', `${count(n)} pages watching`], rows),
    '',
    `Overbooking, duplicates, errors: ${verdict(seatsHold)}. Server memory per open stream: about ${Math.round(perWatcherKb)} kB (resident size before and after opening them, so garbage collection blurs it).`,
  ].join('\n');
  console.log(
    JSON.stringify(
      runs.map(({ watched, result, cpuPerRequest, check, seen, idleMb, watchingMb, load }) => ({
        watched,
        rate: round(rate({ result })),
        p99: round(result.p99),
        cpuPerRequest: round(cpuPerRequest, 3),
        check,
        seen,
        idleMb: round(idleMb),
        watchingMb: round(watchingMb),
        load,
      })),
    ),
  );
  publish('live-seats', section);
}
