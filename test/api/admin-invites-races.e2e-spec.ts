import { eq } from 'drizzle-orm';
import type TestAgent from 'supertest/lib/agent';
import { AdminInvitesService } from '../../backend/src/admin/admin-invites.service';
import { adminInvites } from '../../backend/src/database/schema/admin-invites';
import { auditLog } from '../../backend/src/database/schema/audit';
import { events } from '../../backend/src/database/schema/events';
import { users } from '../../backend/src/database/schema/users';
import { acceptInvite, adminSignupForm, clubEvent, invitedToken, inviteeEmail, sendInvite, superAdminAgent } from './support/admin-invites';
import { useTestApp } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;

/** Requests fired at the same moment, each racing the others; their exact outcome is asserted. */
describe('club admin invitations under concurrency', () => {
  const t = useTestApp();
  let superAdmin: TestAgent;

  beforeEach(async () => {
    superAdmin = await superAdminAgent(t);
  });

  const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();
  const accountsOf = (email: string) => t.db.select().from(users).where(eq(users.email, email));
  const invitesOf = (eventId: string) => t.db.select().from(adminInvites).where(eq(adminInvites.eventId, eventId));

  it('one invitation accepted twice at once creates one account; the other finds the link used', async () => {
    const event = await clubEvent(t);
    const { token, email } = await invitedToken(t, superAdmin, event);

    const responses = await Promise.all([acceptInvite(t, token), acceptInvite(t, token, adminSignupForm({ name: 'Someone Else' }))]);

    expect(statuses(responses)).toEqual([201, 404]);
    expect(responses.find((r) => r.status === 404)!.body.message).toBe('Invalid or expired invitation link');
    expect(await accountsOf(email)).toHaveLength(1);
    const [stored] = await t.db.select({ staff: events.staffInCharges }).from(events).where(eq(events.id, event.id));
    expect(stored.staff).toHaveLength(1);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'invite.accepted'))).toHaveLength(1);
  });

  it('two invitations for one event sent at once leave one pending', async () => {
    const event = await clubEvent(t);

    const responses = await Promise.all([sendInvite(superAdmin, event), sendInvite(superAdmin, event), sendInvite(superAdmin, event)]);

    expect(statuses(responses)).toEqual([201, 409, 409]);
    for (const refused of responses.filter((r) => r.status === 409)) expect(refused.body.message).toBe('This event already has an admin assigned');
    expect((await invitesOf(event.id)).map((invite) => invite.status)).toEqual(['pending']);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'invite.sent'))).toHaveLength(1);
  });

  it('an accept racing a cancel: exactly one wins, and what is stored agrees with the winner', async () => {
    const races = await Promise.all(Array.from({ length: 4 }, async () => invitedToken(t, superAdmin, await clubEvent(t))));

    const outcomes = await Promise.all(
      races.map(async ({ token, id }) => {
        const [accepted, cancelled] = await Promise.all([acceptInvite(t, token), superAdmin.delete(`/api/v1/admin/invite/${id}`)]);
        return [accepted.status, cancelled.status];
      }),
    );

    for (const [i, outcome] of outcomes.entries()) {
      expect([
        [201, 409],
        [404, 200],
      ]).toContainEqual(outcome);
      const [invite] = await t.db.select().from(adminInvites).where(eq(adminInvites.id, races[i].id));
      const accounts = await accountsOf(races[i].email);
      expect({ status: invite.status, accounts: accounts.length }).toEqual(
        outcome[0] === 201 ? { status: 'accepted', accounts: 1 } : { status: 'cancelled', accounts: 0 },
      );
    }
  });

  it('a cancel racing a new invitation for the same event never leaves two pending', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const event = await clubEvent(t);
        return { event, invite: await invitedToken(t, superAdmin, event) };
      }),
    );

    const outcomes = await Promise.all(
      pairs.map(async ({ event, invite }) => {
        const [cancelled, sent] = await Promise.all([superAdmin.delete(`/api/v1/admin/invite/${invite.id}`), sendInvite(superAdmin, event)]);
        return { event, cancelled: cancelled.status, sent: sent.status };
      }),
    );

    for (const { event, cancelled, sent } of outcomes) {
      expect(cancelled).toBe(200);
      expect([201, 409]).toContain(sent);
      const pending = (await invitesOf(event.id)).filter((invite) => invite.status === 'pending');
      expect(pending).toHaveLength(sent === 201 ? 1 : 0);
    }
  });

  it('the expiry job racing accepts: a due invitation is never accepted, a live one is never expired', async () => {
    const invite = async () => invitedToken(t, superAdmin, await clubEvent(t));
    const due = [await invite(), await invite()];
    t.clock.advance(3 * DAY);
    const live = [await invite(), await invite()];
    t.clock.advance(4 * DAY + 1000);
    const jobs = t.app.get(AdminInvitesService);

    const [expiredByJob, ...responses] = await Promise.all([jobs.expireDue(), ...[...due, ...live].map(({ token }) => acceptInvite(t, token))]);

    expect(responses.map((r) => r.status)).toEqual([404, 404, 201, 201]);
    expect(expiredByJob).toBeLessThanOrEqual(2);
    await jobs.expireDue();
    const statusOf = async ({ id }: { id: string }) => (await t.db.select().from(adminInvites).where(eq(adminInvites.id, id)))[0].status;
    expect(await Promise.all([...due, ...live].map(statusOf))).toEqual(['expired', 'expired', 'accepted', 'accepted']);
    const accounts = await Promise.all([...due, ...live].map(({ email }) => accountsOf(email)));
    expect(accounts.map((found) => found.length)).toEqual([0, 0, 1, 1]);
  });

  it('two expiry jobs at once expire each invitation once', async () => {
    await Promise.all(Array.from({ length: 3 }, async () => invitedToken(t, superAdmin, await clubEvent(t), inviteeEmail())));
    t.clock.advance(7 * DAY);
    const jobs = t.app.get(AdminInvitesService);

    const [first, second] = await Promise.all([jobs.expireDue(), jobs.expireDue()]);

    expect(first + second).toBe(3);
    expect((await t.db.select().from(adminInvites)).every((row) => row.status === 'expired')).toBe(true);
  });
});
