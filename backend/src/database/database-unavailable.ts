/** What a student sees while the database is away: the request itself was fine. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
/** A restart of PostgreSQL takes seconds; clients are told to come back after this many. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs that say the database (or its connection) is at fault rather than the request:
 * class 08 (connection exception) and these. A statement or lock timeout means the database is
 * too busy or stuck to answer in time, which a moment later may be over.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: PostgreSQL is stopping or restarting
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: still starting up
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  // Two transactions that lock the same rows in opposite orders (deleting an event while one of
  // its team invites is accepted): PostgreSQL rolls one back whole, and the same request a moment
  // later succeeds. The services lock in one order where they can; this is the rare rest.
  '40P01', // deadlock_detected
  '40001', // serialization_failure
]);

/** Socket errors on the way to the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The driver's (pg, pg-pool) own errors, which carry no code. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * When an error means the database could not be reached or could not answer in time, a short
 * description of why (code and the driver's message: never the query or its parameters, which
 * Drizzle's wrapper carries); otherwise undefined. Follows `cause` through Drizzle's wrapper.
 */
export function databaseUnavailable(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code))) {
      return text ? `${code}: ${text}` : code;
    }
    if (DRIVER_MESSAGES.test(text)) return text;
    current = cause;
  }
  return undefined;
}
