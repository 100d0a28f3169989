// `npm test`: every check, on both databases. One build of the client and the server, then lint
// and the suites in two lanes that run side by side (two cores are busy throughout: the lanes are
// balanced by the minutes each step took on such a machine): a lane's steps run
// one after another (each needs the machine's attention or a database of its own), and the lanes
// share nothing but the PostgreSQL server. Each step's output goes to a log; a failed step prints
// it whole and stops its lane, and the run ends failed once the other lanes are done.
//
// With DATABASE_URL set, the API suite runs on PostgreSQL and on the embedded database, and the
// file that proves transactions never wait on the pool runs once more on a pool of one connection;
// the browser journeys run on PostgreSQL. Without it, everything runs on the embedded database.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshDatabase } from './fresh-database.mjs';

const root = join(import.meta.dirname, '..');
const logs = join(root, 'test-results', 'logs');
const postgres = process.env.DATABASE_URL;
const EMBEDDED = { DATABASE_URL: '' };
/**
 * NODE24_BIN (set by .ci/run): a folder holding Node 24's binary. The steps given this run on it,
 * npm and every process they start finding it first; the others run on the machine's Node.
 */
const NODE_24 = process.env.NODE24_BIN ? { PATH: `${process.env.NODE24_BIN}:${process.env.PATH}` } : undefined;

/** A step: a name, an npm script of a workspace (or of the root) and what it adds to the environment. */
const step = (name, script, env = {}) => ({ name, script, env });
const apiSuite = ['test:e2e', '-w', 'backend'];
const transactionsFile = [...apiSuite, '--', '--testPathPatterns', 'test/api/transactions\\.e2e'];
const journeys = ['journeys'];
// Playwright empties its output folder when it starts: its own, so the logs beside it stay.
const JOURNEY_OUTPUT = { JOURNEY_OUTPUT: 'test-results/journeys' };

/**
 * The lanes after the build. The accessibility scans (axe, both widths and both themes on every
 * state a journey checks) run in one of the two journey runs: the pages' markup is the same on
 * either database, and the scans are most of a run's time. Lint needs no build, but alone before
 * the lanes it kept one core idle for three minutes.
 */
async function lanes() {
  if (!postgres) {
    return [
      [step('lint', ['lint']), step('unit tests', ['test:unit']), step('client tests', ['test:web'])],
      [step('API suite, embedded database', apiSuite, EMBEDDED), step('browser journeys, embedded database', journeys, { ...EMBEDDED, ...JOURNEY_OUTPUT })],
    ];
  }
  const poolOfOne = await freshDatabase(postgres, 'pool1');
  // The repeats on other databases leave out what does not use the configured one (jest.config.cjs).
  const repeat = { API_SUITE_REPEAT: 'true' };
  // The whole suite on a pool of one would find nothing the embedded run does not: that database is
  // one connection too, and the transaction guard refuses a pool query inside a transaction on
  // either. It ran for 12 minutes beside the others; the file that proves the rule runs.
  // Two lanes on two cores (28 November): beside a third, every step took about twice as long
  // (the PostgreSQL suite 16 minutes beside one lane, past 30 beside two), so the work is split
  // in two lanes of about 23 minutes each.
  return [
    [
      step('API suite, PostgreSQL', apiSuite),
      step('transactions, PostgreSQL with a pool of one connection', transactionsFile, { ...repeat, DATABASE_URL: poolOfOne, DATABASE_POOL_SIZE: '1' }),
      step('unit tests', ['test:unit']),
      ...(NODE_24 ? [step('unit tests, Node 24', ['test:unit'], NODE_24)] : []),
      // The server's suites run on both runtimes: on PostgreSQL on the machine's, here on Node 24.
      step(NODE_24 ? 'API suite, embedded database, Node 24' : 'API suite, embedded database', apiSuite, { ...repeat, ...EMBEDDED, ...NODE_24 }),
    ],
    // The journeys run once, on PostgreSQL: what they add to the API suites is the browser's side,
    // which is the same whatever database is under the server; the embedded database answers every
    // route in the API suite's run on it (and every journey in the run without DATABASE_URL).
    [step('browser journeys, PostgreSQL', journeys, JOURNEY_OUTPUT), step('lint', ['lint']), step('client tests', ['test:web'])],
  ];
}

/** Runs one npm script with its output in a log; answers whether it passed. */
function run({ name, script, env }) {
  const file = join(logs, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  const log = createWriteStream(file);
  const started = Date.now();
  console.log(`▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        if (code === 0) {
          console.log(`✓ ${name} (${seconds} s)`);
        } else {
          console.log(`✘ ${name} (${seconds} s, exit ${code}): its output follows\n${readFileSync(file, 'utf8')}\n✘ end of ${name}`);
        }
        resolve(code === 0);
      });
    });
  });
}

async function runLane(steps) {
  for (const each of steps) if (!(await run(each))) return false;
  return true;
}

mkdirSync(logs, { recursive: true });
const started = Date.now();
const first = await runLane([step('build', ['build']), step('API document lint', ['lint:api:document']), step('client size budget', ['budget'])]);
const passed = first && (await Promise.all((await lanes()).map(runLane))).every(Boolean);
console.log(`${passed ? 'All checks passed' : 'Some checks failed'} in ${Math.round((Date.now() - started) / 60_000)} min`);
process.exitCode = passed ? 0 : 1;
