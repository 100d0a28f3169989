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

/**
 * A request's URL as the log may hold it: no query string (search text is personal data) and
 * no link tokens (a logged token is a working link for whoever reads the log). Ids (UUIDs) stay,
 * so a request can still be followed.
 */
export function redactUrl(url: string): string {
  const segments = url.split('?')[0].split('/');
  return segments.map((segment, i) => (isSecret(segment, segments[i - 1]) ? REDACTED : segment)).join('/');
}

function isSecret(segment: string, previous: string | undefined): boolean {
  if (!segment) return false;
  if (previous !== undefined && TOKEN_BEFORE.has(previous.toLowerCase())) return true;
  return RANDOM_LOOKING.test(segment) && !UUID.test(segment);
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

/** Probes poll the health routes every few seconds; their answers are not news. */
const UNLOGGED_PREFIX = '/api/v1/health';

/**
 * One log line per answered request, as pino-http wrote it (the same fields through the same
 * serializers, `request completed` or, for a 5xx, `request errored` at level error), from a
 * Fastify hook with the request's own id. Through Nest's middleware it cost the most of any
 * step of a cached list's answer: a child logger and an async context per request.
 */
export function logRequests(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!request.url.startsWith(UNLOGGED_PREFIX)) {
      const fields = { req: request, res: reply.raw, responseTime: Math.round(reply.elapsedTime) };
      // A refused request (full event, wrong password) is the product working, not a warning.
      if (reply.statusCode >= 500) logger.error({ ...fields, err: new Error(`failed with status code ${reply.statusCode}`) }, 'request errored');
      else logger.info(fields, 'request completed');
    }
    done();
  });
}
