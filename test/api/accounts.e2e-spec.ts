import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { sessions } from '../../backend/src/database/schema/sessions';
import { users } from '../../backend/src/database/schema/users';
import { createUser, PASSWORD, sessionCookie, signUpForm } from './support/accounts';
import { expectError } from './support/expectations';
import { latestMail, linkToken, mailsTo } from './support/outbox';
import { resetDatabase, startApp, type TestApp } from './support/test-app';

const SIGN_UP = '/api/v1/user/signup';
const SIGN_IN = '/api/v1/user/signin';
const LOAD = '/api/v1/user/load';

describe('accounts: sign-up, verification, sign-in, sessions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ publicUrl: new URL('http://fest.test:3000') });
  });
  beforeEach(() => resetDatabase(t.db));
  afterAll(() => t.close());

  describe('sign-up', () => {
    it('creates an unverified student and e-mails a verification link built from PUBLIC_URL', async () => {
      const form = signUpForm({ email: '  Priya.23CSE@Campus.AC.IN ', rollNumber: '23cse014' });
      const response = await request(t.http).post(SIGN_UP).send(form).expect(201);

      expect(response.body).toEqual({ success: true, message: 'Account created! Check your institution email for a link to verify your account.' });
      const [user] = await t.db.select().from(users).where(eq(users.email, 'priya.23cse@campus.ac.in'));
      expect(user).toMatchObject({ name: 'Priya Raman', role: 'student', isVerified: false, rollNumber: '23CSE014', gender: 'Female', dept: 'CSE', year: '3' });
      expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const mail = await latestMail(t.db, 'priya.23cse@campus.ac.in');
      expect(mail!.subject).toBe('Verify your e-mail to join the festival');
      expect(mail!.text).toMatch(/http:\/\/fest\.test:3000\/auth\/verify\/[A-Za-z0-9_-]{43}/);
      expect(mail!.html).toContain('http://fest.test:3000/auth/verify/');
    });

    it.each([
      [{ name: undefined }, 'name', 'Name is required'],
      [{ name: ' A ' }, 'name', 'Name must be at least 2 characters'],
      [{ year: '' }, 'year', 'Year is required'],
      [{ dept: 'MBA', year: '3' }, 'year', 'MBA/MCA/M.E. students can only select 1st or 2nd year'],
      [{ dept: 'M.E.', year: '4' }, 'year', 'MBA/MCA/M.E. students can only select 1st or 2nd year'],
      [{ dept: 'Ph.D', year: '7' }, 'year', 'Ph.D students can only select 1st to 6th year'],
      [{ dept: 'CSE', year: '1' }, 'year', 'Undergraduate students can only select 3rd or 4th year'],
      [{ dept: undefined, year: '5' }, 'year', 'Please select a valid year'],
      [{ dept: undefined, year: '3' }, 'dept', 'Department is required'],
      [{ dept: 'Astrology' }, 'dept', 'Please select a valid department'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'priya@gmail.com' }, 'email', 'Please enter a valid institution email'],
      [{ email: 'priya@evilcampus.ac.in' }, 'email', 'Please enter a valid institution email'],
      [{ rollNumber: '  ' }, 'rollNumber', 'Roll number is required'],
      [{ gender: undefined }, 'gender', 'Gender is required'],
      [{ gender: 'Unknown' }, 'gender', 'Gender is required'],
      [{ password: undefined }, 'password', 'Password is required'],
      [{ password: 'abc12' }, 'password', 'Password must be at least 6 characters'],
      [{ role: 'superadmin' }, 'role', 'role is not an accepted field'],
    ])('refuses %j (%s: "%s") and creates nothing', async (change, field, message) => {
      const response = await request(t.http).post(SIGN_UP).send(signUpForm(change));
      expectError(response, 400, message);
      expect(response.body.errors).toContainEqual({ field, message });
      const count = await t.db.$count(users);
      expect(count).toBe(0);
    });

    it('refuses a second account for the e-mail or roll number of a verified one, whatever their case', async () => {
      await request(t.http).post(SIGN_UP).send(signUpForm({ email: `priya@${'campus.ac.in'}`, rollNumber: '23CSE014' })).expect(201);
      await t.db.update(users).set({ isVerified: true }).where(eq(users.email, 'priya@campus.ac.in'));

      const sameEmail = await request(t.http).post(SIGN_UP).send(signUpForm({ email: 'PRIYA@campus.ac.in' }));
      expectError(sameEmail, 409, 'An account with this email already exists');
      expect(sameEmail.body.errors).toEqual([{ field: 'email', message: 'An account with this email already exists' }]);

      const sameRoll = await request(t.http).post(SIGN_UP).send(signUpForm({ rollNumber: '23cse014' }));
      expectError(sameRoll, 409, 'This roll number is already registered');
    });
    it('lets a sign-up take the e-mail or roll number an unverified account was holding', async () => {
      await request(t.http).post(SIGN_UP).send(signUpForm({ email: 'squatter@campus.ac.in', rollNumber: '23CSE014' })).expect(201);
      await request(t.http).post(SIGN_UP).send(signUpForm({ email: 'priya@campus.ac.in', rollNumber: '23cse014' })).expect(201);
      await request(t.http).post(SIGN_UP).send(signUpForm({ email: 'PRIYA@campus.ac.in', rollNumber: '23CSE099', name: 'Priya R' })).expect(201);

      const accounts = await t.db.select({ email: users.email, rollNumber: users.rollNumber, name: users.name }).from(users);
      expect(accounts).toEqual([{ email: 'priya@campus.ac.in', rollNumber: '23CSE099', name: 'Priya R' }]);
      // The verification link of an account that gave way no longer works.
      const firstLink = linkToken((await latestMail(t.db, 'squatter@campus.ac.in'))!.text, 'verify');
      await request(t.http).get(`/api/v1/user/verify/${firstLink}`).expect(400);
    });
  });

  describe('verification', () => {
    async function signUpAndGetToken(email: string) {
      await request(t.http).post(SIGN_UP).send(signUpForm({ email })).expect(201);
      return linkToken((await latestMail(t.db, email))!.text, 'verify');
    }

    it('verifies once; the link then stops working', async () => {
      const token = await signUpAndGetToken(`arjun@campus.ac.in`);

      const first = await request(t.http).get(`/api/v1/user/verify/${token}`).expect(200);
      expect(first.body).toEqual({ success: true, message: 'Email verified successfully! You can now sign in.' });
      const [user] = await t.db.select().from(users).where(eq(users.email, 'arjun@campus.ac.in'));
      expect(user!.isVerified).toBe(true);

      expectError(await request(t.http).get(`/api/v1/user/verify/${token}`), 400, 'Invalid or expired verification link');
    });

    it('refuses an expired or unknown link', async () => {
      const token = await signUpAndGetToken(`meera@campus.ac.in`);
      await t.db.execute(sql`update account_tokens set expires_at = now() - interval '1 second'`);
      expectError(await request(t.http).get(`/api/v1/user/verify/${token}`), 400, 'Invalid or expired verification link');
      expectError(await request(t.http).get('/api/v1/user/verify/not-a-real-token'), 400, 'Invalid or expired verification link');
    });

    it('lets exactly one of 20 simultaneous uses of a link succeed', async () => {
      const token = await signUpAndGetToken(`karthik@campus.ac.in`);
      const responses = await Promise.all(Array.from({ length: 20 }, () => request(t.http).get(`/api/v1/user/verify/${token}`)));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 400)).toHaveLength(19);
    });
  });

  describe('sign-in', () => {
    it('starts a server-side session in an httpOnly, SameSite=Lax cookie and answers the user', async () => {
      const user = await createUser(t, { name: 'Priya Raman', gender: 'Female', dept: 'CSE', year: '3' });

      const response = await request(t.http).post(SIGN_IN).set('User-Agent', 'phone').send({ email: user.email.toUpperCase(), password: PASSWORD }).expect(200);

      expect(response.body).toEqual({
        success: true,
        message: 'Login successful!',
        user: {
          _id: user.id,
          name: 'Priya Raman',
          email: user.email,
          role: 'student',
          isAdmin: false,
          isSuperAdmin: false,
          isVerified: true,
          gender: 'Female',
          dept: 'CSE',
          year: '3',
          rollNumber: user.rollNumber,
          club: null,
          createdAt: user.createdAt.toISOString(),
        },
      });
      const cookie = sessionCookie(response);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/);
      const token = cookie.split(';')[0]!.split('=')[1]!;
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const [stored] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(stored!.tokenHash).not.toContain(token);
      expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored!.userAgent).toBe('phone');
    });

    it('says the same for an unknown e-mail and a wrong password', async () => {
      const user = await createUser(t);
      const wrongPassword = await request(t.http).post(SIGN_IN).send({ email: user.email, password: 'Wrong@123' });
      const unknownEmail = await request(t.http).post(SIGN_IN).send({ email: `nobody@campus.ac.in`, password: 'Wrong@123' });
      expectError(wrongPassword, 401, 'Invalid email or password');
      expect(unknownEmail.status).toBe(wrongPassword.status);
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });

    it('asks an unverified student to verify first, with a fresh link, and only after the right password', async () => {
      const user = await createUser(t, { isVerified: false });
      expectError(await request(t.http).post(SIGN_IN).send({ email: user.email, password: 'Wrong@123' }), 401, 'Invalid email or password');
      expect(await mailsTo(t.db, user.email)).toHaveLength(0);

      const response = await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD });
      expectError(response, 403, 'Please verify your email before signing in. We have sent you a new verification link.');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await mailsTo(t.db, user.email)).toHaveLength(1);
    });

    it.each([
      [{ password: PASSWORD }, 'Email is required'],
      [{ email: 'priya@gmail.com', password: PASSWORD }, 'Please enter a valid institution email'],
      [{ email: `priya@campus.ac.in` }, 'Password is required'],
      [{ email: `priya@campus.ac.in`, password: 'abc' }, 'Password cannot be less than 4 characters.'],
    ])('refuses %j with "%s"', async (body, message) => {
      expectError(await request(t.http).post(SIGN_IN).send(body), 400, message);
    });

    it('gives every sign-in a new session', async () => {
      const user = await createUser(t);
      const first = sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD }).expect(200));
      const second = sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD }).expect(200));
      expect(first.split(';')[0]).not.toBe(second.split(';')[0]);
      for (const cookie of [first, second]) await request(t.http).get(LOAD).set('Cookie', cookie.split(';')[0]!).expect(200);
    });
  });

  describe('the session', () => {
    it('loads the signed-in user, and refuses a visitor', async () => {
      const user = await createUser(t);
      const cookie = sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD })).split(';')[0]!;
      const loaded = await request(t.http).get(LOAD).set('Cookie', cookie).expect(200);
      expect(loaded.body).toMatchObject({ success: true, user: { _id: user.id, email: user.email } });
      expect(JSON.stringify(loaded.body)).not.toMatch(/password/i);

      expectError(await request(t.http).get(LOAD), 401, 'Please sign in to continue.');
      expectError(await request(t.http).get(LOAD).set('Cookie', 'fest_session=forged-token-that-is-long-enough'), 401, 'Please sign in to continue.');
    });

    it('ends on the server at sign-out, so a copied cookie no longer works', async () => {
      const user = await createUser(t);
      const cookie = sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD })).split(';')[0]!;

      const out = await request(t.http).get('/api/v1/user/signout').set('Cookie', cookie).expect(200);
      expect(out.body).toEqual({ success: true, message: 'Logged out successfully' });
      expect(sessionCookie(out)).toMatch(/fest_session=;.*Expires=Thu, 01 Jan 1970/);

      expectError(await request(t.http).get(LOAD).set('Cookie', cookie), 401, 'Please sign in to continue.');
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    });

    it('expires after 7 idle days and 30 days after sign-in', async () => {
      const user = await createUser(t);
      const signIn = async () => sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD })).split(';')[0]!;

      const idle = await signIn();
      await t.db.update(sessions).set({ lastSeenAt: sql`now() - interval '7 days 1 minute'` });
      expectError(await request(t.http).get(LOAD).set('Cookie', idle), 401, 'Please sign in to continue.');

      const old = await signIn();
      await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` });
      expectError(await request(t.http).get(LOAD).set('Cookie', old), 401, 'Please sign in to continue.');
    });

    it('records use, at most every few minutes, so an active session stays alive', async () => {
      const user = await createUser(t);
      const cookie = sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD })).split(';')[0]!;
      await t.db.update(sessions).set({ lastSeenAt: sql`now() - interval '6 days'` });
      await request(t.http).get(LOAD).set('Cookie', cookie).expect(200);
      const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(Date.now() - session!.lastSeenAt.getTime()).toBeLessThan(60_000);
    });
  });
});

describe('sign-up at the configured institution domain', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ institutionEmailDomain: 'fest.edu' });
  });
  afterAll(() => t.close());

  it('accepts INSTITUTION_EMAIL_DOMAIN addresses and refuses the default domain', async () => {
    await request(t.http).post(SIGN_UP).send(signUpForm({ email: 'meera@fest.edu' })).expect(201);
    const refused = await request(t.http).post(SIGN_UP).send(signUpForm({ email: 'meera@campus.ac.in' })).expect(400);
    expectError(refused, 400, 'Please enter a valid institution email');
  });
});
