import { ConfigError, loadConfig } from './app-config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.nodeEnv).toBe('development');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('./data');
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.institutionEmailDomain).toBe('campus.ac.in');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.festivalDate.toISOString()).toBe('2025-08-29T18:30:00.000Z');
    expect(config.registrationOpensAt.toISOString()).toBe('2025-08-13T18:30:00.000Z');
    expect(config.festivalDatesSet).toBe(false);
    expect(config.demoData).toBe(true);
    expect(config).toMatchObject({ seatStreamIntervalMs: 1000, seatStreamMaxClients: 5000, seatStreamMaxPerClient: 500 });
    expect(config).toMatchObject({ metricsToken: undefined, mailInFlight: 8 });
  });

  it('turns metrics on with a token too long to guess, and refuses a short one or one a header would mangle', () => {
    const token = 'a3f1c9e07b2d4f6a8c0e1b3d5f7a9c2e';
    expect(loadConfig({ METRICS_TOKEN: token, MAIL_IN_FLIGHT: '16' })).toMatchObject({ metricsToken: token, mailInFlight: 16 });
    const refusal = 'METRICS_TOKEN must be at least 24 printable characters without spaces (openssl rand -hex 32 makes one)';
    expect(problemsOf({ METRICS_TOKEN: 'secret' })).toEqual([refusal]);
    expect(problemsOf({ METRICS_TOKEN: `${token} with spaces` })).toEqual([refusal]);
    expect(problemsOf({ MAIL_IN_FLIGHT: '0' })).toEqual(['MAIL_IN_FLIGHT must be a whole number from 1 to 64 (got "0")']);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://fest:secret@db:5432/fest',
      DATABASE_POOL_SIZE: '40',
      PUBLIC_URL: 'https://fest.example.ac.in',
      INSTITUTION_EMAIL_DOMAIN: '@Example.AC.IN',
      SMTP_URL: 'smtp://mail:25',
      FESTIVAL_DATE: '2026-02-14',
      REGISTRATION_OPENS_AT: '2026-02-01',
      LOG_LEVEL: 'warn',
      SEAT_STREAM_MAX_CLIENTS: '20000',
      SEAT_STREAM_MAX_PER_CLIENT: '200',
    });
    expect(config).toMatchObject({
      port: 8080,
      nodeEnv: 'production',
      databaseUrl: 'postgres://fest:secret@db:5432/fest',
      databasePoolSize: 40,
      institutionEmailDomain: 'example.ac.in',
      smtpUrl: 'smtp://mail:25',
      logLevel: 'warn',
      seatStreamMaxClients: 20_000,
      seatStreamMaxPerClient: 200,
      // A PostgreSQL server is a real deployment: no demo data unless asked for.
      demoData: false,
    });
    expect(config.publicUrl.origin).toBe('https://fest.example.ac.in');
    expect(config.festivalDate.toISOString()).toBe('2026-02-13T18:30:00.000Z');
    expect(config.festivalDatesSet).toBe(true);
  });

  it('reports every bad value at once, naming the variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://db',
      PUBLIC_URL: 'fest.example',
      INSTITUTION_EMAIL_DOMAIN: 'not a domain',
      SMTP_URL: 'http://mail',
      FESTIVAL_DATE: '30/08/2025',
      DEMO_DATA: 'maybe',
    });
    expect(problems).toEqual([
      'PORT must be a whole number from 1 to 65535 (got "eighty")',
      'NODE_ENV must be one of development, production, test (got "staging")',
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname',
      'PUBLIC_URL must be an http(s) URL such as https://fest.college.ac.in (got "fest.example")',
      'INSTITUTION_EMAIL_DOMAIN must be a domain such as college.ac.in (got "not a domain")',
      'SMTP_URL must start with smtp:// or smtps://',
      'FESTIVAL_DATE must be a date such as 2025-08-30 (got "30/08/2025")',
      'DEMO_DATA must be true or false (got "maybe")',
    ]);
  });

  it('takes the first super admin only at a plain institution address, with a password by the staff rule', () => {
    expect(problemsOf({ SUPERADMIN_EMAIL: 'a:chief@campus.ac.in', SUPERADMIN_PASSWORD: 'aaaaaa' })).toEqual([
      'SUPERADMIN_EMAIL must be a plain address at campus.ac.in (got "a:chief@campus.ac.in")',
      'SUPERADMIN_PASSWORD: Password must be at least 8 characters',
    ]);
    expect(problemsOf({ SUPERADMIN_EMAIL: 'chief@campus.ac.in', SUPERADMIN_PASSWORD: 'abcdefg1!' })).toEqual([
      'SUPERADMIN_PASSWORD: Password must contain a lowercase letter, an uppercase letter and a digit',
    ]);
    expect(loadConfig({ SUPERADMIN_EMAIL: 'Chief@Campus.ac.in', SUPERADMIN_PASSWORD: 'Chief2025' }).superAdmin).toEqual({
      email: 'chief@campus.ac.in',
      password: 'Chief2025',
    });
  });

  it("reads the first start's days in FESTIVAL_TIME_ZONE, India's unless set, and refuses a zone the runtime does not know", () => {
    expect(loadConfig({}).festivalTimeZone).toBe('Asia/Kolkata');
    const config = loadConfig({ FESTIVAL_TIME_ZONE: 'Europe/London', FESTIVAL_DATE: '2026-07-14' });
    expect(config.festivalTimeZone).toBe('Europe/London');
    // Midnight in London in summer (+01:00).
    expect(config.festivalDate.toISOString()).toBe('2026-07-13T23:00:00.000Z');
    expect(problemsOf({ FESTIVAL_TIME_ZONE: 'India' })).toEqual(['FESTIVAL_TIME_ZONE must be a time zone such as Asia/Kolkata (got "India")']);
  });

  it('refuses to run production without a mail server, over plain http, with demo data or a demo password, naming each variable', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://fest@db:5432/fest' };
    expect(
      problemsOf({
        ...production,
        PUBLIC_URL: 'http://fest.campus.ac.in',
        DEMO_DATA: 'true',
        SUPERADMIN_EMAIL: 'chief@campus.ac.in',
        SUPERADMIN_PASSWORD: 'Festival@2025',
      }),
    ).toEqual([
      'SMTP_URL must be set in production: without a mail server, e-mails (sign-up and password links among them) are written to the log and never sent',
      'PUBLIC_URL must be an https:// address in production (got "http://fest.campus.ac.in"): e-mailed links and the session cookie travel over it',
      "DEMO_DATA must be false in production: the demo accounts' passwords are in the README",
      "SUPERADMIN_PASSWORD must not be a demo account's password in production: those are in the README",
    ]);
    const sound = {
      ...production,
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://fest.campus.ac.in',
      SUPERADMIN_EMAIL: 'chief@campus.ac.in',
      SUPERADMIN_PASSWORD: 'Chief2025x',
    };
    expect(loadConfig(sound).nodeEnv).toBe('production');
    // The machine itself, as when the product is tried out with `docker compose up`.
    expect(loadConfig({ ...sound, PUBLIC_URL: 'http://localhost:3000' }).publicUrl.hostname).toBe('localhost');
    // Development keeps its comfort: no mail server, plain http, the demo festival.
    const development = {
      PUBLIC_URL: 'http://fest.campus.ac.in',
      DEMO_DATA: 'true',
      SUPERADMIN_EMAIL: 'chief@campus.ac.in',
      SUPERADMIN_PASSWORD: 'Festival@2025',
    };
    expect(loadConfig(development).demoData).toBe(true);
  });

  it('refuses a registration opening after the festival', () => {
    expect(problemsOf({ FESTIVAL_DATE: '2025-08-30', REGISTRATION_OPENS_AT: '2025-09-01' })).toEqual(['REGISTRATION_OPENS_AT must not be after FESTIVAL_DATE']);
  });

  it('bounds every wait on the database and the mail server by default', () => {
    const config = loadConfig({});
    expect(config.databaseTimeouts).toEqual({
      connectMs: 5000,
      statementMs: 5000,
      lockMs: 3000,
      idleInTransactionMs: 10_000,
      queryMs: 6000,
      startupWaitMs: 30_000,
    });
    expect(config.smtpTimeoutMs).toBe(60_000);
  });

  it('reads the timeouts, keeping the query timeout a second above a raised statement timeout', () => {
    const config = loadConfig({
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '20000',
      DATABASE_LOCK_TIMEOUT_MS: '1500',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '30000',
      DATABASE_STARTUP_WAIT_MS: '0',
      SMTP_TIMEOUT_MS: '15000',
    });
    expect(config.databaseTimeouts).toEqual({
      connectMs: 2000,
      statementMs: 20_000,
      lockMs: 1500,
      idleInTransactionMs: 30_000,
      queryMs: 21_000,
      startupWaitMs: 0,
    });
    expect(config.smtpTimeoutMs).toBe(15_000);
    expect(loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '9000' }).databaseTimeouts.queryMs).toBe(9000);
  });

  it('refuses timeouts that are not a sensible number of milliseconds', () => {
    expect(problemsOf({ DATABASE_CONNECT_TIMEOUT_MS: '5s', DATABASE_LOCK_TIMEOUT_MS: '0', DATABASE_STARTUP_WAIT_MS: '-1', SMTP_TIMEOUT_MS: '999' })).toEqual([
      'DATABASE_CONNECT_TIMEOUT_MS must be a whole number from 100 to 600000 (got "5s")',
      'DATABASE_LOCK_TIMEOUT_MS must be a whole number from 100 to 600000 (got "0")',
      'DATABASE_STARTUP_WAIT_MS must be a whole number from 0 to 600000 (got "-1")',
      'SMTP_TIMEOUT_MS must be a whole number from 1000 to 600000 (got "999")',
    ]);
  });

  it('refuses a query timeout the statement timeout cannot beat', () => {
    expect(problemsOf({ DATABASE_STATEMENT_TIMEOUT_MS: '8000', DATABASE_QUERY_TIMEOUT_MS: '8000' })).toEqual([
      'DATABASE_QUERY_TIMEOUT_MS must be greater than DATABASE_STATEMENT_TIMEOUT_MS, so PostgreSQL cancels a slow statement before the client drops the connection',
    ]);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: ' ', DATABASE_URL: '' }).port).toBe(3000);
  });
});
