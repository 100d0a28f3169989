import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { SIGNUP_LINK_LIFETIME_MS } from '../../backend/src/auth/auth.service';
import { mailOutbox } from '../../backend/src/database/schema/mail';
import { signups, type UserRow, users } from '../../backend/src/database/schema/users';
import { SignupsService } from '../../backend/src/users/signups.service';
import { UsersService } from '../../backend/src/users/users.service';
import { createUser, PASSWORD, signUpForm } from './support/accounts';
import { clubEvent, sendInvite, superAdminAgent } from './support/admin-invites';
import { expectError } from './support/expectations';
import { latestMail, linkToken } from './support/outbox';
import { afterResponses, resetDatabase, startApp, useTestApp } from './support/test-app';

const SIGN_UP = '/api/v1/user/signup';
const SIGN_IN = '/api/v1/user/signin';
const FORGOT = '/api/v1/user/password/forgot';
const RESEND = '/api/v1/user/verify/resend';
const INVALID = 'Please enter a valid institution email';
const REVIEW_CLI = join(__dirname, '../../backend/dist/users/account-review-cli.js');

/**
 * Addresses at the institution's domain that a mail library reads as another mailbox (a group,
 * a list, a comment, a quoted name) or that are not plain: each passed the old "something@domain"
 * check, and `a:me@…`, `a,me@…`, `a;me@…`, `a(c)me@…` had their links delivered to `me@…`.
 */
const ODD_ADDRESSES = [
  'a:me@campus.ac.in',
  'a,me@campus.ac.in',
  'a;me@campus.ac.in',
  'a(c)me@campus.ac.in',
  'a<me>@campus.ac.in',
  '"a"me@campus.ac.in',
  'a!me@campus.ac.in',
  'a%me@campus.ac.in',
  '.me@campus.ac.in',
  'me.@campus.ac.in',
  'a..me@campus.ac.in',
];

describe('one mailbox, one account', () => {
  const t = useTestApp();

  describe.each(ODD_ADDRESSES)('%s', (email) => {
    it('is refused at sign-up, and nothing is recorded or sent', async () => {
      const response = await request(t.http).post(SIGN_UP).send(signUpForm({ email }));
      expectError(response, 400, INVALID);
      expect(response.body.errors).toEqual([{ field: 'email', message: INVALID }]);
      expect(await t.db.$count(signups)).toBe(0);
      expect(await t.db.$count(mailOutbox)).toBe(0);
    });

    it('is refused by forgot password, resend and sign-in', async () => {
      expectError(await request(t.http).post(FORGOT).send({ email }), 400, INVALID);
      expectError(await request(t.http).post(RESEND).send({ email }), 400, INVALID);
      expectError(await request(t.http).post(SIGN_IN).send({ email, password: PASSWORD }), 400, INVALID);
      await afterResponses(t);
      expect(await t.db.$count(mailOutbox)).toBe(0);
    });

    it('is refused as an invitation to run an event, with the invite form’s word for a malformed address', async () => {
      const agent = await superAdminAgent(t);
      expectError(await sendInvite(agent, await clubEvent(t), email), 400, 'Invalid email address');
      expect(await t.db.$count(mailOutbox)).toBe(0);
    });
  });

  it.each(['priya.23cse@campus.ac.in', 'priya+fest@campus.ac.in', 'priya_r-23@campus.ac.in', 'p.r.23@campus.ac.in'])(
    'accepts the plain address %s and e-mails exactly it',
    async (email) => {
      await request(t.http).post(SIGN_UP).send(signUpForm({ email })).expect(201);
      expect((await latestMail(t.db, email)).subject).toBe('Verify your e-mail to join the festival');
    },
  );

  it('compares an address in one form: signed up in capitals, signed in, reset and resent in any case', async () => {
    const browser = request.agent(t.http);
    await browser
      .post(SIGN_UP)
      .send(signUpForm({ email: '  Priya.23CSE@Campus.AC.IN ' }))
      .expect(201);
    const [signup] = await t.db.select().from(signups);
    expect(signup.email).toBe('priya.23cse@campus.ac.in');
    await browser.get(`/api/v1/user/verify/${linkToken((await latestMail(t.db, signup.email)).text, 'verify')}`).expect(200);

    const signedIn = await request(t.http).post(SIGN_IN).send({ email: 'PRIYA.23cse@campus.ac.IN', password: PASSWORD }).expect(200);
    expect(signedIn.body.user.email).toBe('priya.23cse@campus.ac.in');
    await request(t.http).post(FORGOT).send({ email: ' Priya.23CSE@CAMPUS.ac.in' }).expect(200);
    await afterResponses(t);
    expect((await latestMail(t.db, 'priya.23cse@campus.ac.in')).subject).toBe('Reset your festival password');
    // The same address in capitals is the same account: a second sign-up is told to its owner, not recorded.
    await request(t.http)
      .post(SIGN_UP)
      .send(signUpForm({ email: 'PRIYA.23CSE@campus.ac.in' }))
      .expect(201);
    expect(await t.db.$count(signups)).toBe(0);
    expect(await t.db.$count(users)).toBe(1);
  });

  it('holds no roll number for a sign-up never verified: a classmate signs up with it, and it is theirs once they verify', async () => {
    await request(t.http)
      .post(SIGN_UP)
      .send(signUpForm({ email: 'a.taker@campus.ac.in', rollNumber: '23CSE777' }))
      .expect(201);
    t.clock.advance(SIGNUP_LINK_LIFETIME_MS + 1000);
    await t.app.get(SignupsService).purgeExpired();
    expect(await t.db.$count(signups)).toBe(0);

    const owner = request.agent(t.http);
    await owner
      .post(SIGN_UP)
      .send(signUpForm({ email: 'real.owner@campus.ac.in', rollNumber: '23cse777' }))
      .expect(201);
    await owner.get(`/api/v1/user/verify/${linkToken((await latestMail(t.db, 'real.owner@campus.ac.in')).text, 'verify')}`).expect(200);
    expect(await t.db.select({ email: users.email, rollNumber: users.rollNumber, isVerified: users.isVerified }).from(users)).toEqual([
      { email: 'real.owner@campus.ac.in', rollNumber: '23CSE777', isVerified: true },
    ]);
  });

  it('lists, for review, the accounts whose stored address does not pass, and changes none of them', async () => {
    const odd = await createUser(t, { email: 'a:me@campus.ac.in', rollNumber: '23CSE099' });
    const capitals = await createUser(t, { email: 'Old.Style@campus.ac.in', role: 'admin', dept: 'Staff', year: '0' });
    await createUser(t, { email: 'plain.one@campus.ac.in' });

    const listed = await t.app.get(UsersService).addressesToReview('campus.ac.in');
    expect(listed).toEqual([
      { id: odd.id, email: 'a:me@campus.ac.in', role: 'student', rollNumber: '23CSE099', createdAt: odd.createdAt },
      { id: capitals.id, email: 'Old.Style@campus.ac.in', role: 'admin', rollNumber: null, createdAt: capitals.createdAt },
    ]);
    const [kept] = await t.db.select().from(users).where(eq(users.id, odd.id));
    expect(kept).toEqual(odd);
  });
});

describe('npm run accounts:review', () => {
  it('prints the id, quoted address, role, roll number and creation of each account to review', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'festival-data-'));
    const env = { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    try {
      // The command opens the database the app used: the PostgreSQL test database, or PGlite in a folder once the app is closed.
      const t = await startApp(process.env.DATABASE_URL ? {} : { dataDir });
      let odd: UserRow;
      try {
        await resetDatabase(t.db);
        odd = await createUser(t, { email: 'a,me@campus.ac.in', rollNumber: '23CSE100' });
        await createUser(t, { email: 'plain.two@campus.ac.in' });
      } finally {
        await t.close();
      }

      const { stdout } = await promisify(execFile)(process.execPath, [REVIEW_CLI], { env });
      expect(stdout.trim().split('\n')).toEqual([
        '1 account(s) with an address that is not a plain one at campus.ac.in (nothing was changed):',
        'id\temail\trole\troll number\tcreated',
        `${odd.id}\t"a,me@campus.ac.in"\tstudent\t23CSE100\t${odd.createdAt.toISOString()}`,
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
