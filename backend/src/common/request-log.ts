/** Path segments whose next segment is a secret from an e-mailed link. */
const TOKEN_BEFORE = new Set(['verify', 'reset', 'invite']);
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
