// `BENCH_OPERATIONS=1 npm run bench`: what running the product costs and delivers on the day.
// 1. Metrics: the rush on a server with metrics off and on one with METRICS_TOKEN set, scraped
//    every second meanwhile (Prometheus scrapes every 15 s), alternating (off, on, on, off) so a
//    drift in the machine's load falls on both.
// 2. Mail: a rush on a server whose outbox delivers to a local SMTP sink: the confirmations'
//    throughput and how long after the rush's last registration the last of them arrived, and a
//    student who signs up while they are queued: how long their verification link takes.
import os from 'node:os';
import pg from 'pg';
import { startMailSink } from './mail-sink.mjs';
import { benchDatabase } from './preflight.mjs';
import { count, phase } from './progress.mjs';
import { machineLine, markdownTable, publish, verdict } from './report.mjs';
import { untilConfirmed } from './settle.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3300);
/** Beside the bare server's port (PORT + 1), which this mode does not use. */
const METRICS_PORT = PORT + 2;
const MAIL_PORT = PORT + 3;
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 4000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';
const ORDER = [false, true, true, false];
const TARGETS = { metricsCost: 0.05, emailsPerSecond: 100, confirmationsSeconds: 60, verificationSeconds: 10 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => os.loadavg()[0].toFixed(1);
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

export async function operations(baseUrl, measures) {
  const loadAtStart = loadAverage();
  const databaseUrl = await phase(
    'Creating a fresh database',
    () => benchDatabase(baseUrl, 'bench'),
    (url) => new URL(url).pathname.slice(1),
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const metrics = await metricsCost(databaseUrl, db, measures);
    const mail = await mailSpeed(databaseUrl, db, measures);
    const machine = await machineLine(db, `${count(STUDENTS)} students per rush, ${CONNECTIONS} connections, load average ${loadAtStart} → ${loadAverage()}`);
    report(metrics, mail, machine);
  } finally {
    await db.end().catch(() => undefined);
  }
}

async function metricsCost(databaseUrl, db, measures) {
  const servers = {
    off: await phase(
      `Starting a server with metrics off on port ${PORT}`,
      () => measures.startServer(databaseUrl, PORT),
      (child) => `pid ${child.pid}`,
    ),
    on: await phase(
      `Starting a server with metrics on on port ${METRICS_PORT}`,
      () => measures.startServer(databaseUrl, METRICS_PORT, { METRICS_TOKEN }),
      (child) => `pid ${child.pid}`,
    ),
  };
  try {
    const students = await phase(
      `Seeding ${count(STUDENTS)} signed-in students`,
      () => measures.seedStudents(db),
      (made) => `${count(made.length)} students`,
    );
    // Session loads, then a rush each that is not measured: a server's first rush runs colder code
    // than its second, which would be charged to whichever setting it was run with.
    await phase('Warming up both servers', async () => {
      for (const port of [PORT, METRICS_PORT]) {
        await measures.warmUp(students, port);
        await measures.rushThroughHttp(students, await measures.createRushEvent(db, `Warm-up rush ${port}`), port);
      }
      await untilConfirmed(db);
    });
    const runs = [];
    for (const [i, metricsOn] of ORDER.entries()) {
      const port = metricsOn ? METRICS_PORT : PORT;
      const eventId = await measures.createRushEvent(db, `Metrics rush ${i + 1}`);
      const scraper = metricsOn ? scrapeEverySecond(port) : undefined;
      const server = metricsOn ? servers.on : servers.off;
      const cpuBefore = measures.cpuMs(server.pid);
      const result = await phase(
        `Rush ${i + 1} with metrics ${metricsOn ? 'on, scraped every second' : 'off'}`,
        () => measures.rushThroughHttp(students, eventId, port),
        (r) => `${count(r.registered)} registered, ${count(r.full)} full, ${r.errors} errors in ${r.wallSeconds.toFixed(1)} s`,
      );
      const cpuPerRequest = (measures.cpuMs(server.pid) - cpuBefore) / (result.registered + result.full + result.errors);
      const scrapes = await scraper?.stop();
      const check = await measures.checkNoOverbooking(db, eventId);
      await phase('Waiting for the confirmations', () => untilConfirmed(db));
      runs.push({ metricsOn, result, check, scrapes, cpuPerRequest, rate: result.registered / result.wallSeconds });
    }
    return runs;
  } finally {
    servers.off.kill('SIGTERM');
    servers.on.kill('SIGTERM');
  }
}

/** What Prometheus does, far more often: every scrape must answer 200 with the registrations' counter. */
function scrapeEverySecond(port) {
  let running = true;
  const outcomes = { ok: 0, failed: 0 };
  const loop = (async () => {
    while (running) {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => undefined);
      const body = response?.ok ? await response.text() : '';
      outcomes[body.includes('festival_registrations_total') ? 'ok' : 'failed'] += 1;
      await sleep(1000);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return outcomes;
    },
  };
}

async function mailSpeed(databaseUrl, db, measures) {
  const sink = await startMailSink(0);
  const server = await phase(
    `Starting a server that delivers to a local SMTP sink, on port ${MAIL_PORT}`,
    () => measures.startServer(databaseUrl, MAIL_PORT, { SMTP_URL: sink.url }),
    (child) => `pid ${child.pid}`,
  );
  try {
    // The earlier rushes' confirmations went to the log of servers now stopped: only this rush's count.
    await db.query('update mail_outbox set sent_at = now() where sent_at is null');
    const students = await phase(
      `Seeding ${count(STUDENTS)} more signed-in students`,
      () => measures.seedStudents(db, 'mail'),
      (made) => `${count(made.length)} students`,
    );
    await measures.warmUp(students, MAIL_PORT);
    const eventId = await measures.createRushEvent(db, 'Mail rush');
    const rush = await phase(
      'The rush, its confirmations delivered to the sink',
      () => measures.rushThroughHttp(students, eventId, MAIL_PORT),
      (r) => `${count(r.registered)} registered in ${r.wallSeconds.toFixed(1)} s`,
    );
    const rushEnded = performance.now();
    // A student signs up while the confirmations are queued: the account e-mail goes first.
    const signUpAt = performance.now();
    const email = `late.signup.${Date.now()}@campus.ac.in`;
    const signUp = await fetch(`http://127.0.0.1:${MAIL_PORT}/api/v1/user/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${MAIL_PORT}` },
      body: JSON.stringify({
        name: 'Late Signup',
        email,
        password: 'Bench@12345',
        gender: 'Female',
        dept: 'CSE',
        year: '3',
        rollNumber: `23CSE${Date.now() % 100000}`,
      }),
    });
    const confirmationsOf = () => [...sink.deliveries.keys()].filter((address) => address.startsWith('mail')).length;
    let verificationSeconds;
    const delivered = await phase(
      `Waiting for ${count(rush.registered)} confirmations and the verification link at the sink`,
      async () => {
        let firstAt;
        for (;;) {
          const arrived = confirmationsOf();
          if (arrived > 0) firstAt ??= performance.now();
          if (verificationSeconds === undefined && sink.deliveries.has(email)) verificationSeconds = (performance.now() - signUpAt) / 1000;
          if (arrived >= rush.registered && (verificationSeconds !== undefined || signUp.status !== 201)) {
            return { lastAfterRushSeconds: (performance.now() - rushEnded) / 1000, spanSeconds: (performance.now() - firstAt) / 1000, arrived };
          }
          if (performance.now() - rushEnded > 300_000) return { lastAfterRushSeconds: Infinity, spanSeconds: Infinity, arrived };
          await sleep(50);
        }
      },
      (d) => `${count(d.arrived)} in ${d.spanSeconds.toFixed(1)} s`,
    );
    const duplicates = [...sink.deliveries.values()].filter((n) => n > 1).length;
    return { rush, signUpStatus: signUp.status, verificationSeconds, duplicates, ...delivered, emailsPerSecond: delivered.arrived / delivered.spanSeconds };
  } finally {
    server.kill('SIGTERM');
    await sink.close();
  }
}

function report(runs, mail, machine) {
  const column = (on) => runs.filter((run) => run.metricsOn === on);
  const rates = (on) => column(on).map((run) => count(Math.round(run.rate)));
  const off = mean(column(false).map((run) => run.rate));
  const on = mean(column(true).map((run) => run.rate));
  const cost = 1 - on / off;
  // The server's own CPU per request: what metrics add to each request, whatever else the machine runs meanwhile.
  const cpuOff = mean(column(false).map((run) => run.cpuPerRequest));
  const cpuOn = mean(column(true).map((run) => run.cpuPerRequest));
  const cpuCost = cpuOn / cpuOff - 1;
  const cpu = (on) => column(on).map((run) => `${run.cpuPerRequest.toFixed(2)} ms`);
  const seatsHold = runs.every((run) => run.check.consistent && run.result.errors === 0);
  const scrapes = column(true).reduce((sum, run) => ({ ok: sum.ok + run.scrapes.ok, failed: sum.failed + run.scrapes.failed }), { ok: 0, failed: 0 });
  const rows = [
    ['rush with metrics off: registrations per second (runs 1 and 4)', `${rates(false).join(', ')} (mean ${count(Math.round(off))})`, ''],
    ['rush with metrics on, scraped every second (runs 2 and 3)', `${rates(true).join(', ')} (mean ${count(Math.round(on))})`, ''],
    ['server CPU per request, metrics off (runs 1 and 4)', `${cpu(false).join(', ')} (mean ${cpuOff.toFixed(2)} ms)`, ''],
    ['server CPU per request, metrics on (runs 2 and 3)', `${cpu(true).join(', ')} (mean ${cpuOn.toFixed(2)} ms)`, ''],
    [
      "metrics' cost: on the rush's throughput / on the server's CPU per request",
      `${(cost * 100).toFixed(1)} % / ${(cpuCost * 100).toFixed(1)} %`,
      `≤ ${TARGETS.metricsCost * 100} %: ${verdict(cost <= TARGETS.metricsCost)} / ${verdict(cpuCost <= TARGETS.metricsCost)}`,
    ],
    [
      'p99 off / on',
      `${column(false)
        .map((r) => Math.round(r.result.p99))
        .join(', ')} / ${column(true)
        .map((r) => Math.round(r.result.p99))
        .join(', ')} ms`,
      '',
    ],
    ['scrapes during the rushes answered', `${scrapes.ok} of ${scrapes.ok + scrapes.failed}`, verdict(scrapes.failed === 0)],
    [
      'e-mails per second to the SMTP sink (one instance)',
      count(Math.round(mail.emailsPerSecond)),
      `≥ ${TARGETS.emailsPerSecond}: ${verdict(mail.emailsPerSecond >= TARGETS.emailsPerSecond)}`,
    ],
    [
      `the rush's ${count(mail.rush.registered)} confirmations: the last one at the sink after the last registration`,
      `${mail.lastAfterRushSeconds.toFixed(1)} s`,
      `≤ ${TARGETS.confirmationsSeconds} s: ${verdict(mail.lastAfterRushSeconds <= TARGETS.confirmationsSeconds)}`,
    ],
    [
      'a sign-up right after the rush: its verification link at the sink',
      mail.verificationSeconds === undefined ? 'never' : `${mail.verificationSeconds.toFixed(1)} s (sign-up answered ${mail.signUpStatus})`,
      `≤ ${TARGETS.verificationSeconds} s: ${verdict(mail.verificationSeconds !== undefined && mail.verificationSeconds <= TARGETS.verificationSeconds)}`,
    ],
    ['recipients who received an e-mail twice', String(mail.duplicates), verdict(mail.duplicates === 0)],
  ];
  const section = [
    machine,
    '',
    markdownTable(['measure', 'figure', 'target'], rows),
    '',
    `Overbooking, duplicates, errors in the rushes: ${verdict(seatsHold)}.`,
  ].join('\n');
  console.log(JSON.stringify({ runs: runs.map(({ metricsOn, rate, result }) => ({ metricsOn, rate: Math.round(rate), p99: Math.round(result.p99) })), mail }));
  publish('operations', section);
}
