import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { describeForLog } from '../../backend/src/common/error-log';
import { runServer, waitUntilHealthy } from './support/server-process';
import { startApp } from './support/test-app';

// Not the super admin spec's address: the PostgreSQL test database outlives this file, and that spec expects its account new.
const ADMIN_EMAIL = 'privacy.chief@campus.ac.in';
const ADMIN_PASSWORD = 'Chief#Secret-2025';

describe('what the logs keep out', () => {
  it('the running server logs requests without link tokens, search text, passwords, hashes or session tokens', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const server = runServer({ PORT: String(port), LOG_LEVEL: 'info', SUPERADMIN_EMAIL: ADMIN_EMAIL, SUPERADMIN_PASSWORD: ADMIN_PASSWORD });
    const { child, output } = server;
    const api = `http://127.0.0.1:${port}/api/v1`;
    const linkToken = randomBytes(32).toString('base64url');
    const inviteToken = randomBytes(32).toString('base64url');
    let sessionToken = '';
    try {
      await waitUntilHealthy(port, server);
      const post = (path: string, body: object, cookie = '') =>
        fetch(`${api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
      await fetch(`${api}/user/verify/${linkToken}`);
      await post(`/user/password/reset/${linkToken}`, { password: 'Brand#New-2025' });
      await fetch(`${api}/teams/invite/${inviteToken}`);
      const signIn = await post('/user/signin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(signIn.status).toBe(200);
      sessionToken = /fest_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')![1]!;
      const search = await fetch(`${api}/users/search?q=meera.private`, { headers: { cookie: `fest_session=${sessionToken}` } });
      expect(search.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    await once(child, 'exit');
    const log = output();
    expect(log).toContain('"url":"/api/v1/user/verify/[redacted]"');
    expect(log).toContain('"url":"/api/v1/user/password/reset/[redacted]"');
    expect(log).toContain('"url":"/api/v1/users/search"');
    for (const secret of [linkToken, inviteToken, sessionToken, 'meera.private', ADMIN_PASSWORD, 'Brand#New-2025', '$argon2']) {
      expect(log).not.toContain(secret);
    }
  });

  it('an unexpected database error is logged with its SQL, code and constraint, never its parameters', async () => {
    const t = await startApp();
    try {
      const secret = '$argon2id$v=19$m=19456,t=2,p=1$private-hash';
      const failure = await t.db.execute(sql`select ${secret}::int`).then(
        () => undefined,
        (error: unknown) => error,
      );
      // PostgreSQL's own message quotes the value ("invalid input syntax for type integer: ...").
      expect((failure as Error).message).toContain(secret);
      const logged = describeForLog(failure);
      expect(logged).toMatch(/^Failed query: select \$1::int; code 22P02\n\s+at /);
      expect(logged).not.toContain('private-hash');
    } finally {
      await t.close();
    }
  });
});
