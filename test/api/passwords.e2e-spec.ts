import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { hashToken } from '../../backend/src/common/tokens';
import { sessions, trustedDevices } from '../../backend/src/database/schema/sessions';
import { cookieNamed, createUser, PASSWORD, sessionCookie } from './support/accounts';
import { expectError } from './support/expectations';
import { latestMail, linkToken, mailsTo } from './support/outbox';
import { afterResponses, useTestApp } from './support/test-app';

const FORGOT = '/api/v1/user/password/forgot';
const CHANGE = '/api/v1/user/password/change';
const reset = (token: string) => `/api/v1/user/password/reset/${token}`;

describe('passwords: forgot, reset, change', () => {
  const t = useTestApp();

  async function signIn(email: string, password = PASSWORD) {
    const response = await request(t.http).post('/api/v1/user/signin').send({ email, password });
    return response.status === 200 ? sessionCookie(response).split(';')[0] : undefined;
  }

  async function resetToken(email: string) {
    await request(t.http).post(FORGOT).send({ email }).expect(200);
    await afterResponses(t);
    return linkToken((await latestMail(t.db, email)).text, 'reset-password');
  }

  describe('forgot password', () => {
    it('answers the same for a known and an unknown e-mail, and mails only the account holder', async () => {
      const user = await createUser(t);
      const known = await request(t.http).post(FORGOT).send({ email: user.email });
      const unknown = await request(t.http).post(FORGOT).send({ email: 'nobody@campus.ac.in' });

      expect(known.status).toBe(200);
      expect(known.body).toEqual({ success: true, message: 'If an account exists for this email, a password reset link has been sent to it.' });
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      // The link is looked up and written after the answer, so the answer's time says nothing.
      await afterResponses(t);
      expect((await latestMail(t.db, user.email)).subject).toBe('Reset your festival password');
      expect(await mailsTo(t.db, 'nobody@campus.ac.in')).toHaveLength(0);
    });

    it('checks the e-mail like every form', async () => {
      expectError(await request(t.http).post(FORGOT).send({}), 400, 'Email is required');
      expectError(await request(t.http).post(FORGOT).send({ email: 'me@gmail.com' }), 400, 'Please enter a valid institution email');
    });
  });

  describe('reset', () => {
    it('sets the new password, ends every session and works once', async () => {
      const user = await createUser(t);
      const before = await signIn(user.email);
      const token = await resetToken(user.email);

      const response = await request(t.http).post(reset(token)).send({ password: 'Brand@new1' }).expect(200);
      expect(response.body).toEqual({ success: true, message: 'Password reset successful! You can now sign in with your new password.' });

      expectError(await request(t.http).get('/api/v1/user/load').set('Cookie', before!), 401, 'Please sign in to continue.');
      expect(await signIn(user.email)).toBeUndefined();
      expect(await signIn(user.email, 'Brand@new1')).toBeDefined();
      expectError(await request(t.http).post(reset(token)).send({ password: 'Another@1' }), 400, 'Invalid or expired reset link');
    });

    it('trusts the browser that reset the password for sign-in, and no device trusted before', async () => {
      const user = await createUser(t);
      await signIn(user.email);
      const response = await request(t.http)
        .post(reset(await resetToken(user.email)))
        .send({ password: 'Brand@new1' })
        .expect(200);
      const device = cookieNamed(response, 'fest_device');
      expect(device).toMatch(/Path=\/api\/v1\/user\/signin;/);
      const devices = await t.db.select().from(trustedDevices).where(eq(trustedDevices.userId, user.id));
      expect(devices.map((d) => d.tokenHash)).toEqual([hashToken(device.split(';')[0].split('=')[1])]);
    });

    it('refuses an expired link, an earlier link once a newer one is sent, and a short password', async () => {
      const user = await createUser(t);
      const older = await resetToken(user.email);
      const newer = await resetToken(user.email);
      expectError(await request(t.http).post(reset(older)).send({ password: 'Brand@new1' }), 400, 'Invalid or expired reset link');

      expectError(await request(t.http).post(reset(newer)).send({ password: 'abc' }), 400, 'Password must be at least 6 characters');
      expectError(await request(t.http).post(reset(newer)).send({}), 400, 'Password is required');

      await t.db.execute(sql`update account_tokens set expires_at = now() - interval '1 second'`);
      expectError(await request(t.http).post(reset(newer)).send({ password: 'Brand@new1' }), 400, 'Invalid or expired reset link');
    });

    it('says whether a link works before a password is typed, without using it', async () => {
      const user = await createUser(t);
      const older = await resetToken(user.email);
      const newer = await resetToken(user.email);
      const works = { success: true, message: 'This link can set a new password.' };
      expect((await request(t.http).get(reset(newer)).expect(200)).body).toEqual(works);
      // Looking twice uses nothing: the link still sets the password.
      expect((await request(t.http).get(reset(newer)).expect(200)).body).toEqual(works);
      expectError(await request(t.http).get(reset(older)), 400, 'Invalid or expired reset link');
      expectError(await request(t.http).get(reset('not-a-link-anyone-sent-0123456789abcdefghijk')), 400, 'Invalid or expired reset link');

      await request(t.http).post(reset(newer)).send({ password: 'Brand@new1' }).expect(200);
      expectError(await request(t.http).get(reset(newer)), 400, 'Invalid or expired reset link');
      const expiring = await resetToken(user.email);
      await t.db.execute(sql`update account_tokens set expires_at = now() - interval '1 second'`);
      expectError(await request(t.http).get(reset(expiring)), 400, 'Invalid or expired reset link');
    });

    it('lets exactly one of 20 simultaneous uses of a link succeed', async () => {
      const user = await createUser(t);
      const token = await resetToken(user.email);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          request(t.http)
            .post(reset(token))
            .send({ password: `Parallel@${i}` }),
        ),
      );
      const winners = responses.map((r, i) => [r.status, i] as const).filter(([status]) => status === 200);
      expect(winners).toHaveLength(1);
      expect(await signIn(user.email, `Parallel@${winners[0][1]}`)).toBeDefined();
    });
  });

  describe('change', () => {
    it('keeps the session that asked and ends every other one', async () => {
      const user = await createUser(t);
      const phone = (await signIn(user.email))!;
      const laptop = (await signIn(user.email))!;

      const response = await request(t.http).put(CHANGE).set('Cookie', phone).send({ currentPassword: PASSWORD, newPassword: 'Fresh#2025' }).expect(200);
      expect(response.body).toEqual({ success: true, message: 'Password changed successfully' });

      await request(t.http).get('/api/v1/user/load').set('Cookie', phone).expect(200);
      expectError(await request(t.http).get('/api/v1/user/load').set('Cookie', laptop), 401, 'Please sign in to continue.');
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
      expect(await signIn(user.email, 'Fresh#2025')).toBeDefined();
    });

    it.each([
      [{ currentPassword: 'Wrong@123', newPassword: 'Fresh#2025' }, 'Current password is incorrect'],
      [{ currentPassword: PASSWORD, newPassword: 'abc1!' }, 'Please ensure your new password meets all requirements'],
      [{ currentPassword: PASSWORD, newPassword: 'abcdef1' }, 'Please ensure your new password meets all requirements'],
      [{ currentPassword: PASSWORD, newPassword: 'abcdef!' }, 'Please ensure your new password meets all requirements'],
      [{ currentPassword: PASSWORD, newPassword: '123456!' }, 'Please ensure your new password meets all requirements'],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD }, 'New password must be different from the current password'],
      [{ newPassword: 'Fresh#2025' }, 'Current password is required'],
      [{ currentPassword: PASSWORD }, 'New password is required'],
    ])('refuses %j with "%s" and keeps the old password', async (body, message) => {
      const user = await createUser(t);
      const cookie = (await signIn(user.email))!;
      expectError(await request(t.http).put(CHANGE).set('Cookie', cookie).send(body), 400, message);
      expect(await signIn(user.email)).toBeDefined();
    });

    it('is for signed-in users only', async () => {
      expectError(await request(t.http).put(CHANGE).send({ currentPassword: PASSWORD, newPassword: 'Fresh#2025' }), 401, 'Please sign in to continue.');
    });
  });

  describe('staff keep the staff rule (8 or more, with a lowercase and an uppercase letter and a digit)', () => {
    const STAFF = [
      ['a club admin', { role: 'admin', club: 'Tech Club', dept: 'Staff', year: '0' }],
      ['the super admin', { role: 'superadmin', dept: 'Staff', year: '0' }],
    ] as const;
    const WEAK = [
      ['aaaaaa', 'Password must be at least 8 characters'],
      ['abc12!', 'Password must be at least 8 characters'],
      ['abcdefg1!', 'Password must contain a lowercase letter, an uppercase letter and a digit'],
      ['ABCDEFG1!', 'Password must contain a lowercase letter, an uppercase letter and a digit'],
      ['Abcdefgh!', 'Password must contain a lowercase letter, an uppercase letter and a digit'],
    ] as const;

    describe.each(STAFF)('%s', (_who, staff) => {
      it('is refused a weak password by a reset link, which then still sets a strong one', async () => {
        const user = await createUser(t, staff);
        const token = await resetToken(user.email);
        for (const [password, message] of WEAK) {
          const response = await request(t.http).post(reset(token)).send({ password });
          expectError(response, 400, message);
          expect(response.body.errors).toEqual([{ field: 'password', message }]);
        }
        expect(await signIn(user.email)).toBeDefined();

        // No special character needed: the staff rule replaces the students', it is not added to it.
        await request(t.http).post(reset(token)).send({ password: 'Strong2025' }).expect(200);
        expect(await signIn(user.email, 'Strong2025')).toBeDefined();
      });

      it('is refused a weak password on change, and may change to a strong one', async () => {
        const user = await createUser(t, staff);
        const cookie = (await signIn(user.email))!;
        for (const [newPassword, message] of WEAK) {
          const response = await request(t.http).put(CHANGE).set('Cookie', cookie).send({ currentPassword: PASSWORD, newPassword });
          expectError(response, 400, message);
          expect(response.body.errors).toEqual([{ field: 'newPassword', message }]);
        }
        expect(await signIn(user.email)).toBeDefined();

        await request(t.http).put(CHANGE).set('Cookie', cookie).send({ currentPassword: PASSWORD, newPassword: 'Strong2025' }).expect(200);
        expect(await signIn(user.email, 'Strong2025')).toBeDefined();
      });
    });

    it('leaves students their own rules: 6 characters on reset, a special character on change', async () => {
      const student = await createUser(t);
      await request(t.http)
        .post(reset(await resetToken(student.email)))
        .send({ password: 'aaaaaa' })
        .expect(200);
      const cookie = (await signIn(student.email, 'aaaaaa'))!;
      expectError(
        await request(t.http).put(CHANGE).set('Cookie', cookie).send({ currentPassword: 'aaaaaa', newPassword: 'Strong2025' }),
        400,
        'Please ensure your new password meets all requirements',
      );
      await request(t.http).put(CHANGE).set('Cookie', cookie).send({ currentPassword: 'aaaaaa', newPassword: 'abc12!' }).expect(200);
    });
  });
});

describe('looking at reset links', () => {
  const limited = useTestApp({}, { rateLimits: { resetByIp: { limit: 3, windowSeconds: 600 } } });

  it('counts every look against the address, as the reset itself: of 8 at once, 3 are answered and 5 told to wait', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => request(limited.http).get(reset(`guessed-link-${i}-0123456789abcdefghijklmnopq`))));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
  });
});
