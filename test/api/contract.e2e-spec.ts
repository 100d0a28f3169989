import type { ResponseObject } from '@nestjs/swagger';
import request, { type Response } from 'supertest';
import { createUser, signedIn, signUpForm } from './support/accounts';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { createEvent } from './support/factories';
import { latestMail, linkToken } from './support/outbox';
import { afterResponses, useTestApp } from './support/test-app';

/** Inside the default festival's registration window (opens 14 Aug 2025, events close 28 Aug). */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('the API document describes the real answers', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION, rateLimits: { signInByIpAndAccount: { limit: 2, windowSeconds: 3600 } } });
  let contract: ApiContract;

  beforeAll(async () => {
    contract = await loadApiContract(t);
  });

  const student = () => createUser(t);
  const visitor = () => request(t.http);

  describe('the document itself', () => {
    it('gives every answer of every operation a schema (JSON, a CSV, calendar, PDF, ZIP or image download, an event stream, or the metrics as text), and every object schema is closed', () => {
      for (const { key, operation } of contract.operations()) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const content = (response as ResponseObject).content;
          const body = ['application/json', 'text/csv', 'text/calendar', 'application/pdf', 'application/zip', 'image/png', 'text/event-stream', 'text/plain']
            .map((mediaType) => content?.[mediaType])
            .find(Boolean);
          expect({ key, status, schema: body?.schema }).toEqual({
            key,
            status,
            schema: expect.any(Object),
          });
        }
      }
      for (const [name, schema] of Object.entries(contract.document.components!.schemas!)) {
        if ('properties' in schema) expect({ name, additionalProperties: schema.additionalProperties }).toEqual({ name, additionalProperties: false });
      }
    });

    it('names the security scheme the operations use, so Authorize sends the session cookie', () => {
      const schemes = contract.document.components!.securitySchemes!;
      expect(schemes).toEqual({ session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'fest_session' }) });
      for (const { operation } of contract.operations()) {
        for (const requirement of operation.security ?? []) for (const name of Object.keys(requirement)) expect(schemes).toHaveProperty(name);
      }
    });

    it('refuses an answer with a field the document does not name, or a status it does not list', async () => {
      const response = await visitor().get('/api/v1/festival').expect(200);
      expect(() => contract.expectAnswer('GET /api/v1/festival', { status: response.status, body: { ...response.body, extra: 1 } } as Response)).toThrow(
        /additional properties/,
      );
      expect(() => contract.expectAnswer('GET /api/v1/festival', { status: 404, body: response.body } as Response)).toThrow(/does not list/);
    });
  });

  describe('health and festival', () => {
    it('GET /health: up, and a malformed body is refused like on every route', async () => {
      contract.expectAnswer('GET /api/v1/health', await visitor().get('/api/v1/health'), 200);
      const malformed = await visitor().get('/api/v1/health').set('Content-Type', 'application/json').send('{"a":');
      contract.expectAnswer('GET /api/v1/health', malformed, 400);
    });

    it('GET /festival: the festival, and 413 for an oversized body', async () => {
      await createEvent(t.db);
      expect(contract.expectAnswer('GET /api/v1/festival', await visitor().get('/api/v1/festival'), 200).body.festival.eventCount).toBe(1);
      const huge = await visitor()
        .get('/api/v1/festival')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ text: 'x'.repeat(200_000) }));
      contract.expectAnswer('GET /api/v1/festival', huge, 413);
    });
  });

  describe('events', () => {
    it("GET /events: a visitor's list and a student's, with their own registration", async () => {
      const event = await createEvent(t.db);
      const user = await student();
      const agent = await signedIn(t, user);
      await agent.post('/api/v1/solo').send({ eventId: event.id, studentId: user.id }).expect(201);

      contract.expectAnswer('GET /api/v1/events', await visitor().get('/api/v1/events'), 200);
      const mine = contract.expectAnswer('GET /api/v1/events', await agent.get('/api/v1/events'), 200);
      expect(mine.body.events[0]).toMatchObject({ isRegistered: true, registrationStatus: 'approved' });
    });

    it('GET /events/{id}: the event, 400 for a malformed id, 404 for an unknown one', async () => {
      const event = await createEvent(t.db, { maxApplications: null });
      contract.expectAnswer('GET /api/v1/events/{id}', await visitor().get(`/api/v1/events/${event.id}`), 200);
      contract.expectAnswer('GET /api/v1/events/{id}', await visitor().get('/api/v1/events/not-an-id'), 400);
      contract.expectAnswer('GET /api/v1/events/{id}', await visitor().get(`/api/v1/events/${UNKNOWN_ID}`), 404);
    });
  });

  describe('users', () => {
    it('GET /users/search: classmates found, 400 without text, 401 for a visitor, 404 for an unknown event', async () => {
      await createUser(t, { name: 'Meera Krishnan' });
      const agent = await signedIn(t, await student());
      const found = contract.expectAnswer('GET /api/v1/users/search', await agent.get('/api/v1/users/search').query({ q: 'Meera' }), 200);
      expect(found.body.users).toHaveLength(1);
      contract.expectAnswer('GET /api/v1/users/search', await agent.get('/api/v1/users/search'), 400);
      contract.expectAnswer('GET /api/v1/users/search', await visitor().get('/api/v1/users/search').query({ q: 'Meera' }), 401);
      contract.expectAnswer('GET /api/v1/users/search', await agent.get('/api/v1/users/search').query({ q: 'Meera', eventId: UNKNOWN_ID }), 404);
    });

    it('GET /user/all: a page of accounts for the super admin, 400 past the page size cap, 403 for a student', async () => {
      const superAdmin = await signedIn(t, await createUser(t, { role: 'superadmin' }));
      await createUser(t, { role: 'admin', club: 'Tech Club' });
      contract.expectAnswer('GET /api/v1/user/all', await superAdmin.get('/api/v1/user/all'), 200);
      const second = contract.expectAnswer('GET /api/v1/user/all', await superAdmin.get('/api/v1/user/all').query({ page: 2, limit: 1 }), 200);
      expect(second.body).toMatchObject({ page: 2, limit: 1, total: 2 });
      expect(second.body.users).toHaveLength(1);
      contract.expectAnswer('GET /api/v1/user/all', await superAdmin.get('/api/v1/user/all').query({ limit: 101 }), 400);
      contract.expectAnswer('GET /api/v1/user/all', await (await signedIn(t, await student())).get('/api/v1/user/all'), 403);
    });
  });

  describe('accounts', () => {
    it('POST /user/signup and GET /user/verify/{token}: created and verified; 409 for a used link, 400 for a bad field or an unknown link', async () => {
      const form = signUpForm();
      const browser = request.agent(t.http);
      contract.expectAnswer('POST /api/v1/user/signup', await browser.post('/api/v1/user/signup').send(form), 201);
      contract.expectAnswer(
        'POST /api/v1/user/signup',
        await visitor()
          .post('/api/v1/user/signup')
          .send({ ...form, email: 'someone@gmail.com' }),
        400,
      );
      const token = linkToken((await latestMail(t.db, form.email)).text, 'verify');
      contract.expectAnswer('GET /api/v1/user/verify/{token}', await browser.get(`/api/v1/user/verify/${token}`), 200);
      contract.expectAnswer('GET /api/v1/user/verify/{token}', await visitor().get(`/api/v1/user/verify/${token}`), 409);
      contract.expectAnswer('GET /api/v1/user/verify/{token}', await visitor().get('/api/v1/user/verify/not-a-real-token'), 400);
    });

    it('GET and POST /user/verify/{token} in another browser: 403 asking for the password, then verified with it', async () => {
      const form = signUpForm();
      contract.expectAnswer('POST /api/v1/user/signup', await visitor().post('/api/v1/user/signup').send(form), 201);
      const token = linkToken((await latestMail(t.db, form.email)).text, 'verify');
      const asked = contract.expectAnswer('GET /api/v1/user/verify/{token}', await visitor().get(`/api/v1/user/verify/${token}`), 403);
      expect(asked.body.passwordRequired).toBe(true);
      contract.expectAnswer('POST /api/v1/user/verify/{token}', await visitor().post(`/api/v1/user/verify/${token}`).send({ password: 'Wrong@123' }), 400);
      contract.expectAnswer('POST /api/v1/user/verify/{token}', await visitor().post(`/api/v1/user/verify/${token}`).send({ password: form.password }), 200);
    });

    it('POST /user/verify/resend: the same answer whether or not a sign-up waits; 400 for a bad e-mail', async () => {
      contract.expectAnswer(
        'POST /api/v1/user/verify/resend',
        await visitor().post('/api/v1/user/verify/resend').send({ email: 'nobody.24cse@campus.ac.in' }),
        200,
      );
      contract.expectAnswer('POST /api/v1/user/verify/resend', await visitor().post('/api/v1/user/verify/resend').send({ email: 'nobody@gmail.com' }), 400);
    });

    it('POST /user/signin: signed in with the user; 401 for a wrong password, 429 after too many', async () => {
      const user = await student();
      const signIn = (password: string) => visitor().post('/api/v1/user/signin').send({ email: user.email, password });
      expect(contract.expectAnswer('POST /api/v1/user/signin', await signIn('Secret@123'), 200).headers['set-cookie']).toBeDefined();
      contract.expectAnswer('POST /api/v1/user/signin', await signIn('Wrong@123'), 401);
      contract.expectAnswer('POST /api/v1/user/signin', await signIn('Wrong@123'), 429);
    });

    it('GET /user/load and /user/signout: the user, then signed out; 401 and 403 from another site', async () => {
      const agent = await signedIn(t, await student());
      contract.expectAnswer('GET /api/v1/user/load', await agent.get('/api/v1/user/load'), 200);
      contract.expectAnswer('GET /api/v1/user/signout', await agent.get('/api/v1/user/signout').set('Origin', 'https://evil.example'), 403);
      contract.expectAnswer('GET /api/v1/user/signout', await agent.get('/api/v1/user/signout'), 200);
      contract.expectAnswer('GET /api/v1/user/load', await agent.get('/api/v1/user/load'), 401);
    });

    it('POST /user/password/forgot and /reset/{token}: link sent and password set; 400 for a bad e-mail or link', async () => {
      const user = await student();
      contract.expectAnswer('POST /api/v1/user/password/forgot', await visitor().post('/api/v1/user/password/forgot').send({ email: user.email }), 200);
      contract.expectAnswer('POST /api/v1/user/password/forgot', await visitor().post('/api/v1/user/password/forgot').send({ email: 'x' }), 400);
      await afterResponses(t);
      const token = linkToken((await latestMail(t.db, user.email)).text, 'reset-password');
      const reset = (value: string) => visitor().post(`/api/v1/user/password/reset/${value}`).send({ password: 'Another@123' });
      contract.expectAnswer('POST /api/v1/user/password/reset/{token}', await reset(token), 200);
      contract.expectAnswer('POST /api/v1/user/password/reset/{token}', await reset(token), 400);
    });

    it('PUT /user/password/change: changed; 400 for a wrong current password, 401 for a visitor', async () => {
      const agent = await signedIn(t, await student());
      const change = (currentPassword: string) => ({ currentPassword, newPassword: 'Another@123' });
      contract.expectAnswer('PUT /api/v1/user/password/change', await agent.put('/api/v1/user/password/change').send(change('Wrong@123')), 400);
      contract.expectAnswer('PUT /api/v1/user/password/change', await agent.put('/api/v1/user/password/change').send(change('Secret@123')), 200);
      contract.expectAnswer('PUT /api/v1/user/password/change', await visitor().put('/api/v1/user/password/change').send(change('Secret@123')), 401);
    });
  });

  describe('registrations', () => {
    it('POST /solo: registered; 409 twice, 403 for an admin, 404 for an unknown event, 400 for a team event', async () => {
      const event = await createEvent(t.db);
      const user = await student();
      const agent = await signedIn(t, user);
      const register = (client: typeof agent, eventId: string, studentId: string) => client.post('/api/v1/solo').send({ eventId, studentId });
      contract.expectAnswer('POST /api/v1/solo', await register(agent, event.id, user.id), 201);
      contract.expectAnswer('POST /api/v1/solo', await register(agent, event.id, user.id), 409);
      const admin = await createUser(t, { role: 'admin', club: 'Tech Club' });
      contract.expectAnswer('POST /api/v1/solo', await register(await signedIn(t, admin), event.id, admin.id), 403);
      contract.expectAnswer('POST /api/v1/solo', await register(agent, UNKNOWN_ID, user.id), 404);
      const teamEvent = await createEvent(t.db, { eventType: 'group', minTeamSize: 2, maxTeamSize: 4 });
      contract.expectAnswer('POST /api/v1/solo', await register(agent, teamEvent.id, user.id), 400);
    });

    it("GET /user/registrations: the student's registrations; 401 for a visitor", async () => {
      const event = await createEvent(t.db);
      const user = await student();
      const agent = await signedIn(t, user);
      await agent.post('/api/v1/solo').send({ eventId: event.id, studentId: user.id }).expect(201);
      const mine = contract.expectAnswer('GET /api/v1/user/registrations', await agent.get('/api/v1/user/registrations'), 200);
      expect(mine.body.registrations).toHaveLength(1);
      contract.expectAnswer('GET /api/v1/user/registrations', await visitor().get('/api/v1/user/registrations'), 401);
    });
  });
});
