import { eq } from 'drizzle-orm';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { AdminUsersService } from '../../backend/src/admin/admin-users.service';
import { auditLog } from '../../backend/src/database/schema/audit';
import { eventSeats } from '../../backend/src/database/schema/events';
import { registrations } from '../../backend/src/database/schema/registrations';
import { teams } from '../../backend/src/database/schema/teams';
import { type NewUserRow, type UserRow, users } from '../../backend/src/database/schema/users';
import { RegistrationsService } from '../../backend/src/registrations/registrations.service';
import { TeamFormingService } from '../../backend/src/teams/team-forming.service';
import { createUser, signedIn } from './support/accounts';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { useTestApp } from './support/test-app';

/** Inside the default festival's registration window, so a student can register and form teams. */
const DURING_REGISTRATION = new Date('2025-08-20T10:00:00+05:30');
const NOBODY = '00000000-0000-4000-8000-000000000000';

const LIST = 'GET /api/v1/admin/users';
const BY_CLUB = 'GET /api/v1/admin/users/admins-by-club';
const STAFF = 'GET /api/v1/admin/users/all-admins';
const ROLE = 'PUT /api/v1/admin/users/{id}/role';

describe('users and roles (super admin)', () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  let contract: ApiContract;
  let chief: UserRow;
  let asChief: TestAgent;

  beforeAll(async () => {
    contract = await loadApiContract(t);
  });
  beforeEach(async () => {
    chief = await createUser(t, { role: 'superadmin', name: 'Chief Organiser', dept: 'Staff', year: '0' });
    asChief = await signedIn(t, chief);
  });

  const account = (overrides: Partial<NewUserRow> = {}) => createUser(t, overrides);
  const clubAdmin = (club: string, overrides: Partial<NewUserRow> = {}) => createUser(t, { role: 'admin', club, dept: 'Staff', year: '0', ...overrides });
  const changeRole = (agent: TestAgent, id: string, body: object) => agent.put(`/api/v1/admin/users/${id}/role`).send(body);
  const stored = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const auditOf = (id: string) => t.db.select().from(auditLog).where(eq(auditLog.subjectId, id));

  describe('GET /admin/users', () => {
    it('pages through every account, oldest first, with the page, limit and total', async () => {
      for (let i = 0; i < 4; i += 1) await account({ name: `Listed ${i}` });

      const first = contract.expectAnswer(LIST, await asChief.get('/api/v1/admin/users').query({ page: 1, limit: 2 }), 200);
      const second = contract.expectAnswer(LIST, await asChief.get('/api/v1/admin/users').query({ page: 3, limit: 2 }), 200);

      expect(first.body).toMatchObject({ success: true, page: 1, limit: 2, total: 5 });
      expect(first.body.users.map((u: { name: string }) => u.name)).toEqual(['Chief Organiser', 'Listed 0']);
      expect(second.body.users.map((u: { name: string }) => u.name)).toEqual(['Listed 3']);
    });

    it('finds part of a name or an e-mail whatever its case, and filters by role', async () => {
      await account({ name: 'Lakshmi Narayanan', email: 'lakshmi.n@campus.ac.in' });
      await account({ name: 'Rohan Thomas', email: 'rohan.t@campus.ac.in' });
      const admin = await clubAdmin('Drama Club', { name: 'Lata Admin' });

      const byName = await asChief.get('/api/v1/admin/users').query({ search: '  NARAYAN ' }).expect(200);
      const byEmail = await asChief.get('/api/v1/admin/users').query({ search: 'Rohan.T@' }).expect(200);
      const admins = await asChief.get('/api/v1/admin/users').query({ search: 'la', role: 'admin' }).expect(200);
      const wildcard = await asChief.get('/api/v1/admin/users').query({ search: '%' }).expect(200);

      expect(byName.body.users.map((u: { name: string }) => u.name)).toEqual(['Lakshmi Narayanan']);
      expect(byEmail.body.users.map((u: { name: string }) => u.name)).toEqual(['Rohan Thomas']);
      expect(admins.body).toMatchObject({ total: 1, users: [{ _id: admin.id, role: 'admin', club: 'Drama Club', isAdmin: true }] });
      expect(wildcard.body).toMatchObject({ total: 0, users: [] });
    });

    it('finds a student by part of their roll number, whatever its case', async () => {
      const student = await account({ name: 'Divya Suresh', rollNumber: '23CSE042' });
      await account({ name: 'Other Student', rollNumber: '22MECH042' });

      const response = contract.expectAnswer(LIST, await asChief.get('/api/v1/admin/users').query({ search: '23cse04' }), 200);

      expect(response.body).toMatchObject({ total: 1, users: [{ _id: student.id, name: 'Divya Suresh', rollNumber: '23CSE042' }] });
    });

    it("names a club admin's event, and never shows password material", async () => {
      const event = await createEvent(t.db, { name: 'Mime Night', clubInCharge: 'Drama Club' });
      const admin = await clubAdmin('Drama Club', { assignedEventId: event.id });

      const response = contract.expectAnswer(LIST, await asChief.get('/api/v1/admin/users').query({ role: 'admin' }), 200);

      expect(response.body.users).toEqual([expect.objectContaining({ _id: admin.id, assignedEvent: { _id: event.id, name: 'Mime Night' } })]);
      expect(JSON.stringify(response.body)).not.toMatch(/password/i);
    });

    it('refuses a role that does not exist and a page out of bounds, with the field named', async () => {
      const role = contract.expectAnswer(LIST, await asChief.get('/api/v1/admin/users').query({ role: 'chief' }));
      const limit = await asChief.get('/api/v1/admin/users').query({ limit: 101 });
      const long = await asChief.get('/api/v1/admin/users').query({ search: 'x'.repeat(101) });

      expectError(role, 400, 'Please select a valid role');
      expect(role.body.errors).toEqual([{ field: 'role', message: 'Please select a valid role' }]);
      expectError(limit, 400, 'Limit must be at most 100');
      expectError(long, 400, 'Search text must be at most 100 characters');
    });
  });

  describe('GET /admin/users/admins-by-club', () => {
    it("lists each club's admins, clubs A to Z and admins by name, with their event; no super admin, no admin without a club", async () => {
      const event = await createEvent(t.db, { name: 'Quiz Mania', clubInCharge: 'Blue Sky Forum' });
      const zara = await clubAdmin('Tech Club', { name: 'Zara Khan' });
      const anil = await clubAdmin('Tech Club', { name: 'Anil Kumar' });
      const nandini = await clubAdmin('Blue Sky Forum', { name: 'Nandini Suresh', assignedEventId: event.id });
      await clubAdmin('Tech Club', { name: 'Clubless Admin', club: null });
      await account();

      const response = contract.expectAnswer(BY_CLUB, await asChief.get('/api/v1/admin/users/admins-by-club'), 200);

      expect(response.body.adminsByClub).toEqual([
        {
          _id: 'Blue Sky Forum',
          count: 1,
          admins: [
            {
              _id: nandini.id,
              name: 'Nandini Suresh',
              email: nandini.email,
              dept: 'Staff',
              year: '0',
              createdAt: nandini.createdAt.toISOString(),
              assignedEvent: { _id: event.id, name: 'Quiz Mania' },
            },
          ],
        },
        { _id: 'Tech Club', count: 2, admins: [expect.objectContaining({ _id: anil.id, assignedEvent: null }), expect.objectContaining({ _id: zara.id })] },
      ]);
    });

    it('answers an empty list when no club has an admin', async () => {
      const response = contract.expectAnswer(BY_CLUB, await asChief.get('/api/v1/admin/users/admins-by-club'), 200);
      expect(response.body).toEqual({ success: true, adminsByClub: [] });
    });
  });

  describe('GET /admin/users/all-admins', () => {
    it('finds club admins and super admins by name or e-mail for a club admin too, by name, never students', async () => {
      const asked = await clubAdmin('Tech Club', { name: 'Asking Admin' });
      const latha = await clubAdmin('Blue Sky Forum', { name: 'Dr. M. Latha', email: 'latha.m@campus.ac.in' });
      await account({ name: 'Latha Student' });

      const byName = contract.expectAnswer(STAFF, await (await signedIn(t, asked)).get('/api/v1/admin/users/all-admins').query({ search: 'LATHA' }), 200);
      const byEmail = await asChief.get('/api/v1/admin/users/all-admins').query({ search: 'latha.m@' }).expect(200);
      const everyone = await asChief.get('/api/v1/admin/users/all-admins').expect(200);

      expect(byName.body.admins).toEqual([{ _id: latha.id, name: 'Dr. M. Latha', email: latha.email, club: 'Blue Sky Forum', dept: 'Staff' }]);
      expect(byEmail.body.admins.map((a: { _id: string }) => a._id)).toEqual([latha.id]);
      expect(everyone.body.admins.map((a: { name: string }) => a.name)).toEqual(['Asking Admin', 'Chief Organiser', 'Dr. M. Latha']);
    });

    it('answers at most 20', async () => {
      for (let i = 10; i < 35; i += 1) await clubAdmin('Music Club', { name: `Music Staff ${i}` });

      const response = await asChief.get('/api/v1/admin/users/all-admins').query({ search: 'music staff' }).expect(200);

      expect(response.body.admins).toHaveLength(20);
      expect(response.body.admins[0].name).toBe('Music Staff 10');
    });

    it('is closed to students', async () => {
      const student = await signedIn(t, await account());
      expectError(await student.get('/api/v1/admin/users/all-admins'), 403, "You don't have permission to access this page. Admin access is required.");
    });
  });

  describe('PUT /admin/users/:id/role', () => {
    it('makes a student a club admin of a club, records it, and ends their sessions', async () => {
      const student = await account({ name: 'Priya Raman' });
      const asStudent = await signedIn(t, student);

      const response = contract.expectAnswer(ROLE, await changeRole(asChief, student.id, { role: 'admin', club: 'Photography Club' }), 200);

      expect(response.body).toMatchObject({
        success: true,
        message: 'Role updated',
        user: { _id: student.id, role: 'admin', isAdmin: true, isSuperAdmin: false, club: 'Photography Club', assignedEvent: null },
      });
      expect(await stored(student.id)).toMatchObject({ role: 'admin', club: 'Photography Club' });
      expectError(await asStudent.get('/api/v1/user/load'), 401, 'Please sign in to continue.');
      const [entry] = await auditOf(student.id);
      expect(entry).toMatchObject({
        action: 'user.role_changed',
        actorId: chief.id,
        actorEmail: chief.email,
        club: 'Photography Club',
        subjectType: 'user',
        subjectLabel: `Priya Raman (${student.email})`,
        changes: { role: { from: 'student', to: 'admin' }, club: { from: null, to: 'Photography Club' } },
      });
      // Signed in again, they are an admin now.
      const again = await signedIn(t, student);
      expect((await again.get('/api/v1/user/load').expect(200)).body.user).toMatchObject({ role: 'admin', club: 'Photography Club' });
    });

    it('clears the club and the assigned event when an admin leaves the admin role', async () => {
      const event = await createEvent(t.db, { name: 'Paper Presentation', clubInCharge: 'Blue Sky Forum' });
      const admin = await clubAdmin('Blue Sky Forum', { assignedEventId: event.id });

      const response = contract.expectAnswer(ROLE, await changeRole(asChief, admin.id, { role: 'student', club: 'Blue Sky Forum' }), 200);

      expect(response.body.user).toMatchObject({ role: 'student', club: null, assignedEvent: null, isAdmin: false });
      expect(await stored(admin.id)).toMatchObject({ role: 'student', club: null, assignedEventId: null });
      const [entry] = await auditOf(admin.id);
      expect(entry.club).toBe('Blue Sky Forum');
      expect(entry.changes).toEqual({
        role: { from: 'admin', to: 'student' },
        club: { from: 'Blue Sky Forum', to: null },
        assignedEventId: { from: event.id, to: null },
      });
    });

    it("takes an admin moved to another club off their old club's event, and keeps it when the club stays", async () => {
      const event = await createEvent(t.db, { clubInCharge: 'Dance Club' });
      const stays = await clubAdmin('Dance Club', { assignedEventId: event.id });
      const sessionKept = await signedIn(t, stays);

      const same = contract.expectAnswer(ROLE, await changeRole(asChief, stays.id, { role: 'admin', club: 'Dance Club' }), 200);
      expect(same.body.user).toMatchObject({ club: 'Dance Club', assignedEvent: { _id: event.id } });
      // Nothing changed: no record, and their session goes on.
      expect(await auditOf(stays.id)).toEqual([]);
      await sessionKept.get('/api/v1/user/load').expect(200);

      await changeRole(asChief, stays.id, { role: 'admin', club: 'Music Club' }).expect(200);
      expect(await stored(stays.id)).toMatchObject({ role: 'admin', club: 'Music Club', assignedEventId: null });
      await sessionKept.get('/api/v1/user/load').expect(401);
    });

    it('makes an admin a super admin without a club, and a super admin a club admin while another remains', async () => {
      const admin = await clubAdmin('Sports Club');
      const promoted = contract.expectAnswer(ROLE, await changeRole(asChief, admin.id, { role: 'superadmin' }), 200);
      expect(promoted.body.user).toMatchObject({ role: 'superadmin', isSuperAdmin: true, club: null });

      const demoted = await changeRole(asChief, chief.id, { role: 'admin', club: 'Literary Club' }).expect(200);
      expect(demoted.body.user).toMatchObject({ role: 'admin', club: 'Literary Club' });
      // Their own sessions ended with the change, this one included.
      await asChief.get('/api/v1/user/load').expect(401);
    });

    it('makes a student a super admin, and moves every change into the audit trail the super admin reads', async () => {
      const student = await account({ name: 'Nila Prasad' });
      const admin = await clubAdmin('Tech Club', { name: 'Tamil Selvan' });

      // A minute apart, so the trail's newest-first order is theirs.
      const promoted = contract.expectAnswer(ROLE, await changeRole(asChief, student.id, { role: 'superadmin', club: 'Tech Club' }), 200);
      t.clock.advance(60_000);
      await changeRole(asChief, admin.id, { role: 'admin', club: 'Music Club' }).expect(200);
      t.clock.advance(60_000);
      await changeRole(asChief, admin.id, { role: 'student' }).expect(200);

      // A club sent with another role is ignored: only club admins have one.
      expect(promoted.body.user).toMatchObject({ role: 'superadmin', isSuperAdmin: true, isAdmin: true, club: null });
      const trail = await asChief.get('/api/v1/admin/audit').query({ actorId: chief.id }).expect(200);
      expect(trail.body.entries.map((entry: { action: string; club: string | null; subject: { label: string }; changes: object }) => entry)).toEqual([
        expect.objectContaining({
          action: 'user.role_changed',
          club: 'Music Club',
          subject: expect.objectContaining({ type: 'user', id: admin.id, label: `Tamil Selvan (${admin.email})` }),
          changes: { role: { from: 'admin', to: 'student' }, club: { from: 'Music Club', to: null } },
        }),
        expect.objectContaining({ action: 'user.role_changed', club: 'Music Club', changes: { club: { from: 'Tech Club', to: 'Music Club' } } }),
        expect.objectContaining({
          action: 'user.role_changed',
          club: null,
          subject: expect.objectContaining({ id: student.id, label: `Nila Prasad (${student.email})` }),
          changes: { role: { from: 'student', to: 'superadmin' } },
        }),
      ]);
    });

    it('never changes the last super admin', async () => {
      const response = contract.expectAnswer(ROLE, await changeRole(asChief, chief.id, { role: 'student' }));

      expectError(response, 409, 'The last super admin cannot be changed: make someone else a super admin first');
      expect(await stored(chief.id)).toMatchObject({ role: 'superadmin' });
      expect(await auditOf(chief.id)).toEqual([]);
      await asChief.get('/api/v1/user/load').expect(200);
    });

    it('leaves one super admin when two demote each other at once', async () => {
      const other = await createUser(t, { role: 'superadmin', name: 'Second Organiser' });
      const asOther = await signedIn(t, other);

      const answers = await Promise.all([changeRole(asChief, other.id, { role: 'student' }), changeRole(asOther, chief.id, { role: 'student' })]);

      // The loser was demoted first: refused under the lock (403), or, had the winner committed before its request was read, signed out (401).
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect([401, 403]).toContain(answers.find((answer) => answer.status !== 200)?.status);
      expect(await t.db.$count(users, eq(users.role, 'superadmin'))).toBe(1);
      expect(await t.db.$count(auditLog)).toBe(1);
    });

    it('decides two super admins demoting each other inside the transaction, whoever passed the access check', async () => {
      const service = t.app.get(AdminUsersService);
      for (let round = 0; round < 5; round += 1) {
        const [first, second] = await Promise.all([createUser(t, { role: 'superadmin' }), createUser(t, { role: 'superadmin' })]);
        await t.db.update(users).set({ role: 'student' }).where(eq(users.id, chief.id));

        // Both were super admins when their requests were let through.
        const outcomes = await Promise.allSettled([
          service.changeRole({ ...first, sessionId: NOBODY }, second.id, { role: 'student' }),
          service.changeRole({ ...second, sessionId: NOBODY }, first.id, { role: 'student' }),
        ]);

        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const refused = outcomes.find((outcome) => outcome.status === 'rejected');
        expect(refused?.reason).toMatchObject({ status: 403, message: "You don't have permission to access this page. Super admin access is required." });
        expect(await t.db.$count(users, eq(users.role, 'superadmin'))).toBe(1);
        await t.db.update(users).set({ role: 'student' }).where(eq(users.role, 'superadmin'));
        await t.db.update(users).set({ role: 'superadmin' }).where(eq(users.id, chief.id));
      }
    });

    it('refuses to make a student with a registration or a team staff', async () => {
      const solo = await createEvent(t.db, { name: 'Code Sprint' });
      const group = await createEvent(t.db, { name: 'Debate', eventType: 'group', minTeamSize: 2, maxTeamSize: 2 });
      const registered = await account();
      const leader = await account();
      await (await signedIn(t, registered)).post('/api/v1/solo').send({ eventId: solo.id, studentId: registered.id }).expect(201);
      await (await signedIn(t, leader)).post('/api/v1/teams/create').send({ eventId: group.id, teamName: 'Two of Us' }).expect(201);

      const asAdmin = contract.expectAnswer(ROLE, await changeRole(asChief, registered.id, { role: 'admin', club: 'Tech Club' }));
      const asSuperAdmin = await changeRole(asChief, leader.id, { role: 'superadmin' });

      expectError(asAdmin, 409, 'This student has registrations or teams, so cannot become staff');
      expectError(asSuperAdmin, 409, 'This student has registrations or teams, so cannot become staff');
      expect(await stored(registered.id)).toMatchObject({ role: 'student', club: null });
      expect(await stored(leader.id)).toMatchObject({ role: 'student' });
    });

    it('asks for a club for the admin role, and for a role that exists', async () => {
      const student = await account();

      const noClub = contract.expectAnswer(ROLE, await changeRole(asChief, student.id, { role: 'admin' }));
      const unknownClub = await changeRole(asChief, student.id, { role: 'admin', club: 'Chess Club' });
      const noRole = await changeRole(asChief, student.id, {});
      const unknownRole = await changeRole(asChief, student.id, { role: 'owner' });

      expectError(noClub, 400, 'Please select a club');
      expect(noClub.body.errors).toEqual([{ field: 'club', message: 'Please select a club' }]);
      expectError(unknownClub, 400, 'Please select a club');
      expectError(noRole, 400, 'Role is required');
      expectError(unknownRole, 400, 'Please select a valid role');
      expect(await stored(student.id)).toMatchObject({ role: 'student' });
    });

    it('answers 404 for an unknown account and 400 for an id that is not one', async () => {
      expectError(contract.expectAnswer(ROLE, await changeRole(asChief, NOBODY, { role: 'student' })), 404, 'User not found');
      expectError(await changeRole(asChief, 'not-an-id', { role: 'student' }), 400, 'Invalid user id');
    });

    it('is for the super admin only', async () => {
      const admin = await clubAdmin('Tech Club');
      const student = await account();

      expectError(await changeRole(await signedIn(t, admin), student.id, { role: 'admin', club: 'Tech Club' }), 403, /Super admin access is required/);
      expectError(await request(t.http).put(`/api/v1/admin/users/${student.id}/role`).send({ role: 'superadmin' }), 401, /sign in/);
      expect(await stored(student.id)).toMatchObject({ role: 'student' });
    });
  });

  describe('a promotion racing a registration', () => {
    it('refuses in the database a registration or a team of an account that became staff after its request was let in', async () => {
      const solo = await createEvent(t.db);
      const group = await createEvent(t.db, { eventType: 'group', minTeamSize: 2, maxTeamSize: 3 });
      const student = await account();
      const asLetIn = { ...student, sessionId: NOBODY };
      await t.db.update(users).set({ role: 'admin', club: 'Tech Club' }).where(eq(users.id, student.id));

      const registering = t.app.get(RegistrationsService).registerSolo(asLetIn, solo.id, student.id);
      const forming = t.app.get(TeamFormingService).create(asLetIn, group.id, 'Late Team');

      const refusal = { status: 403, message: 'Admin Account - Admins cannot register for events' };
      await expect(registering).rejects.toMatchObject(refusal);
      await expect(forming).rejects.toMatchObject(refusal);
      expect(await t.db.$count(registrations)).toBe(0);
      expect(await t.db.$count(teams)).toBe(0);
      expect(await t.db.$count(eventSeats, eq(eventSeats.taken, 1))).toBe(0);
    });

    it('never leaves a club admin registered, whichever of the two commits first', async () => {
      const event = await createEvent(t.db, { maxApplications: 50 });
      for (let round = 0; round < 6; round += 1) {
        const student = await account();
        const asStudent = await signedIn(t, student);

        const [promotion, registration] = await Promise.all([
          changeRole(asChief, student.id, { role: 'admin', club: 'Tech Club' }),
          asStudent.post('/api/v1/solo').send({ eventId: event.id, studentId: student.id }),
        ]);

        const registered = await t.db.$count(registrations, eq(registrations.userId, student.id));
        const { role } = await stored(student.id);
        expect({ role, registered }).toEqual(promotion.status === 200 ? { role: 'admin', registered: 0 } : { role: 'student', registered: 1 });
        expect(promotion.status === 200 ? [401, 403] : [201]).toContain(registration.status);
        if (promotion.status !== 200) expectError(promotion, 409, 'This student has registrations or teams, so cannot become staff');
      }
    });
  });
});
