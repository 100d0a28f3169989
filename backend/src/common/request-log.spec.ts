import { redactUrl, requestLogSerializers } from './request-log.js';

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
