import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { hashToken } from '../../backend/src/common/tokens';
import { sessions } from '../../backend/src/database/schema/sessions';
import { signups, users } from '../../backend/src/database/schema/users';
import { cookieNamed, createUser, PASSWORD, sessionCookie, signUpForm } from './support/accounts';
import { expectError } from './support/expectations';
import { latestMail, linkToken, mailsTo } from './support/outbox';
import { afterResponses, startApp, type TestApp, useTestApp } from './support/test-app';

const SIGN_UP = '/api/v1/user/signup';
const SIGN_IN = '/api/v1/user/signin';
const LOAD = '/api/v1/user/load';

describe('accounts: sign-up, verification, sign-in, sessions', () => {
  const t = useTestApp({ publicUrl: new URL('http://fest.test:3000') });

  /** A browser: it keeps the cookies the answers set, on the paths they were set for. */
  const browser = () => request.agent(t.http);
  const verify = (token: string) => `/api/v1/user/verify/${token}`;
  const pending = (email: string) => t.db.select().from(signups).where(eq(signups.email, email));
  const newestLink = async (email: string) => linkToken((await latestMail(t.db, email)).text, 'verify');

  describe('sign-up', () => {
    it('records a pending sign-up, not an account, binds its link to this browser and e-mails the link built from PUBLIC_URL', async () => {
      const form = signUpForm({ email: '  Priya.23CSE@Campus.AC.IN ', rollNumber: '23cse014' });
      const response = await request(t.http).post(SIGN_UP).send(form).expect(201);

      expect(response.body).toEqual({ success: true, message: 'Account created! Check your institution email for a link to verify your account.' });
      expect(await t.db.$count(users)).toBe(0);
      const [signup] = await pending('priya.23cse@campus.ac.in');
      expect(signup).toMatchObject({ name: 'Priya Raman', rollNumber: '23CSE014', gender: 'Female', dept: 'CSE', year: '3' });
      expect(signup.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(signup.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);
      const cookie = cookieNamed(response, 'fest_signup');
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\/api\/v1\/user\/verify;/);
      expect(signup.browserTokenHash).toBe(hashToken(cookie.split(';')[0].split('=')[1]));
      const mail = await latestMail(t.db, 'priya.23cse@campus.ac.in');
      expect(mail.subject).toBe('Verify your e-mail to join the festival');
      expect(mail.text).toMatch(/http:\/\/fest\.test:3000\/auth\/verify\/[A-Za-z0-9_-]{43}/);
      expect(mail.html).toContain('http://fest.test:3000/auth/verify/');
      expect(signup.linkTokenHash).toBe(hashToken(linkToken(mail.text, 'verify')));
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
    ])('refuses %j (%s: "%s") and records nothing', async (change, field, message) => {
      const response = await request(t.http).post(SIGN_UP).send(signUpForm(change));
      expectError(response, 400, message);
      expect(response.body.errors).toContainEqual({ field, message });
      expect(await t.db.$count(users)).toBe(0);
      expect(await t.db.$count(signups)).toBe(0);
    });

    it('answers an address that has an account exactly like a new one, and e-mails its owner instead', async () => {
      const owner = await createUser(t, { email: 'priya@campus.ac.in', name: 'Priya Raman' });
      const existing = await request(t.http)
        .post(SIGN_UP)
        .send(signUpForm({ email: 'PRIYA@campus.ac.in', password: 'Stranger@1' }));
      const fresh = await request(t.http)
        .post(SIGN_UP)
        .send(signUpForm({ email: 'arjun@campus.ac.in' }));

      expect(existing.status).toBe(201);
      expect(existing.status).toBe(fresh.status);
      expect(existing.body).toEqual(fresh.body);
      const withoutValue = (r: request.Response) =>
        cookieNamed(r, 'fest_signup')
          .replace(/=[^;]*;/, '=;')
          .replace(/Expires=[^;]*/, '');
      expect(withoutValue(existing)).toBe(withoutValue(fresh));
      expect(Object.keys(existing.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

      const notice = await latestMail(t.db, owner.email);
      expect(notice.subject).toBe('You already have a festival account');
      expect(notice.text).toContain('Hi Priya Raman,');
      expect(notice.text).toContain('http://fest.test:3000/auth/signin');
      expect(notice.text).not.toMatch(/\/auth\/verify\//);
      expect(await pending(owner.email)).toHaveLength(0);
      await request(t.http).post(SIGN_IN).send({ email: owner.email, password: PASSWORD }).expect(200);
      expectError(await request(t.http).post(SIGN_IN).send({ email: owner.email, password: 'Stranger@1' }), 401, 'Invalid email or password');
    });

    it('refuses a roll number an account holds, whatever its case, and nothing else of its holder', async () => {
      await createUser(t, { rollNumber: '23CSE014' });
      const sameRoll = await request(t.http)
        .post(SIGN_UP)
        .send(signUpForm({ rollNumber: '23cse014' }));
      expectError(sameRoll, 409, 'This roll number is already registered');
      expect(sameRoll.body.errors).toEqual([{ field: 'rollNumber', message: 'This roll number is already registered' }]);
      expect(await t.db.$count(signups)).toBe(0);
    });

    it('never removes or replaces a pending sign-up: each one keeps its own working link', async () => {
      await request(t.http)
        .post(SIGN_UP)
        .send(signUpForm({ email: 'priya@campus.ac.in', rollNumber: '23CSE014', name: 'First Try' }))
        .expect(201);
      const firstLink = await newestLink('priya@campus.ac.in');
      await request(t.http)
        .post(SIGN_UP)
        .send(signUpForm({ email: 'squatter@campus.ac.in', rollNumber: '23cse014' }))
        .expect(201);
      await request(t.http)
        .post(SIGN_UP)
        .send(signUpForm({ email: 'PRIYA@campus.ac.in', rollNumber: '23CSE099', name: 'Second Try' }))
        .expect(201);

      const waiting = await t.db.select({ email: signups.email, rollNumber: signups.rollNumber, name: signups.name }).from(signups);
      expect(waiting).toHaveLength(3);
      expect(waiting).toEqual(
        expect.arrayContaining([
          { email: 'priya@campus.ac.in', rollNumber: '23CSE014', name: 'First Try' },
          { email: 'squatter@campus.ac.in', rollNumber: '23CSE014', name: 'Priya Raman' },
          { email: 'priya@campus.ac.in', rollNumber: '23CSE099', name: 'Second Try' },
        ]),
      );
      expect(await mailsTo(t.db, 'priya@campus.ac.in')).toHaveLength(2);
      // The first link still works (with its password, from this cookie-less client).
      await request(t.http).post(verify(firstLink)).send({ password: PASSWORD }).expect(200);
      const [account] = await t.db.select().from(users);
      expect(account).toMatchObject({ email: 'priya@campus.ac.in', name: 'First Try', rollNumber: '23CSE014', isVerified: true });
    });
  });

  describe("a stranger signing up with a classmate's address", () => {
    const classmate = 'meera.23ece@campus.ac.in';

    it('never gets their password activated, whichever link the classmate opens and in whatever order', async () => {
      // The stranger signs up first, with a password of their own choosing.
      await browser()
        .post(SIGN_UP)
        .send(signUpForm({ email: classmate, password: 'Stranger@1', rollNumber: '23ECE666' }))
        .expect(201);
      const strangersLink = await newestLink(classmate);

      // Curious, the classmate opens the stranger's link in their own browser: it asks for a password they do not know.
      const classmatesBrowser = browser();
      const curious = await classmatesBrowser.get(verify(strangersLink));
      expectError(curious, 403, /Enter the password you chose at sign-up/);
      expect(curious.body.passwordRequired).toBe(true);
      expectError(await classmatesBrowser.post(verify(strangersLink)).send({ password: 'Guess@123' }), 400, 'This is not the password chosen at sign-up');
      expect(await t.db.$count(users)).toBe(0);

      // The classmate signs up in the same browser and verifies from the newest e-mail, at once.
      await classmatesBrowser
        .post(SIGN_UP)
        .send(signUpForm({ email: classmate, password: 'Classmate@1', rollNumber: '23ECE007' }))
        .expect(201);
      expect(await pending(classmate)).toHaveLength(2);
      const verified = await classmatesBrowser.get(verify(await newestLink(classmate))).expect(200);
      expect(verified.body).toEqual({ success: true, message: 'Email verified successfully! You can now sign in.' });

      // Only the classmate's password signs in; the stranger's link is void.
      expectError(await request(t.http).post(SIGN_IN).send({ email: classmate, password: 'Stranger@1' }), 401, 'Invalid email or password');
      await request(t.http).post(SIGN_IN).send({ email: classmate, password: 'Classmate@1' }).expect(200);
      expectError(await request(t.http).post(verify(strangersLink)).send({ password: 'Stranger@1' }), 400, 'Invalid or expired verification link');
      expect(await t.db.$count(signups)).toBe(0);
      const [account] = await t.db.select().from(users);
      expect(account).toMatchObject({ email: classmate, rollNumber: '23ECE007', isVerified: true });
    });
  });

  describe('verification', () => {
    async function signUpIn(agent: ReturnType<typeof browser>, email: string) {
      await agent.post(SIGN_UP).send(signUpForm({ email })).expect(201);
      return newestLink(email);
    }

    it('verifies at once in the browser that signed up; the link then stops working', async () => {
      const agent = browser();
      const token = await signUpIn(agent, 'arjun@campus.ac.in');

      const first = await agent.get(verify(token)).expect(200);
      expect(first.body).toEqual({ success: true, message: 'Email verified successfully! You can now sign in.' });
      const [user] = await t.db.select().from(users).where(eq(users.email, 'arjun@campus.ac.in'));
      expect(user).toMatchObject({ isVerified: true, role: 'student' });
      expect(await t.db.$count(signups)).toBe(0);

      // Opened again, anywhere, it says the e-mail is verified rather than that the link failed.
      const again = await agent.get(verify(token));
      expectError(again, 409, 'This email is already verified. You can sign in.');
      expect(again.body.alreadyVerified).toBe(true);
      const elsewhere = await request(t.http).get(verify(token));
      expectError(elsewhere, 409, 'This email is already verified. You can sign in.');
      expect(elsewhere.body.alreadyVerified).toBe(true);
      expect(await t.db.$count(users)).toBe(1);
      await request(t.http).post(SIGN_IN).send({ email: 'arjun@campus.ac.in', password: PASSWORD }).expect(200);
    });

    it('asks for the sign-up password in another browser, and verifies with it', async () => {
      const token = await signUpIn(browser(), 'sana@campus.ac.in');

      const asked = await request(t.http).get(verify(token));
      expect(asked.body).toEqual({
        success: false,
        passwordRequired: true,
        message: 'This link was opened in another browser than the one that signed up. Enter the password you chose at sign-up to verify your email.',
      });
      expect(asked.status).toBe(403);
      expectError(await request(t.http).post(verify(token)).send({}), 400, 'Password is required');
      const wrong = await request(t.http).post(verify(token)).send({ password: 'Wrong@123' });
      expectError(wrong, 400, 'This is not the password chosen at sign-up');
      expect(wrong.body.errors).toEqual([{ field: 'password', message: 'This is not the password chosen at sign-up' }]);
      expect(await t.db.$count(users)).toBe(0);

      const response = await request(t.http).post(verify(token)).send({ password: PASSWORD }).expect(200);
      expect(response.body).toEqual({ success: true, message: 'Email verified successfully! You can now sign in.' });
      expect(await t.db.$count(users)).toBe(1);
      const reused = await request(t.http).post(verify(token)).send({ password: PASSWORD });
      expectError(reused, 409, 'This email is already verified. You can sign in.');
      expect(reused.body).toEqual({ success: false, alreadyVerified: true, message: 'This email is already verified. You can sign in.' });
      // A link nobody ever sent is still just unknown.
      expectError(await request(t.http).get(verify('a'.repeat(43))), 400, 'Invalid or expired verification link');
    });

    it('refuses an expired or unknown link', async () => {
      const agent = browser();
      const token = await signUpIn(agent, 'meera@campus.ac.in');
      await t.db.execute(sql`update signups set expires_at = now() - interval '1 second'`);
      expectError(await agent.get(verify(token)), 400, 'Invalid or expired verification link');
      expectError(await request(t.http).post(verify(token)).send({ password: PASSWORD }), 400, 'Invalid or expired verification link');
      expectError(await agent.get(verify('not-a-real-token')), 400, 'Invalid or expired verification link');
      expect(await t.db.$count(users)).toBe(0);
    });

    it('lets exactly one of 20 simultaneous uses of a link succeed, in the browser or with the password', async () => {
      const agent = browser();
      const token = await signUpIn(agent, 'karthik@campus.ac.in');
      const responses = await Promise.all([
        ...Array.from({ length: 10 }, () => agent.get(verify(token))),
        ...Array.from({ length: 10 }, () => request(t.http).post(verify(token)).send({ password: PASSWORD })),
      ]);
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      // The others lost the race: the link was used (409, once the winner's account exists) or, a moment before that, gone (400).
      const losers = responses.filter((r) => r.status !== 200);
      expect(losers.map((r) => r.status).filter((status) => status !== 400 && status !== 409)).toEqual([]);
      expect(losers.filter((r) => r.status === 409).every((r) => r.body.alreadyVerified === true)).toBe(true);
      expect(await t.db.$count(users)).toBe(1);
    });

    it('lets the first of two sign-ups of one address to be verified win, when their links race', async () => {
      const first = browser();
      const second = browser();
      const firstLink = await signUpIn(first, 'twin@campus.ac.in');
      const secondLink = await signUpIn(second, 'twin@campus.ac.in');

      const [a, b] = await Promise.all([first.get(verify(firstLink)), second.get(verify(secondLink))]);
      expect([a, b].filter((r) => r.status === 200)).toHaveLength(1);
      const loser = a.status === 200 ? b : a;
      expect([400, 409]).toContain(loser.status);
      expect(loser.body.message).toMatch(/^(Invalid or expired verification link|An account with this email already exists)$/);
      expect(await t.db.select({ email: users.email }).from(users)).toEqual([{ email: 'twin@campus.ac.in' }]);
      expect(await t.db.$count(signups)).toBe(0);
    });

    it('says a roll number an account took meanwhile is registered, and creates nothing', async () => {
      const agent = browser();
      await agent
        .post(SIGN_UP)
        .send(signUpForm({ email: 'late@campus.ac.in', rollNumber: '23CSE777' }))
        .expect(201);
      const token = await newestLink('late@campus.ac.in');
      await createUser(t, { rollNumber: '23cse777' });
      expectError(await agent.get(verify(token)), 409, 'This roll number is already registered');
      expect(await t.db.select().from(users).where(eq(users.email, 'late@campus.ac.in'))).toHaveLength(0);
    });
  });

  describe('e-mails to one address', () => {
    it('sends at most 3 verification e-mails an hour, however often someone signs up or signs in', async () => {
      const email = 'flood@campus.ac.in';
      await request(t.http).post(SIGN_UP).send(signUpForm({ email })).expect(201);
      for (let i = 0; i < 5; i += 1) {
        expectError(
          await request(t.http).post(SIGN_IN).send({ email, password: PASSWORD }),
          403,
          'Please verify your email before signing in. We have sent you a new verification link: use that one, as the links sent before it no longer work.',
        );
      }
      await request(t.http).post('/api/v1/user/verify/resend').send({ email }).expect(200);
      await afterResponses(t);
      expect(await mailsTo(t.db, email)).toHaveLength(3);
      expectError(
        await request(t.http).post(SIGN_UP).send(signUpForm({ email })),
        429,
        /^Too many attempts\. Please try again in (a minute|\d+ minutes|1 hour\(s\))\.$/,
      );
      expect(await mailsTo(t.db, email)).toHaveLength(3);
      expect(await pending(email)).toHaveLength(1);
    });

    it('sends a new link on request, answering the same whether or not a sign-up waits', async () => {
      await request(t.http)
        .post(SIGN_UP)
        .send(signUpForm({ email: 'waiting@campus.ac.in' }))
        .expect(201);
      const oldLink = await newestLink('waiting@campus.ac.in');
      const owner = await createUser(t);

      const answers = await Promise.all(
        ['waiting@campus.ac.in', 'nobody@campus.ac.in', owner.email].map((email) => request(t.http).post('/api/v1/user/verify/resend').send({ email })),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ success: true, message: 'If a sign-up is waiting for this email, a new verification link has been sent to it.' });
      }
      await afterResponses(t);
      expect(await mailsTo(t.db, 'waiting@campus.ac.in')).toHaveLength(2);
      expect(await mailsTo(t.db, 'nobody@campus.ac.in')).toHaveLength(0);
      expect(await mailsTo(t.db, owner.email)).toHaveLength(0);
      // The new link replaces the old one of that sign-up.
      expectError(await request(t.http).post(verify(oldLink)).send({ password: PASSWORD }), 400, 'Invalid or expired verification link');
      await request(t.http)
        .post(verify(await newestLink('waiting@campus.ac.in')))
        .send({ password: PASSWORD })
        .expect(200);
      expectError(await request(t.http).post('/api/v1/user/verify/resend').send({ email: 'x@gmail.com' }), 400, 'Please enter a valid institution email');
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
          eventReminders: true,
        },
      });
      const cookie = sessionCookie(response);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/);
      const token = cookie.split(';')[0].split('=')[1];
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const [stored] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(stored.tokenHash).not.toContain(token);
      expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.userAgent).toBe('phone');
    });

    it('says the same for an unknown e-mail and a wrong password', async () => {
      const user = await createUser(t);
      const wrongPassword = await request(t.http).post(SIGN_IN).send({ email: user.email, password: 'Wrong@123' });
      const unknownEmail = await request(t.http).post(SIGN_IN).send({ email: `nobody@campus.ac.in`, password: 'Wrong@123' });
      expectError(wrongPassword, 401, 'Invalid email or password');
      expect(unknownEmail.status).toBe(wrongPassword.status);
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });

    it('asks a student whose sign-up waits to verify first, with a fresh link, and only after the right password', async () => {
      const email = 'waiting@campus.ac.in';
      await request(t.http).post(SIGN_UP).send(signUpForm({ email })).expect(201);
      const firstLink = linkToken((await latestMail(t.db, email)).text, 'verify');
      expectError(await request(t.http).post(SIGN_IN).send({ email, password: 'Wrong@123' }), 401, 'Invalid email or password');
      expect(await mailsTo(t.db, email)).toHaveLength(1);

      const response = await request(t.http).post(SIGN_IN).send({ email, password: PASSWORD });
      expectError(
        response,
        403,
        'Please verify your email before signing in. We have sent you a new verification link: use that one, as the links sent before it no longer work.',
      );
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await mailsTo(t.db, email)).toHaveLength(2);
      const freshLink = linkToken((await latestMail(t.db, email)).text, 'verify');
      expect(freshLink).not.toBe(firstLink);
      await request(t.http).post(`/api/v1/user/verify/${freshLink}`).send({ password: PASSWORD }).expect(200);
      await request(t.http).post(SIGN_IN).send({ email, password: PASSWORD }).expect(200);
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
      for (const cookie of [first, second]) await request(t.http).get(LOAD).set('Cookie', cookie.split(';')[0]).expect(200);
    });
  });

  describe('the session', () => {
    it('loads the signed-in user, and refuses a visitor', async () => {
      const user = await createUser(t);
      const cookie = sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD })).split(';')[0];
      const loaded = await request(t.http).get(LOAD).set('Cookie', cookie).expect(200);
      expect(loaded.body).toMatchObject({ success: true, user: { _id: user.id, email: user.email } });
      expect(JSON.stringify(loaded.body)).not.toMatch(/password/i);

      expectError(await request(t.http).get(LOAD), 401, 'Please sign in to continue.');
      expectError(await request(t.http).get(LOAD).set('Cookie', 'fest_session=forged-token-that-is-long-enough'), 401, 'Please sign in to continue.');
    });

    it('ends on the server at sign-out, so a copied cookie no longer works', async () => {
      const user = await createUser(t);
      const cookie = sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD })).split(';')[0];

      const out = await request(t.http).get('/api/v1/user/signout').set('Cookie', cookie).expect(200);
      expect(out.body).toEqual({ success: true, message: 'Logged out successfully' });
      expect(sessionCookie(out)).toMatch(/fest_session=;.*Expires=Thu, 01 Jan 1970/);

      expectError(await request(t.http).get(LOAD).set('Cookie', cookie), 401, 'Please sign in to continue.');
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    });

    it('sets a signed-in hint the page can read beside the session cookie, for as long, and clears it at sign-out', async () => {
      const user = await createUser(t);
      const signIn = await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD }).expect(200);
      const hint = cookieNamed(signIn, 'fest_signed_in');
      expect(hint).toMatch(/^fest_signed_in=1; Max-Age=2592000; Path=\/; Expires=.*; SameSite=Lax$/);
      expect(hint).not.toMatch(/HttpOnly/);
      expect(sessionCookie(signIn)).toMatch(/Max-Age=2592000;/);

      const out = await request(t.http).get('/api/v1/user/signout').set('Cookie', sessionCookie(signIn).split(';')[0]).expect(200);
      expect(cookieNamed(out, 'fest_signed_in')).toMatch(/^fest_signed_in=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax$/);
    });

    it('expires after 7 idle days and 30 days after sign-in', async () => {
      const user = await createUser(t);
      const signIn = async () => sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD })).split(';')[0];

      const idle = await signIn();
      await t.db.update(sessions).set({ lastSeenAt: sql`now() - interval '7 days 1 minute'` });
      expectError(await request(t.http).get(LOAD).set('Cookie', idle), 401, 'Please sign in to continue.');

      const old = await signIn();
      await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` });
      expectError(await request(t.http).get(LOAD).set('Cookie', old), 401, 'Please sign in to continue.');
    });

    it('records use, at most every few minutes, so an active session stays alive', async () => {
      const user = await createUser(t);
      const cookie = sessionCookie(await request(t.http).post(SIGN_IN).send({ email: user.email, password: PASSWORD })).split(';')[0];
      await t.db.update(sessions).set({ lastSeenAt: sql`now() - interval '6 days'` });
      await request(t.http).get(LOAD).set('Cookie', cookie).expect(200);
      const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(Date.now() - session.lastSeenAt.getTime()).toBeLessThan(60_000);
    });
  });

  describe('lifetimes, measured by the product clock', () => {
    const HOUR = 60 * 60 * 1000;

    it('expires a verification link 24 hours after sign-up, in the signing-up browser too', async () => {
      const email = 'late.verifier@campus.ac.in';
      const signingUp = browser();
      await signingUp.post(SIGN_UP).send(signUpForm({ email })).expect(201);
      t.clock.advance(24 * HOUR + 1000);

      expectError(await signingUp.get(verify(await newestLink(email))), 400, 'Invalid or expired verification link');
      expect(await t.db.$count(users)).toBe(0);
    });

    it('ends a session 7 days after its last use, and a used one at 30 days after sign-in', async () => {
      const idle = browser();
      await idle
        .post(SIGN_IN)
        .send({ email: (await createUser(t)).email, password: PASSWORD })
        .expect(200);
      const active = browser();
      await active
        .post(SIGN_IN)
        .send({ email: (await createUser(t)).email, password: PASSWORD })
        .expect(200);

      for (let day = 1; day <= 8; day += 1) {
        t.clock.advance(24 * HOUR);
        await active.get(LOAD).expect(200);
      }
      expectError(await idle.get(LOAD), 401, 'Please sign in to continue.');
      for (let day = 9; day <= 30; day += 1) {
        t.clock.advance(24 * HOUR);
        if (day < 30) await active.get(LOAD).expect(200);
      }
      expectError(await active.get(LOAD), 401, 'Please sign in to continue.');
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
    await request(t.http)
      .post(SIGN_UP)
      .send(signUpForm({ email: 'meera@fest.edu' }))
      .expect(201);
    const refused = await request(t.http)
      .post(SIGN_UP)
      .send(signUpForm({ email: 'meera@campus.ac.in' }))
      .expect(400);
    expectError(refused, 400, 'Please enter a valid institution email');
  });
});
