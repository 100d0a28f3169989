// `npm run bench:client`: how fast the built client shows on a slow phone. Starts the production
// build (`backend/dist/main.js`, demo data in memory) on a free port, or measures
// BENCH_CLIENT_URL if set (a server already running, e.g. one that compresses), then:
//   1. first contentful paint of the home page and an event page in Chromium throttled over the
//      DevTools protocol (1.6 Mbps down, 750 kbps up, 150 ms round trip, 4x CPU slowdown, a phone's
//      viewport), median of BENCH_CLIENT_RUNS cold loads (3);
//   2. Lighthouse (mobile preset, its own simulated throttling) on the same two pages,
//      BENCH_CLIENT_LIGHTHOUSE_RUNS times each (3): the median performance score with the
//      metrics and every audit that cost points of that run, and the lowest accessibility score.
// BENCH_CLIENT_REPORTS=<dir> keeps Lighthouse's HTML reports there.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Number(process.env.BENCH_CLIENT_RUNS ?? 3);
// Lighthouse's performance score moves by several points from run to run on a busy machine.
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_CLIENT_LIGHTHOUSE_RUNS ?? 3);
const REPORTS = process.env.BENCH_CLIENT_REPORTS;
const TARGETS = { fcpMs: 1500, performance: 95, accessibility: 100 };

/** The slow phone the targets are set for (docs/performance.md): bytes per second, milliseconds, CPU slowdown. */
const PHONE = { download: 1_600_000 / 8, upload: 750_000 / 8, latencyMs: 150, cpuSlowdown: 4 };
const PHONE_VIEWPORT = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The product as deployed, with the demo festival ahead (registration open, the day a month away). */
async function startServer() {
  const port = Number(process.env.BENCH_CLIENT_PORT ?? (await freePort()));
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['backend/dist/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: 'memory://',
      DEMO_DATA: 'true',
      // Development, as production refuses the demo festival (see bench/run.mjs).
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: origin,
      FESTIVAL_DATE: isoDay(30),
      REGISTRATION_OPENS_AT: isoDay(-7),
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const healthy = await fetch(`${origin}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { origin, stop: () => server.kill(), exited: () => server.exitCode !== null || server.signalCode !== null };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error('the server did not become healthy within a minute');
}

/** The home page and the first event's page, as a visitor opens them. */
async function pagesOf(origin) {
  const { events } = await fetch(`${origin}/api/v1/events`).then((response) => response.json());
  if (!events?.length) throw new Error('the server lists no events; is it running with demo data?');
  return [
    { name: 'home', url: `${origin}/` },
    { name: 'event', url: `${origin}/event/${encodeURIComponent(events[0]._id)}` },
  ];
}

/** One cold load (a new browser context: empty cache, no cookies) on the throttled phone. */
async function firstContentfulPaint(browser, url) {
  const context = await browser.newContext(PHONE_VIEWPORT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.download,
    uploadThroughput: PHONE.upload,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  await page.goto(url, { waitUntil: 'load' });
  const fcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((paint) => paint.name === 'first-contentful-paint');
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  await context.close();
  return fcp;
}

async function measurePaints(pages) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless=new') });
  try {
    const results = [];
    for (const { name, url } of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await firstContentfulPaint(browser, url));
      results.push({ name, median: median(runs), runs });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** Audits of a category that did not get full marks, worst first. */
function lostPoints(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 || category === 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
    .sort((a, b) => a.score - b.score)
    .map((audit) => `${audit.id} (${audit.displayValue ?? `score ${audit.score}`})`);
}

/** Lighthouse's runs of one page, the one with the median performance score first. */
async function auditRuns(port, url) {
  const runs = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    runs.push(await lighthouse(url, { port, output: 'html', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }));
  }
  const byScore = [...runs].sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
  const middle = byScore[Math.floor(byScore.length / 2)];
  return [middle, ...runs.filter((run) => run !== middle)];
}

async function runLighthouse(pages) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const results = [];
    for (const { name, url } of pages) {
      const runs = await auditRuns(chrome.port, url);
      const [{ lhr, report }] = runs;
      if (REPORTS) {
        await mkdir(REPORTS, { recursive: true });
        await writeFile(join(REPORTS, `lighthouse-${name}.html`), report);
      }
      const metric = (id) => lhr.audits[id].displayValue;
      const score = (run, category) => Math.round(run.lhr.categories[category].score * 100);
      results.push({
        name,
        performance: score(runs[0], 'performance'),
        allPerformance: runs.map((run) => score(run, 'performance')),
        accessibility: Math.min(...runs.map((run) => score(run, 'accessibility'))),
        metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
        lost: [...lostPoints(lhr, 'performance'), ...lostPoints(lhr, 'accessibility')],
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

const mark = (met) => (met ? 'met' : 'MISSED');

async function main() {
  const server = process.env.BENCH_CLIENT_URL
    ? { origin: process.env.BENCH_CLIENT_URL.replace(/\/$/, ''), stop: () => {}, exited: () => false }
    : await startServer();
  try {
    const pages = await pagesOf(server.origin);
    console.log(`Measuring ${server.origin} (home and ${pages[1].url.slice(server.origin.length)})`);
    console.log(`\nFirst contentful paint, throttled phone (1.6 Mbps, 150 ms RTT, 4x CPU), median of ${RUNS} cold loads:`);
    for (const { name, median: fcp, runs } of await measurePaints(pages)) {
      console.log(
        `  ${name.padEnd(6)} ${Math.round(fcp)} ms  (${runs.map(Math.round).join(', ')})  target <= ${TARGETS.fcpMs} ms: ${mark(fcp <= TARGETS.fcpMs)}`,
      );
    }
    console.log(`\nLighthouse 12, mobile preset, the run with the median performance of ${LIGHTHOUSE_RUNS} (the lowest accessibility):`);
    for (const result of await runLighthouse(pages)) {
      console.log(
        `  ${result.name.padEnd(6)} performance ${result.performance} (${mark(result.performance >= TARGETS.performance)}; runs ${result.allPerformance.join(', ')}), accessibility ${result.accessibility} (${mark(result.accessibility >= TARGETS.accessibility)})`,
      );
      console.log(`         ${result.metrics}`);
      if (result.lost.length) console.log(`         below 0.9: ${result.lost.join('; ')}`);
    }
  } catch (error) {
    // The machine may have ended the server (out of memory, PGlite takes about 700 MB) mid-run.
    if (server.exited()) throw new Error('the server stopped during the measurement', { cause: error });
    throw error;
  } finally {
    server.stop();
  }
}

await main();
