import Fastify from 'fastify';
import { pino } from 'pino';
import { logRequests, redactUrl, requestLogSerializers } from './request-log.js';

const TOKEN = 'q7Xb0k2_Zr-9LmNpQ4sTuVwXyZ0123456789abcdE';
const CODE_WITHOUT_DIGITS = 'qXbkZr-LmNpQsTuVwXyZab';

describe('redactUrl', () => {
  it.each([
    [`/api/v1/user/verify/${TOKEN}`, '/api/v1/user/verify/[redacted]'],
    [`/api/v1/user/password/reset/${TOKEN}`, '/api/v1/user/password/reset/[redacted]'],
    ['/api/v1/user/password/reset/short', '/api/v1/user/password/reset/[redacted]'],
    ['/api/v1/teams/invite/2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10/respond', '/api/v1/teams/invite/[redacted]/respond'],
    [`/api/v1/admin/invitations/${TOKEN}/accept`, '/api/v1/admin/invitations/[redacted]/accept'],
    // About one ticket code in 37 (16 random bytes as base64url) holds no digit at all.
    [`/api/v1/admin/tickets/${CODE_WITHOUT_DIGITS}`, '/api/v1/admin/tickets/[redacted]'],
    [`/api/v1/admin/tickets/${CODE_WITHOUT_DIGITS}/check-in`, '/api/v1/admin/tickets/[redacted]/check-in'],
  ])('redacts the token in %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  // A token without a digit, so only its route's word can give it away.
  it.each([
    [`//api/v1/user/verify/${CODE_WITHOUT_DIGITS}`, '//api/v1/user/verify/[redacted]'],
    [`/api/v1//user/password/reset/${CODE_WITHOUT_DIGITS}`, '/api/v1//user/password/reset/[redacted]'],
    [`/api/v1/user/verify//${CODE_WITHOUT_DIGITS}`, '/api/v1/user/verify//[redacted]'],
    [`/api/v1/user/password/reset///short`, '/api/v1/user/password/reset///[redacted]'],
    [`/api/v1/user/verify/./${CODE_WITHOUT_DIGITS}`, '/api/v1/user/verify/./[redacted]'],
    [`/api/v1/user/verify\\${CODE_WITHOUT_DIGITS}`, '/api/v1/user/verify\\[redacted]'],
    [`/api/v1/user/verify%2F${CODE_WITHOUT_DIGITS}`, '/api/v1/user/verify%2F[redacted]'],
    [`/api/v1/user/%76erify/${CODE_WITHOUT_DIGITS}`, '/api/v1/user/%76erify/[redacted]'],
    [`/api/v1/user/VERIFY;x/${CODE_WITHOUT_DIGITS}`, '/api/v1/user/VERIFY;x/[redacted]'],
    [`/api/v1/admin//tickets//${CODE_WITHOUT_DIGITS}//check-in`, '/api/v1/admin//tickets//[redacted]//check-in'],
  ])('redacts the token in %s, whatever the slashes', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('drops the query string, whose search text is personal data', () => {
    expect(redactUrl('/api/v1/users/search?q=meera%20krishnan&eventId=x')).toBe('/api/v1/users/search');
    expect(redactUrl(`/api/v1/user/verify/${TOKEN}?utm=mail`)).toBe('/api/v1/user/verify/[redacted]');
  });

  it('keeps ids and route words, so a request can still be followed', () => {
    for (const url of [
      '/api/v1/events/2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10',
      '/api/v1/teams/create-with-invites',
      '/api/v1/teams/invite',
      '/',
      '/assets/index-abc.js',
      '//api/v1/events//2b1f0c52-6f0e-4c3a-9d57-6c1f9b8e2a10',
      '/api/v1/user/%zz/verify',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('request log serializers', () => {
  it('write the id, method, redacted URL and address of a request, and only the status of a response', () => {
    const logged = requestLogSerializers.req({ id: 'r1', method: 'GET', url: `/api/v1/user/verify/${TOKEN}`, remoteAddress: '10.0.0.1' });
    expect(logged).toEqual({ id: 'r1', method: 'GET', url: '/api/v1/user/verify/[redacted]', remoteAddress: '10.0.0.1' });
    expect(requestLogSerializers.res({ statusCode: 404 })).toEqual({ statusCode: 404 });
  });
});

describe('the line logged for each request', () => {
  /** The lines a real Fastify server logs through `logRequests` for one request answered with `status`. */
  async function linesFor(status: number): Promise<Record<string, unknown>[]> {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ serializers: requestLogSerializers }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    const server = Fastify();
    logRequests(server, logger);
    server.get('/api/v1/events/seats/stream', (_request, reply) => reply.code(status).send({ success: false }));
    await server.inject({ method: 'GET', url: '/api/v1/events/seats/stream' });
    await server.close();
    return lines;
  }

  it('writes a 503 (a live seat stream refused over its cap, the database away) as one warning, without a stack', async () => {
    const lines = await linesFor(503);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'request refused for now', res: { statusCode: 503 } });
    expect(lines[0]).not.toHaveProperty('err');
  });

  it('writes any other 5xx as an error with its stack, and a 4xx as information', async () => {
    const [failed] = await linesFor(500);
    expect(failed).toMatchObject({ level: 50, msg: 'request errored', err: { message: 'failed with status code 500' } });
    expect((failed.err as { stack: string }).stack).toContain('\n    at ');
    expect((await linesFor(409))[0]).toMatchObject({ level: 30, msg: 'request completed' });
  });
});
