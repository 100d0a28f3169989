import request from 'supertest';
import { createUser, PASSWORD, sessionCookie, signedIn } from './support/accounts';
import { expectError } from './support/expectations';
import { resetDatabase, startApp, type TestApp } from './support/test-app';

const PUBLIC_URL = 'https://fest.campus.ac.in';
const SIGN_IN = '/api/v1/user/signin';

describe('cross-site request forgery', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ publicUrl: new URL(PUBLIC_URL) });
  });
  beforeEach(() => resetDatabase(t.db));
  afterAll(() => t.close());

  it('accepts a state change from our own pages and marks the cookie Secure on https', async () => {
    const user = await createUser(t);
    const response = await request(t.http).post(SIGN_IN).set('Origin', PUBLIC_URL).send({ email: user.email, password: PASSWORD }).expect(200);
    expect(sessionCookie(response)).toMatch(/; Secure/);
    await request(t.http).post(SIGN_IN).set('Referer', `${PUBLIC_URL}/auth/signin`).send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['an Origin of the same host on plain http', { Origin: 'http://fest.campus.ac.in' }],
    ['a Referer from another site', { Referer: 'https://evil.example/page' }],
    ['a browser saying cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['an opaque Origin', { Origin: 'null' }],
  ])('refuses a state change with %s', async (_case, headers) => {
    const user = await createUser(t);
    const cookie = (await signedIn(t, user)) && sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD }));
    const response = await request(t.http).put('/api/v1/user/password/change').set(headers).set('Cookie', cookie.split(';')[0]!).send({ currentPassword: PASSWORD, newPassword: 'Hijack#123' });
    expectError(response, 403, 'This request was refused because it came from another site.');
    await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it('refuses a cross-site sign-out link, so another site cannot end a session', async () => {
    const user = await createUser(t);
    const cookie = sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD })).split(';')[0]!;
    expectError(await request(t.http).get('/api/v1/user/signout').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site'), 403, 'This request was refused because it came from another site.');
    await request(t.http).get('/api/v1/user/load').set('Cookie', cookie).expect(200);
  });

  it('lets cross-site pages read public data (GET changes nothing)', async () => {
    await request(t.http).get('/api/v1/events').set('Origin', 'https://evil.example').expect(200);
  });
});

describe('throttling', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(
      {},
      {
        rateLimits: {
          signInByIp: { limit: 15, windowSeconds: 600 },
          signUpByIp: { limit: 3, windowSeconds: 600 },
          forgotPasswordByEmail: { limit: 2, windowSeconds: 600 },
          verifyByIp: { limit: 3, windowSeconds: 600 },
          searchByAccount: { limit: 3, windowSeconds: 600 },
        },
      },
    );
  });
  beforeEach(() => resetDatabase(t.db));
  afterAll(() => t.close());

  const wrongSignIn = (email: string) => request(t.http).post(SIGN_IN).send({ email, password: 'Wrong@123' });

  it('locks sign-in for one e-mail after 10 attempts, even with the right password, without locking others', async () => {
    const target = await createUser(t);
    const neighbour = await createUser(t);
    for (let i = 0; i < 10; i += 1) expect((await wrongSignIn(target.email)).status).toBe(401);

    const locked = await request(t.http).post(SIGN_IN).send({ email: target.email, password: PASSWORD });
    expectError(locked, 429, /^Too many attempts\. Please try again in \d+ minutes\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    await request(t.http).post(SIGN_IN).send({ email: neighbour.email, password: PASSWORD }).expect(200);
  });

  it('limits sign-in attempts from one address across e-mails', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 15; i += 1) await wrongSignIn(`guess${i}@campus.ac.in`);
    expectError(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD }), 429, /Too many attempts/);
  });

  it('limits sign-ups, reset requests and verification attempts', async () => {
    for (let i = 0; i < 3; i += 1) await request(t.http).post('/api/v1/user/signup').send({});
    expectError(await request(t.http).post('/api/v1/user/signup').send({}), 429, /Too many attempts/);

    for (let i = 0; i < 2; i += 1) await request(t.http).post('/api/v1/user/password/forgot').send({ email: 'a@campus.ac.in' }).expect(200);
    expectError(await request(t.http).post('/api/v1/user/password/forgot').send({ email: 'A@campus.ac.in ' }), 429, /Too many attempts/);
    await request(t.http).post('/api/v1/user/password/forgot').send({ email: 'b@campus.ac.in' }).expect(200);

    for (let i = 0; i < 3; i += 1) await request(t.http).get(`/api/v1/user/verify/guess${i}`).expect(400);
    expectError(await request(t.http).get('/api/v1/user/verify/guess'), 429, /Too many attempts/);
  });

  it('limits searches per account, not per address', async () => {
    const first = await signedIn(t, await createUser(t));
    const second = await signedIn(t, await createUser(t));
    for (let i = 0; i < 3; i += 1) await first.get('/api/v1/users/search?q=pri').expect(200);
    expectError(await first.get('/api/v1/users/search?q=pri'), 429, /Too many attempts/);
    await second.get('/api/v1/users/search?q=pri').expect(200);
  });
});

describe('who may call what', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
  });
  beforeEach(() => resetDatabase(t.db));
  afterAll(() => t.close());

  async function callers() {
    return {
      visitor: request.agent(t.http),
      student: await signedIn(t, await createUser(t)),
      clubAdmin: await signedIn(t, await createUser(t, { role: 'admin', club: 'Tech Club' })),
      otherClubAdmin: await signedIn(t, await createUser(t, { role: 'admin', club: 'Music Club' })),
      superAdmin: await signedIn(t, await createUser(t, { role: 'superadmin' })),
    };
  }

  it('lists every account to the super admin only', async () => {
    const who = await callers();
    expectError(await who.visitor.get('/api/v1/user/all'), 401, 'Please sign in to continue.');
    for (const caller of [who.student, who.clubAdmin, who.otherClubAdmin]) {
      expectError(await caller.get('/api/v1/user/all'), 403, "You don't have permission to access this page. Super admin access is required.");
    }
    const response = await who.superAdmin.get('/api/v1/user/all').expect(200);
    expect(response.body.users).toHaveLength(4);
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
  });

  it('lets any signed-in account search classmates and load itself, but no visitor', async () => {
    const who = await callers();
    expectError(await who.visitor.get('/api/v1/users/search?q=ab'), 401, 'Please sign in to continue.');
    expectError(await who.visitor.get('/api/v1/user/load'), 401, 'Please sign in to continue.');
    for (const caller of [who.student, who.clubAdmin, who.otherClubAdmin, who.superAdmin]) {
      await caller.get('/api/v1/users/search?q=ab').expect(200);
      const loaded = await caller.get('/api/v1/user/load').expect(200);
      expect(loaded.body.user.isAdmin).toBe(loaded.body.user.role !== 'student');
      expect(loaded.body.user.isSuperAdmin).toBe(loaded.body.user.role === 'superadmin');
    }
  });

  it('keeps the catalogue and the health check open to everyone', async () => {
    const who = await callers();
    for (const caller of Object.values(who)) {
      await caller.get('/api/v1/events').expect(200);
      await caller.get('/api/v1/festival').expect(200);
      await caller.get('/api/v1/health').expect(200);
    }
  });
});
