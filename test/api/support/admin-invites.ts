import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { EventRow } from '../../../backend/src/database/schema/events';
import { createUser, signedIn } from './accounts';
import { createEvent } from './factories';
import { latestMail, linkToken } from './outbox';
import type { TestApp } from './test-app';

/** A password the club admin's rule accepts (8+, lower, upper, digit). */
export const ADMIN_PASSWORD = 'Club2025pass';

let sequence = 0;

/** A fresh address at the institution's domain that no account holds. */
export function inviteeEmail(): string {
  sequence += 1;
  return `invitee${sequence}.${Date.now()}@campus.ac.in`;
}

/** The super admin, signed in. */
export async function superAdminAgent(t: TestApp): Promise<TestAgent> {
  return signedIn(t, await createUser(t, { role: 'superadmin', name: 'Festival Super Admin', dept: 'Staff', year: '0' }));
}

export const clubEvent = (t: TestApp, overrides: Parameters<typeof createEvent>[1] = {}): Promise<EventRow> =>
  createEvent(t.db, { clubInCharge: 'Tech Club', ...overrides });

/** POST /admin/invite for the event, to a fresh address unless one is given. */
export function sendInvite(agent: TestAgent, event: EventRow, email = inviteeEmail()) {
  return agent.post('/api/v1/admin/invite').send({ email, club: event.clubInCharge, eventId: event.id });
}

/** Invites someone to run the event and answers the token of the e-mailed link. */
export async function invitedToken(
  t: TestApp,
  agent: TestAgent,
  event: EventRow,
  email = inviteeEmail(),
): Promise<{ token: string; email: string; id: string }> {
  const response = await sendInvite(agent, event, email);
  if (response.status !== 201) throw new Error(`invitation failed: ${response.status} ${JSON.stringify(response.body)}`);
  const mail = await latestMail(t.db, email);
  return { token: linkToken(mail.text, 'admin-invite'), email, id: response.body.invite._id };
}

/** A valid account form for an invitation; `overrides` change what a test is about. */
export function adminSignupForm(overrides: Record<string, unknown> = {}) {
  return { name: 'Meera Nair', password: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD, gender: 'Female', ...overrides };
}

export function acceptInvite(t: TestApp, token: string, form: Record<string, unknown> = adminSignupForm()) {
  return request(t.http).post(`/api/v1/admin/signup/${token}`).send(form);
}
