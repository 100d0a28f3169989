import { DEMO_PASSWORDS } from '../common/demo-passwords.js';
import { isInstitutionAddress } from '../common/email-address.js';
import { DEFAULT_TIME_ZONE, festivalClock, isTimeZone } from '../common/festival-clock.js';
import { passwordProblem } from '../common/password-rules.js';

/**
 * The environment, parsed once at start-up into a typed object. Every problem is reported
 * together so an operator fixes the whole configuration in one go.
 */
type NodeEnv = 'development' | 'production' | 'test';

export interface AppConfig {
  port: number;
  nodeEnv: NodeEnv;
  /** PostgreSQL server; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Kept small on purpose: waiting in the pool is fair, waiting on a row lock inside PostgreSQL is not. */
  databasePoolSize: number;
  /** How long a request, a query or the start-up may wait on PostgreSQL (see databaseTimeouts below). */
  databaseTimeouts: DatabaseTimeouts;
  /** PGlite data directory, or `memory://` for a throw-away database. */
  dataDir: string;
  /**
   * An archive of a migrated embedded database (PGlite's `dumpDataDir`) a throw-away database starts
   * from, instead of creating its files and migrating them: never read from the environment, the
   * API tests start one such database per spec file.
   */
  embeddedTemplate?: Blob;
  /** Where people reach the product; links in e-mails and the CSRF origin check use it. */
  publicUrl: URL;
  institutionEmailDomain: string;
  smtpUrl: string | undefined;
  /** The longest one delivery attempt to the SMTP server may take; the outbox's claim outlives it. */
  smtpTimeoutMs: number;
  /** MAIL_IN_FLIGHT: e-mails one instance hands to the mail server at once, each over a pooled connection of its own. */
  mailInFlight: number;
  /** The From header of every e-mail. */
  mailFrom: string;
  /** Proxy hops in front of the app whose X-Forwarded-For is believed (0 = none). */
  trustProxy: number;
  /** When both are set, this super admin account is created at start if it does not exist. */
  superAdmin: { email: string; password: string } | undefined;
  /**
   * FESTIVAL_DATE and REGISTRATION_OPENS_AT, or their defaults: the festival settings' values
   * until the super admin first saves them. Read the settings in force through
   * `FestivalSettingsService` (with demo data and neither set, the demo festival's own dates apply).
   */
  festivalDate: Date;
  registrationOpensAt: Date;
  /** FESTIVAL_TIME_ZONE: where the festival happens, until the super admin saves its settings; its days are read there. */
  festivalTimeZone: string;
  /** Whether FESTIVAL_DATE or REGISTRATION_OPENS_AT is set: set dates always win. */
  festivalDatesSet: boolean;
  /** Load the demo events and accounts into an empty database. */
  demoData: boolean;
  /** REPORTS_IN_FLIGHT: the heavy reports (CSV exports, dashboards read afresh) one instance prepares at once (`ReportGate`). */
  reportsInFlight: number;
  /**
   * METRICS_TOKEN: `GET /metrics` answers Prometheus only with this bearer token, and requests
   * are timed only while it is set. Without it, metrics are off and the route answers 404.
   */
  metricsToken: string | undefined;
  /** How long the shared event list may be reused (0 = every request reads the database). */
  eventListCacheMs: number;
  /** How long an instance uses the festival's settings it read before reading them again (0 = every request reads them). */
  festivalSettingsCacheMs: number;
  /** How long a dashboard's figures are shared by the admins of one scope (0 = every request reads them). */
  dashboardCacheMs: number;
  /** How often the live seat counts are read while anyone watches them (one read per instance, whatever the number watching). */
  seatStreamIntervalMs: number;
  /** The most seat streams one instance keeps open; more are refused with 503 (their pages poll instead). */
  seatStreamMaxClients: number;
  /** The most seat streams one client address keeps open on an instance, so no one client takes the instance's all. */
  seatStreamMaxPerClient: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How long a seat offered to the head of a waitlist is held for them before it passes on (a festival setting's default). */
  waitlistOfferHours: number;
  /** The festival-wide rules, off by default (the festival settings' defaults): see FestivalRules. */
  festivalRules: FestivalRules;
}

/**
 * Rules across events, each off unless set: a cap on the events a student holds a place in,
 * and a refusal of an event that overlaps one already held. An event without a set end is taken
 * to last `eventLengthMinutes` (its calendar invite too).
 */
export interface FestivalRules {
  /** The most events a student may hold a place in (0 = no cap). */
  maxRegistrationsPerStudent: number;
  /** Refuse a registration whose event overlaps one the student already holds. */
  clashCheck: boolean;
  eventLengthMinutes: number;
}

/**
 * Every wait on PostgreSQL is bounded, so a database that is down or frozen costs a request a
 * few seconds and a 503, never a hang. All in milliseconds.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** PostgreSQL cancels a statement running longer (statement_timeout). */
  statementMs: number;
  /** PostgreSQL gives up waiting for a lock after this (lock_timeout). */
  lockMs: number;
  /** PostgreSQL ends a session left idle inside a transaction, releasing its locks. */
  idleInTransactionMs: number;
  /** The client gives up on a query the server does not answer at all (a frozen server). */
  queryMs: number;
  /** At start, how long to keep trying a database that is not accepting connections yet. */
  startupWaitMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];
const LOG_LEVELS: readonly AppConfig['logLevel'][] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function loadConfig(env: Env): AppConfig {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const port = integer(read('PORT'), 'PORT', 3000, 1, 65535, problems);
  const nodeEnv = oneOf(read('NODE_ENV'), 'NODE_ENV', NODE_ENVS, 'development', problems);
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/dbname');
  }
  const publicUrl = url(read('PUBLIC_URL') ?? `http://localhost:${port}`, 'PUBLIC_URL', problems);
  const domain = (read('INSTITUTION_EMAIL_DOMAIN') ?? 'campus.ac.in').toLowerCase().replace(/^@/, '');
  if (!DOMAIN.test(domain)) problems.push(`INSTITUTION_EMAIL_DOMAIN must be a domain such as college.ac.in (got "${domain}")`);
  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    problems.push('SMTP_URL must start with smtp:// or smtps://');
  }
  const superAdminEmail = read('SUPERADMIN_EMAIL')?.toLowerCase();
  if (superAdminEmail !== undefined && !isInstitutionAddress(superAdminEmail, domain)) {
    problems.push(`SUPERADMIN_EMAIL must be a plain address at ${domain} (got "${superAdminEmail}")`);
  }
  const superAdminPassword = read('SUPERADMIN_PASSWORD');
  if ((superAdminEmail === undefined) !== (superAdminPassword === undefined)) {
    problems.push('SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD must be set together');
  }
  // The super admin is staff: the admin side's rule, as on every other path to a staff password.
  const weakSuperAdminPassword = superAdminPassword === undefined ? undefined : passwordProblem('admin', superAdminPassword);
  if (weakSuperAdminPassword) problems.push(`SUPERADMIN_PASSWORD: ${weakSuperAdminPassword}`);
  const databaseTimeouts = readDatabaseTimeouts(read, problems);
  const festivalTimeZone = timeZone(read('FESTIVAL_TIME_ZONE') ?? DEFAULT_TIME_ZONE, problems);
  const festivalDate = day(read('FESTIVAL_DATE') ?? '2025-08-30', 'FESTIVAL_DATE', festivalTimeZone, problems);
  const registrationOpensAt = day(read('REGISTRATION_OPENS_AT') ?? '2025-08-14', 'REGISTRATION_OPENS_AT', festivalTimeZone, problems);
  if (festivalDate && registrationOpensAt && registrationOpensAt > festivalDate) {
    problems.push('REGISTRATION_OPENS_AT must not be after FESTIVAL_DATE');
  }

  const config: AppConfig = {
    port,
    nodeEnv,
    databaseUrl,
    databasePoolSize: integer(read('DATABASE_POOL_SIZE'), 'DATABASE_POOL_SIZE', 10, 1, 500, problems),
    databaseTimeouts,
    dataDir: read('DATA_DIR') ?? './data',
    publicUrl: publicUrl ?? new URL('http://localhost'),
    institutionEmailDomain: domain,
    smtpUrl,
    smtpTimeoutMs: integer(read('SMTP_TIMEOUT_MS'), 'SMTP_TIMEOUT_MS', 60_000, 1000, 600_000, problems),
    mailInFlight: integer(read('MAIL_IN_FLIGHT'), 'MAIL_IN_FLIGHT', 8, 1, 64, problems),
    mailFrom: read('MAIL_FROM') ?? `Festival Registrations <no-reply@${domain}>`,
    trustProxy: integer(read('TRUST_PROXY'), 'TRUST_PROXY', 0, 0, 10, problems),
    superAdmin: superAdminEmail && superAdminPassword ? { email: superAdminEmail, password: superAdminPassword } : undefined,
    festivalDate: festivalDate ?? new Date(0),
    registrationOpensAt: registrationOpensAt ?? new Date(0),
    festivalTimeZone,
    festivalDatesSet: read('FESTIVAL_DATE') !== undefined || read('REGISTRATION_OPENS_AT') !== undefined,
    // Trying the product out on the embedded database shows demo events; a real server starts empty.
    demoData: boolean(read('DEMO_DATA'), 'DEMO_DATA', databaseUrl === undefined, problems),
    eventListCacheMs: integer(read('EVENT_LIST_CACHE_MS'), 'EVENT_LIST_CACHE_MS', 1000, 0, 60_000, problems),
    festivalSettingsCacheMs: integer(read('FESTIVAL_SETTINGS_CACHE_MS'), 'FESTIVAL_SETTINGS_CACHE_MS', 1000, 0, 60_000, problems),
    dashboardCacheMs: integer(read('DASHBOARD_CACHE_MS'), 'DASHBOARD_CACHE_MS', 5000, 0, 60_000, problems),
    metricsToken: secret(read('METRICS_TOKEN'), 'METRICS_TOKEN', problems),
    reportsInFlight: integer(read('REPORTS_IN_FLIGHT'), 'REPORTS_IN_FLIGHT', 4, 1, 64, problems),
    seatStreamIntervalMs: integer(read('SEAT_STREAM_INTERVAL_MS'), 'SEAT_STREAM_INTERVAL_MS', 1000, 50, 60_000, problems),
    seatStreamMaxClients: integer(read('SEAT_STREAM_MAX_CLIENTS'), 'SEAT_STREAM_MAX_CLIENTS', 5000, 1, 100_000, problems),
    seatStreamMaxPerClient: integer(read('SEAT_STREAM_MAX_PER_CLIENT'), 'SEAT_STREAM_MAX_PER_CLIENT', 500, 1, 100_000, problems),
    logLevel: oneOf(read('LOG_LEVEL'), 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info', problems),
    waitlistOfferHours: integer(read('WAITLIST_OFFER_HOURS'), 'WAITLIST_OFFER_HOURS', 12, 1, 168, problems),
    festivalRules: {
      maxRegistrationsPerStudent: integer(read('MAX_REGISTRATIONS_PER_STUDENT'), 'MAX_REGISTRATIONS_PER_STUDENT', 0, 0, 100, problems),
      clashCheck: boolean(read('CLASH_CHECK'), 'CLASH_CHECK', false, problems),
      eventLengthMinutes: integer(read('EVENT_LENGTH_MINUTES'), 'EVENT_LENGTH_MINUTES', 120, 15, 1440, problems),
    },
  };
  if (nodeEnv === 'production') problems.push(...productionProblems(config, superAdminPassword));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Where `http://` is no risk: the machine itself, as when someone tries the product out on it. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What production refuses to start with, where development carries on: each would lose every
 * e-mail, send students' links and session cookies in clear, or open the festival to anyone who
 * has read the README's demo passwords.
 */
function productionProblems(config: AppConfig, superAdminPassword: string | undefined): string[] {
  const problems: string[] = [];
  if (!config.smtpUrl) {
    problems.push(
      'SMTP_URL must be set in production: without a mail server, e-mails (sign-up and password links among them) are written to the log and never sent',
    );
  }
  const { publicUrl } = config;
  if (publicUrl.protocol === 'http:' && !LOOPBACK_HOSTS.has(publicUrl.hostname)) {
    problems.push(`PUBLIC_URL must be an https:// address in production (got "${publicUrl.origin}"): e-mailed links and the session cookie travel over it`);
  }
  if (config.demoData) problems.push("DEMO_DATA must be false in production: the demo accounts' passwords are in the README");
  if (superAdminPassword !== undefined && Object.values(DEMO_PASSWORDS).includes(superAdminPassword)) {
    problems.push("SUPERADMIN_PASSWORD must not be a demo account's password in production: those are in the README");
  }
  return problems;
}

const TIMEOUT_MAX_MS = 600_000;

/**
 * The query timeout defaults to a second more than the statement timeout: PostgreSQL cancels a
 * slow statement itself and the connection lives on; the client's own limit is for a server
 * that answers nothing at all.
 */
function readDatabaseTimeouts(read: (name: string) => string | undefined, problems: string[]): DatabaseTimeouts {
  const timeout = (name: string, fallback: number) => integer(read(name), name, fallback, 100, TIMEOUT_MAX_MS, problems);
  const statementMs = timeout('DATABASE_STATEMENT_TIMEOUT_MS', 5000);
  const timeouts: DatabaseTimeouts = {
    connectMs: timeout('DATABASE_CONNECT_TIMEOUT_MS', 5000),
    statementMs,
    lockMs: timeout('DATABASE_LOCK_TIMEOUT_MS', 3000),
    idleInTransactionMs: timeout('DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 10_000),
    queryMs: timeout('DATABASE_QUERY_TIMEOUT_MS', statementMs + 1000),
    startupWaitMs: integer(read('DATABASE_STARTUP_WAIT_MS'), 'DATABASE_STARTUP_WAIT_MS', 30_000, 0, TIMEOUT_MAX_MS, problems),
  };
  if (timeouts.queryMs <= timeouts.statementMs) {
    problems.push(
      'DATABASE_QUERY_TIMEOUT_MS must be greater than DATABASE_STATEMENT_TIMEOUT_MS, so PostgreSQL cancels a slow statement before the client drops the connection',
    );
  }
  return timeouts;
}

function integer(raw: string | undefined, name: string, fallback: number, min: number, max: number, problems: string[]) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

const SECRET_MIN_LENGTH = 24;

/** A shared secret long enough not to be guessed, of characters a header carries as they are. */
function secret(raw: string | undefined, name: string, problems: string[]): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < SECRET_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(raw)) {
    problems.push(`${name} must be at least ${SECRET_MIN_LENGTH} printable characters without spaces (openssl rand -hex 32 makes one)`);
    return undefined;
  }
  return raw;
}

function oneOf<T extends string>(raw: string | undefined, name: string, allowed: readonly T[], fallback: T, problems: string[]): T {
  if (raw === undefined) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return fallback;
}

function boolean(raw: string | undefined, name: string, fallback: boolean, problems: string[]) {
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
}

function url(raw: string, name: string, problems: string[]) {
  try {
    const parsed = new URL(raw);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed;
  } catch {
    // reported below
  }
  problems.push(`${name} must be an http(s) URL such as https://fest.college.ac.in (got "${raw}")`);
  return undefined;
}

/** FESTIVAL_TIME_ZONE, an IANA name the runtime knows; India's when it does not. */
function timeZone(raw: string, problems: string[]): string {
  if (isTimeZone(raw)) return raw;
  problems.push(`FESTIVAL_TIME_ZONE must be a time zone such as Asia/Kolkata (got "${raw}")`);
  return DEFAULT_TIME_ZONE;
}

/** A calendar day (YYYY-MM-DD) is read as its midnight in the festival's time zone. */
function day(raw: string, name: string, zone: string, problems: string[]) {
  const parsed = new Date(ISO_DAY.test(raw) ? festivalClock(zone).midnightOf(raw) : Date.parse(raw));
  if (Number.isNaN(parsed.getTime())) {
    problems.push(`${name} must be a date such as 2025-08-30 (got "${raw}")`);
    return undefined;
  }
  return parsed;
}
