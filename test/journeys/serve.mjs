// Starts the built product for the browser journeys: on a fresh PostgreSQL database of its own
// when DATABASE_URL is set (so API tests' leftovers never show), on in-memory PGlite otherwise,
// with the demo festival a month from today so countdowns tick and registration is open, and
// e-mail sent to an SMTP server the journeys start themselves.
import { spawn } from 'node:child_process';
import { freshDatabase } from '../../scripts/fresh-database.mjs';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (date) => date.toISOString().slice(0, 10);

const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: process.env.JOURNEY_PORT ?? '3100',
  DEMO_DATA: 'true',
  DATA_DIR: 'memory://',
  FESTIVAL_DATE: isoDay(new Date(Date.now() + 30 * DAY)),
  REGISTRATION_OPENS_AT: isoDay(new Date(Date.now() - 2 * DAY)),
  LOG_LEVEL: 'warn',
  // The journeys read e-mail from an SMTP server they start on this port (see support/smtp-inbox.ts).
  SMTP_URL: `smtp://127.0.0.1:${process.env.JOURNEY_SMTP_PORT ?? '2526'}?ignoreTLS=true`,
  DATABASE_URL: process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL, 'journeys') : '',
};
const server = spawn(process.execPath, ['backend/dist/main.js'], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
