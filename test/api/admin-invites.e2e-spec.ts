import { eq } from 'drizzle-orm';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { AdminInvitesService } from '../../backend/src/admin/admin-invites.service';
import type { AppConfig } from '../../backend/src/config/app-config';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { adminInvites } from '../../backend/src/database/schema/admin-invites';
import { auditLog } from '../../backend/src/database/schema/audit';
import { events } from '../../backend/src/database/schema/events';
import { users } from '../../backend/src/database/schema/users';
import { createUser, sessionCookie, signUpForm } from './support/accounts';
import { acceptInvite, ADMIN_PASSWORD, adminSignupForm, clubEvent, invitedToken, inviteeEmail, sendInvite, superAdminAgent } from './support/admin-invites';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { latestMail, linkToken, mailsTo } from './support/outbox';
import { useTestApp } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;
const SEND = 'POST /api/v1/admin/invite';
const GENERATE = 'POST /api/v1/admin/invite/generate';
const SEND_EMAIL = 'POST /api/v1/admin/invite/send-email';
const CANCEL = 'DELETE /api/v1/admin/invite/{invite}';
const DETAILS = 'GET /api/v1/admin/invite/{invite}';
const ACCEPT = 'POST /api/v1/admin/signup/{token}';
const LIST = 'GET /api/v1/admin/invites';
const PENDING = 'GET /api/v1/admin/invite/pending';
const STATUS = 'GET /api/v1/admin/events-with-admin-status';

describe('club admin invitations', () => {
  const t = useTestApp();
  let contract: ApiContract;
  let superAdmin: TestAgent;
  let publicUrl: URL;

  beforeAll(async () => {
    contract = await loadApiContract(t);
    publicUrl = t.app.get<AppConfig>(APP_CONFIG).publicUrl;
  });
  beforeEach(async () => {
    superAdmin = await superAdminAgent(t);
  });

  const inviteRow = async (id: string) => (await t.db.select().from(adminInvites).where(eq(adminInvites.id, id)))[0];
  const auditOf = (action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action as 'invite.sent'));
  const linkFor = (token: string) => new URL(`/admin/invite/${token}`, publicUrl).toString();
  /** Moves the clock past a session's 7 idle days: the super admin signs in again. */
  async function passTime(ms: number): Promise<void> {
    t.clock.advance(ms);
    superAdmin = await superAdminAgent(t);
  }

  describe('sending', () => {
    it('records a pending invitation for 7 days, e-mails the link built from PUBLIC_URL and audits it', async () => {
      const event = await clubEvent(t, { name: 'Code Sprint' });
      const email = inviteeEmail();

      const response = contract.expectAnswer(SEND, await sendInvite(superAdmin, event, email), 201);

      expect(response.body).toMatchObject({
        success: true,
        message: 'Admin invitation sent successfully!',
        invite: { email, clubName: 'Tech Club', eventId: { _id: event.id, name: 'Code Sprint' }, status: 'Pending', isUsed: false, usedAt: null },
      });
      const { invite } = response.body;
      expect(Date.parse(invite.inviteTokenExpire) - Date.parse(invite.createdAt)).toBe(7 * DAY);
      const mail = await latestMail(t.db, email);
      const token = linkToken(mail.text, 'admin-invite');
      expect(mail.text).toContain(linkFor(token));
      expect(mail.subject).toBe('You are invited to be a club admin of Tech Club, starting with Code Sprint');
      expect(mail.text).toContain("A club admin runs all of Tech Club's events");
      const row = await inviteRow(invite._id);
      expect(row).toMatchObject({ status: 'pending', eventId: event.id });
      expect(row.tokenHash).not.toContain(token);
      const [audit] = await auditOf('invite.sent');
      expect(audit).toMatchObject({
        actorName: 'Festival Super Admin',
        club: 'Tech Club',
        subjectType: 'invite',
        subjectId: invite._id,
        subjectLabel: `${email} → Code Sprint`,
      });
    });

    it('generates a link without e-mailing it, under the same rules', async () => {
      const event = await clubEvent(t);
      const email = inviteeEmail();

      const response = contract.expectAnswer(
        GENERATE,
        await superAdmin.post('/api/v1/admin/invite/generate').send({ email, club: 'Tech Club', eventId: event.id }),
        201,
      );

      expect(response.body).toMatchObject({ message: 'Invitation link created', invite: { email, status: 'Pending' } });
      expect(response.body.inviteUrl).toMatch(new RegExp(`^${linkFor('')}[A-Za-z0-9_-]{43}$`));
      expect(await mailsTo(t.db, email)).toHaveLength(0);
      const token = linkToken(response.body.inviteUrl, 'admin-invite');
      contract.expectAnswer(DETAILS, await request(t.http).get(`/api/v1/admin/invite/${token}`), 200);
      expectError(await sendInvite(superAdmin, event), 409, 'This event already has an admin assigned');
    });

    it.each([
      [{ email: undefined }, 'email', 'Email is required'],
      [{ email: 'not-an-address' }, 'email', 'Invalid email address'],
      [{ email: 'someone@gmail.com' }, 'email', 'Please enter a valid institution email'],
      [{ club: undefined }, 'club', 'Please select a club'],
      [{ club: 'Chess Club' }, 'club', 'Please select a club'],
      [{ eventId: undefined }, 'eventId', 'Please select an event'],
      [{ eventId: 'event-7' }, 'eventId', 'Please select an event'],
    ])('refuses %j: %s says "%s"', async (change, field, message) => {
      const event = await clubEvent(t);
      const body = { email: inviteeEmail(), club: 'Tech Club', eventId: event.id, ...change };

      for (const key of [SEND, GENERATE]) {
        const response = contract.expectAnswer(
          key,
          await superAdmin.post(key === SEND ? '/api/v1/admin/invite' : '/api/v1/admin/invite/generate').send(body),
          400,
        );
        expect(response.body).toMatchObject({ message, errors: [{ field, message }] });
      }
      expect(await t.db.select().from(adminInvites)).toHaveLength(0);
    });

    it('refuses an unknown event (404) and an event of another club (400 on eventId)', async () => {
      const event = await clubEvent(t);
      const unknown = await superAdmin
        .post('/api/v1/admin/invite')
        .send({ email: inviteeEmail(), club: 'Tech Club', eventId: '00000000-0000-4000-8000-000000000000' });
      expectError(contract.expectAnswer(SEND, unknown, 404), 404, 'Event not found');

      const otherClub = await superAdmin.post('/api/v1/admin/invite').send({ email: inviteeEmail(), club: 'Music Club', eventId: event.id });

      contract.expectAnswer(SEND, otherClub, 400);
      expect(otherClub.body).toMatchObject({
        message: 'This event does not belong to the chosen club',
        errors: [{ field: 'eventId', message: 'This event does not belong to the chosen club' }],
      });
    });

    it('refuses an address that already has an account: an existing student is made an admin by a role change', async () => {
      const event = await clubEvent(t);
      const student = await createUser(t);

      const response = contract.expectAnswer(SEND, await sendInvite(superAdmin, event, student.email.toUpperCase()), 409);

      expect(response.body).toMatchObject({
        message: 'User with this email already exists. To make them a club admin, change their role on the People page.',
        errors: [{ field: 'email' }],
      });
      expect(await mailsTo(t.db, student.email)).toHaveLength(0);
    });

    it('refuses an event with a pending invitation or an assigned admin', async () => {
      const [invited, assigned] = [await clubEvent(t), await clubEvent(t)];
      await sendInvite(superAdmin, invited).expect(201);
      await createUser(t, { role: 'admin', club: 'Tech Club', assignedEventId: assigned.id });

      expectError(contract.expectAnswer(SEND, await sendInvite(superAdmin, invited), 409), 409, 'This event already has an admin assigned');
      expectError(await sendInvite(superAdmin, assigned), 409, 'This event already has an admin assigned');
      expect(await t.db.select().from(adminInvites)).toHaveLength(1);
    });

    it('refuses a second invitation to an address already invited for another event, naming that event: one address, one account', async () => {
      const [first, second] = [await clubEvent(t), await clubEvent(t)];
      const email = inviteeEmail();
      await sendInvite(superAdmin, first, email).expect(201);

      const response = contract.expectAnswer(SEND, await sendInvite(superAdmin, second, email), 409);

      expect(response.body).toMatchObject({
        message: `This email already has a pending invitation for ${first.name}. Cancel it to invite them for this one.`,
        errors: [{ field: 'email' }],
      });
      expect(await t.db.select().from(adminInvites)).toHaveLength(1);
    });

    it('marks an expired invitation the job has not swept yet expired, and invites anew', async () => {
      const event = await clubEvent(t);
      const first = await invitedToken(t, superAdmin, event);
      await passTime(7 * DAY + 1000);

      await sendInvite(superAdmin, event).expect(201);

      expect((await inviteRow(first.id)).status).toBe('expired');
    });
  });

  describe('the super admin’s lists', () => {
    it('shows each event as available, pending (with the invited address) or assigned (with the admin), by club then name', async () => {
      const quiz = await clubEvent(t, { name: 'Quiz', clubInCharge: 'Tech Club' });
      const hackathon = await clubEvent(t, { name: 'Hackathon', clubInCharge: 'Tech Club' });
      const debate = await clubEvent(t, { name: 'Debate', clubInCharge: 'Literary Club' });
      const invited = await invitedToken(t, superAdmin, quiz);
      const admin = await createUser(t, { role: 'admin', club: 'Literary Club', assignedEventId: debate.id });

      const response = contract.expectAnswer(STATUS, await superAdmin.get('/api/v1/admin/events-with-admin-status'), 200);

      expect(response.body.events).toEqual([
        expect.objectContaining({
          _id: debate.id,
          clubInCharge: 'Literary Club',
          adminStatus: { status: 'assigned', adminEmail: admin.email, inviteEmail: null },
        }),
        expect.objectContaining({
          _id: hackathon.id,
          name: 'Hackathon',
          event_type: 'solo',
          adminStatus: { status: 'available', adminEmail: null, inviteEmail: null },
        }),
        expect.objectContaining({ _id: quiz.id, adminStatus: { status: 'pending', adminEmail: null, inviteEmail: invited.email } }),
      ]);
      await passTime(7 * DAY);
      const later = await superAdmin.get('/api/v1/admin/events-with-admin-status').expect(200);
      expect(later.body.events[2].adminStatus.status).toBe('available');
    });

    it('lists invitations newest first without the cancelled ones; pending lists only those that can still be accepted', async () => {
      const [a, b, c, d] = [await clubEvent(t), await clubEvent(t), await clubEvent(t), await clubEvent(t)];
      const accepted = await invitedToken(t, superAdmin, a);
      await acceptInvite(t, accepted.token).expect(201);
      t.clock.advance(1000);
      const cancelled = await invitedToken(t, superAdmin, b);
      await superAdmin.delete(`/api/v1/admin/invite/${cancelled.id}`).expect(200);
      t.clock.advance(1000);
      const expiring = await invitedToken(t, superAdmin, c);
      t.clock.advance(6 * DAY);
      const pending = await invitedToken(t, superAdmin, d);
      t.clock.advance(DAY);

      const all = contract.expectAnswer(LIST, await superAdmin.get('/api/v1/admin/invites'), 200);
      const live = contract.expectAnswer(PENDING, await superAdmin.get('/api/v1/admin/invite/pending'), 200);

      expect(all.body.data.map((invite: { _id: string; status: string; isUsed: boolean }) => [invite._id, invite.status, invite.isUsed])).toEqual([
        [pending.id, 'Pending', false],
        [expiring.id, 'Expired', false],
        [accepted.id, 'Accepted', true],
      ]);
      expect(all.body.data[2].usedAt).toEqual(expect.any(String));
      expect(live.body.data.map((invite: { _id: string }) => invite._id)).toEqual([pending.id]);
    });
  });

  describe('e-mailing a link again', () => {
    it('e-mails the link the server builds for a live invitation of that address, never the URL it was given', async () => {
      const event = await clubEvent(t);
      const email = inviteeEmail();
      const generated = await superAdmin.post('/api/v1/admin/invite/generate').send({ email, club: 'Tech Club', eventId: event.id }).expect(201);
      const token = linkToken(generated.body.inviteUrl, 'admin-invite');
      const given = `${generated.body.inviteUrl}?next=https://phish.example/login#https://phish.example`;

      const response = contract.expectAnswer(SEND_EMAIL, await superAdmin.post('/api/v1/admin/invite/send-email').send({ email, inviteUrl: given }), 200);

      expect(response.body).toEqual({ success: true, message: 'Invitation e-mail sent' });
      const mails = await mailsTo(t.db, email);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain(linkFor(token));
      expect(`${mails[0].text}${mails[0].html}`).not.toContain('phish.example');
    });

    it('refuses a foreign host, another address’s token, an unknown, cancelled or malformed link, and e-mails nothing', async () => {
      const event = await clubEvent(t);
      const other = await clubEvent(t);
      const email = inviteeEmail();
      // Cancelled first: an address has one live invitation at a time.
      const cancelled = await invitedToken(t, superAdmin, await clubEvent(t), email);
      await superAdmin.delete(`/api/v1/admin/invite/${cancelled.id}`).expect(200);
      const { token } = await invitedToken(t, superAdmin, event, email);
      const theirs = await invitedToken(t, superAdmin, other);
      const sentBefore = (await mailsTo(t.db, email)).length;

      const refused = [
        `https://phish.example/admin/invite/${token}`,
        `${publicUrl.protocol}//${publicUrl.hostname}.phish.example:${publicUrl.port}/admin/invite/${token}`,
        linkFor(theirs.token),
        linkFor('A'.repeat(43)),
        linkFor(cancelled.token),
        new URL(`/invite/${token}`, publicUrl).toString(),
        'not a link at all',
      ];
      for (const inviteUrl of refused) {
        const response = contract.expectAnswer(SEND_EMAIL, await superAdmin.post('/api/v1/admin/invite/send-email').send({ email, inviteUrl }), 400);
        expect(response.body).toMatchObject({ message: 'This link was not issued for this address', errors: [{ field: 'inviteUrl' }] });
      }
      expect(await mailsTo(t.db, email)).toHaveLength(sentBefore);
      expect(await mailsTo(t.db, theirs.email)).toHaveLength(1);
    });
  });

  describe('cancelling', () => {
    it('cancels a pending invitation: its link stops working and the audit trail keeps it', async () => {
      const event = await clubEvent(t, { name: 'Robo Race' });
      const { token, id, email } = await invitedToken(t, superAdmin, event);

      const response = contract.expectAnswer(CANCEL, await superAdmin.delete(`/api/v1/admin/invite/${id}`), 200);

      expect(response.body).toEqual({ success: true, message: 'Invitation cancelled successfully' });
      expect((await inviteRow(id)).status).toBe('cancelled');
      expectError(await request(t.http).get(`/api/v1/admin/invite/${token}`), 404, 'Invalid or expired invitation link');
      expectError(await acceptInvite(t, token), 404, 'Invalid or expired invitation link');
      expect(await auditOf('invite.cancelled')).toEqual([expect.objectContaining({ subjectId: id, subjectLabel: `${email} → Robo Race`, club: 'Tech Club' })]);
      await sendInvite(superAdmin, event).expect(201);
    });

    it('answers 409 for an invitation no longer pending, 404 for an unknown one and 400 for a malformed id', async () => {
      const accepted = await invitedToken(t, superAdmin, await clubEvent(t));
      await acceptInvite(t, accepted.token).expect(201);
      const expired = await invitedToken(t, superAdmin, await clubEvent(t));
      await passTime(7 * DAY);

      expectError(
        contract.expectAnswer(CANCEL, await superAdmin.delete(`/api/v1/admin/invite/${accepted.id}`), 409),
        409,
        'Only a pending invitation can be cancelled',
      );
      expectError(await superAdmin.delete(`/api/v1/admin/invite/${expired.id}`), 409, 'Only a pending invitation can be cancelled');
      const unknown = await superAdmin.delete('/api/v1/admin/invite/00000000-0000-4000-8000-000000000000');
      expectError(contract.expectAnswer(CANCEL, unknown, 404), 404, 'Invitation not found');
      expectError(contract.expectAnswer(CANCEL, await superAdmin.delete('/api/v1/admin/invite/seven'), 400), 400, 'Invalid invitation id');
      expect((await inviteRow(accepted.id)).status).toBe('accepted');
    });
  });

  describe('the invitation link', () => {
    it('shows the event assignment: event, club and address', async () => {
      const event = await clubEvent(t, { name: 'Circuit Design', eventType: 'competition' });
      const { token, email } = await invitedToken(t, superAdmin, event);

      const response = contract.expectAnswer(DETAILS, await request(t.http).get(`/api/v1/admin/invite/${token}`), 200);

      expect(response.body).toEqual({
        success: true,
        data: { event: { _id: event.id, name: 'Circuit Design', event_type: 'competition' }, clubName: 'Tech Club', email, expiresAt: expect.any(String) },
      });
    });

    it('answers 404 for an unknown, malformed, used or expired link', async () => {
      const used = await invitedToken(t, superAdmin, await clubEvent(t));
      await acceptInvite(t, used.token).expect(201);
      const expiring = await invitedToken(t, superAdmin, await clubEvent(t));
      t.clock.advance(7 * DAY);

      for (const token of ['A'.repeat(43), 'short', used.token, expiring.token]) {
        expectError(contract.expectAnswer(DETAILS, await request(t.http).get(`/api/v1/admin/invite/${token}`), 404), 404, 'Invalid or expired invitation link');
      }
      expectError(contract.expectAnswer(ACCEPT, await acceptInvite(t, expiring.token), 404), 404, 'Invalid or expired invitation link');
    });
  });

  describe('accepting', () => {
    it('creates the club admin bound to the event, lists them in charge, uses the invitation, audits and signs them in', async () => {
      const event = await clubEvent(t, {
        name: 'Line Follower',
        staffInCharges: [{ adminId: null, name: 'Dr. Rao', email: 'rao@campus.ac.in', club: 'Tech Club' }],
      });
      const { token, id, email } = await invitedToken(t, superAdmin, event);
      const agent = request.agent(t.http);

      const response = contract.expectAnswer(ACCEPT, await agent.post(`/api/v1/admin/signup/${token}`).send(adminSignupForm({ name: '  Meera   Nair ' })), 201);

      expect(response.body).toMatchObject({
        success: true,
        message: 'Admin account created successfully!',
        user: {
          name: 'Meera Nair',
          email,
          role: 'admin',
          isAdmin: true,
          isSuperAdmin: false,
          isVerified: true,
          club: 'Tech Club',
          dept: 'Staff',
          year: '0',
          gender: 'Female',
        },
      });
      expect(sessionCookie(response)).toMatch(/HttpOnly/i);
      const loaded = await agent.get('/api/v1/user/load').expect(200);
      expect(loaded.body.user).toMatchObject({ email, role: 'admin' });
      const [account] = await t.db.select().from(users).where(eq(users.email, email));
      expect(account.assignedEventId).toBe(event.id);
      expect(await inviteRow(id)).toMatchObject({ status: 'accepted', acceptedBy: account.id });
      const [stored] = await t.db.select({ staff: events.staffInCharges }).from(events).where(eq(events.id, event.id));
      expect(stored.staff).toEqual([
        { adminId: null, name: 'Dr. Rao', email: 'rao@campus.ac.in', club: 'Tech Club' },
        { adminId: account.id, name: 'Meera Nair', email, club: 'Tech Club' },
      ]);
      expect(await auditOf('invite.accepted')).toEqual([expect.objectContaining({ actorId: account.id, actorEmail: email, subjectId: id, club: 'Tech Club' })]);
      await request(t.http).post('/api/v1/user/signin').send({ email, password: ADMIN_PASSWORD }).expect(200);
      expectError(await acceptInvite(t, token), 404, 'Invalid or expired invitation link');
      const status = await superAdmin.get('/api/v1/admin/events-with-admin-status').expect(200);
      expect(status.body.events[0].adminStatus).toEqual({ status: 'assigned', adminEmail: email, inviteEmail: null });
    });

    it('takes the older form’s department and club when they match', async () => {
      const { token } = await invitedToken(t, superAdmin, await clubEvent(t));

      const response = await acceptInvite(t, token, adminSignupForm({ dept: 'ECE', club: 'Tech Club' })).expect(201);

      expect(response.body.user).toMatchObject({ dept: 'ECE', year: '0', club: 'Tech Club' });
    });

    it.each([
      [{ name: 'M' }, 'name', 'Name must be at least 2 characters'],
      [{ name: undefined }, 'name', 'Name is required'],
      [{ password: undefined, confirmPassword: undefined }, 'password', 'Password is required'],
      [{ password: 'Short1a', confirmPassword: 'Short1a' }, 'password', 'Password must be at least 8 characters'],
      [
        { password: 'alllowercase1', confirmPassword: 'alllowercase1' },
        'password',
        'Password must contain a lowercase letter, an uppercase letter and a digit',
      ],
      [{ password: 'NoDigitsHere', confirmPassword: 'NoDigitsHere' }, 'password', 'Password must contain a lowercase letter, an uppercase letter and a digit'],
      [{ confirmPassword: 'Club2025Pass' }, 'confirmPassword', 'Passwords must match'],
      [{ gender: undefined }, 'gender', 'Gender is required'],
      [{ gender: 'Robot' }, 'gender', 'Gender is required'],
      [{ dept: 'Arts' }, 'dept', 'Please select a valid department'],
      [{ club: 'Music Club' }, 'club', 'This invitation is for Tech Club'],
    ])('refuses %j: %s says "%s", and the invitation stays pending', async (change, field, message) => {
      const { token, id } = await invitedToken(t, superAdmin, await clubEvent(t));

      const response = contract.expectAnswer(ACCEPT, await acceptInvite(t, token, adminSignupForm(change)), 400);

      expect(response.body).toMatchObject({ success: false, message, errors: [{ field, message }] });
      expect((await inviteRow(id)).status).toBe('pending');
    });

    it('accepts without a confirmation (the newer form may leave it out)', async () => {
      const { token } = await invitedToken(t, superAdmin, await clubEvent(t));

      await acceptInvite(t, token, adminSignupForm({ confirmPassword: undefined })).expect(201);
    });

    it('refuses when the address became an account meanwhile, and changes nothing', async () => {
      const event = await clubEvent(t);
      const { token, id, email } = await invitedToken(t, superAdmin, event);
      await createUser(t, { email });

      const response = contract.expectAnswer(ACCEPT, await acceptInvite(t, token), 409);

      expect(response.body).toMatchObject({ message: 'An account with this email already exists', errors: [{ field: 'email' }] });
      expect((await inviteRow(id)).status).toBe('pending');
      expect(await auditOf('invite.accepted')).toHaveLength(0);
      const [stored] = await t.db.select({ staff: events.staffInCharges }).from(events).where(eq(events.id, event.id));
      expect(stored.staff).toEqual([]);
    });

    it('cancels the address’s other live invitations (two sent at the same moment), freeing their events', async () => {
      const [accepted, other] = [await clubEvent(t), await clubEvent(t)];
      const { token, email } = await invitedToken(t, superAdmin, accepted);
      // What two sends racing for one address on two events can leave: each locked only its own event.
      const [first] = await t.db.select().from(adminInvites);
      await t.db.insert(adminInvites).values({ ...first, id: undefined, eventId: other.id, tokenHash: 'other-token-hash' });

      await acceptInvite(t, token).expect(201);

      const [left] = await t.db.select().from(adminInvites).where(eq(adminInvites.eventId, other.id));
      expect(left.status).toBe('cancelled');
      await sendInvite(superAdmin, other).expect(201);
      expect(email).toBe(first.email);
    });

    it('voids sign-ups still waiting for the address, so their link can never take it', async () => {
      const { token, email } = await invitedToken(t, superAdmin, await clubEvent(t));
      await request(t.http).post('/api/v1/user/signup').send(signUpForm({ email })).expect(201);
      const verifyToken = linkToken((await latestMail(t.db, email)).text, 'verify');

      await acceptInvite(t, token).expect(201);

      expectError(
        await request(t.http).post(`/api/v1/user/verify/${verifyToken}`).send({ password: 'Secret@123' }),
        400,
        'Invalid or expired verification link',
      );
    });
  });

  describe('the expiry job', () => {
    it('marks invitations expired after 7 days, once, with the product’s clock', async () => {
      const { id } = await invitedToken(t, superAdmin, await clubEvent(t));
      const jobs = t.app.get(AdminInvitesService);

      t.clock.advance(7 * DAY - 1000);
      expect(await jobs.expireDue()).toBe(0);
      expect((await inviteRow(id)).status).toBe('pending');
      await passTime(2000);
      expect(await jobs.expireDue()).toBe(1);
      expect(await jobs.expireDue()).toBe(0);

      expect(await inviteRow(id)).toMatchObject({ status: 'expired', closedAt: expect.any(Date) });
      const listed = await superAdmin.get('/api/v1/admin/invites').expect(200);
      expect(listed.body.data[0]).toMatchObject({ _id: id, status: 'Expired', isUsed: false });
    });
  });
});
