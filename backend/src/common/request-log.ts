import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/**
 * Path segments whose next segment is a secret: a token from an e-mailed link, or a ticket's code
 * (whoever holds it is let in at the door). Named here because a random code need not hold a digit.
 */
const TOKEN_BEFORE = new Set(['verify', 'reset', 'invite', 'tickets']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Long, URL-safe and holding a digit: a token (ours are 43 base64url characters), not a word of a route. */
const RANDOM_LOOKING = /^(?=.*\d)[A-Za-z0-9_~.%-]{20,}$/;
const REDACTED = '[redacted]';

/** What separates a path's segments, as a client may write it: a slash, a backslash, or either percent-encoded. */
const SEPARATOR = /(\/|\\|%2f|%5c)/i;
/** Segments that name nothing: empty (doubled slashes), `.` and `..`. */
const NAMES_NOTHING = new Set(['', '.', '..']);

/**
 * A request's URL as the log may hold it: no query string (search text is personal data) and
 * no link tokens (a logged token is a working link for whoever reads the log). Ids (UUIDs) stay,
 * so a request can still be followed. A token is found after its route's word however the path
 * is written (`//verify/`, `verify//`, `verify/./`, `%76erify`, `verify;x`, encoded slashes).
 */
export function redactUrl(url: string): string {
  // split with a capturing group keeps the separators at the odd indexes, so the path is rejoined as it came.
  const parts = url.split('?')[0].split(SEPARATOR);
  let previous: string | undefined;
  return parts
    .map((part, i) => {
      if (i % 2 === 1 || NAMES_NOTHING.has(part)) return part;
      const secret = isSecret(part, previous);
      previous = part;
      return secret ? REDACTED : part;
    })
    .join('');
}

function isSecret(segment: string, previous: string | undefined): boolean {
  if (previous !== undefined && TOKEN_BEFORE.has(routeWord(previous))) return true;
  return RANDOM_LOOKING.test(segment) && !UUID.test(segment);
}

/** A segment as the router reads it: percent-decoded, lower-cased, without `;` parameters. */
function routeWord(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A broken escape is left as written; the router refuses it anyway.
  }
  return decoded.split(';')[0].toLowerCase();
}

interface LoggedRequest {
  id: string;
  method: string;
  url: string;
  remoteAddress: string;
}

/** pino-http's serializers: enough to follow a request; headers (cookies), queries and tokens stay out. */
export const requestLogSerializers = {
  req: (req: LoggedRequest) => ({ id: req.id, method: req.method, url: redactUrl(req.url), remoteAddress: req.remoteAddress }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

const SERVICE_UNAVAILABLE = 503;

/** Probes poll the health routes every few seconds; their answers are not news. */
const UNLOGGED_PREFIX = '/api/v1/health';

/**
 * One log line per answered request, as pino-http wrote it (the same fields through the same
 * serializers, `request completed` or, for a 5xx, `request errored` at level error; a 503,
 * `request refused for now` at level warn), from a
 * Fastify hook with the request's own id. Through Nest's middleware it cost the most of any
 * step of a cached list's answer: a child logger and an async context per request.
 */
export function logRequests(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!request.url.startsWith(UNLOGGED_PREFIX)) {
      const fields = { req: request, res: reply.raw, responseTime: Math.round(reply.elapsedTime) };
      // A refused request (full event, wrong password) is the product working, not a warning. A 503
      // is a moment's absence that said when to come back (the database away, a full live stream):
      // a warning on one line, without the stack a failure's line carries.
      if (reply.statusCode === SERVICE_UNAVAILABLE) logger.warn(fields, 'request refused for now');
      else if (reply.statusCode >= 500) logger.error({ ...fields, err: new Error(`failed with status code ${reply.statusCode}`) }, 'request errored');
      else logger.info(fields, 'request completed');
    }
    done();
  });
}
