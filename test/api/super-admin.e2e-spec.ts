import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { registrations, type RegistrationStatus } from '../../backend/src/database/schema/registrations';
import { signups } from '../../backend/src/database/schema/users';
import { DemoDataService } from '../../backend/src/demo/demo-data.service';
import { createUser, PASSWORD, signUpForm } from './support/accounts';
import { clubAdmin, DURING_REGISTRATION, superAdmin } from './support/admin';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { latestMail, linkToken } from './support/outbox';
import { resetDatabase, startApp, type TestApp, useTestApp } from './support/test-app';

const run = promisify(execFile);
const CLI = join(__dirname, '../../backend/dist/users/super-admin-cli.js');

function signIn(t: TestApp, email: string, password: string) {
  return request(t.http).post('/api/v1/user/signin').send({ email, password });
}

/** A database that outlives one app: the PostgreSQL test database, or PGlite in a folder. */
function persistentDatabase(dataDir: string) {
  return process.env.DATABASE_URL ? {} : { dataDir };
}

describe('the first super admin', () => {
  it('is created from SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD, and a restart never resets its password', async () => {
    const superAdmin = { email: 'chief@campus.ac.in', password: 'Chief@2025!' };
    const dataDir = mkdtempSync(join(tmpdir(), 'festival-data-'));
    let t = await startApp({ superAdmin, ...persistentDatabase(dataDir) });
    try {
      const response = await signIn(t, superAdmin.email, superAdmin.password).expect(200);
      expect(response.body.user).toMatchObject({ role: 'superadmin', isSuperAdmin: true, isAdmin: true });
      await t.close();
      t = await startApp({ superAdmin: { ...superAdmin, password: 'Different@2026' }, ...persistentDatabase(dataDir) });
      await signIn(t, superAdmin.email, superAdmin.password).expect(200);
    } finally {
      await resetDatabase(t.db);
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is created verified at SUPERADMIN_EMAIL, and sign-ups waiting for the address are void', async () => {
    const superAdmin = { email: 'chief@campus.ac.in', password: 'Chief@2025!' };
    const dataDir = mkdtempSync(join(tmpdir(), 'festival-data-'));
    let t = await startApp(persistentDatabase(dataDir));
    try {
      // Someone signed up with the address first and chose a password; the mailbox's owner never verified it.
      await request(t.http)
        .post('/api/v1/user/signup')
        .send(signUpForm({ email: superAdmin.email }))
        .expect(201);
      const strangersLink = linkToken((await latestMail(t.db, superAdmin.email)).text, 'verify');
      await t.close();
      t = await startApp({ superAdmin, ...persistentDatabase(dataDir) });
      expect(await t.db.$count(signups)).toBe(0);
      await request(t.http).post(`/api/v1/user/verify/${strangersLink}`).send({ password: PASSWORD }).expect(400);
      await signIn(t, superAdmin.email, PASSWORD).expect(401);
      const response = await signIn(t, superAdmin.email, superAdmin.password).expect(200);
      expect(response.body.user).toMatchObject({ role: 'superadmin', isVerified: true });
    } finally {
      await resetDatabase(t.db);
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is created or promoted by `npm run superadmin`', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'festival-data-'));
    const env = { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    try {
      const created = await run(process.execPath, [CLI, 'Head@Campus.ac.in', 'Head@2025!', 'Festival Head'], { env });
      expect(created.stdout).toContain('Super admin head@campus.ac.in: created.');
      await expect(run(process.execPath, [CLI, 'x@campus.ac.in', 'short'], { env })).rejects.toMatchObject({ code: 2 });

      const t = await startApp(persistentDatabase(dataDir));
      try {
        await signIn(t, 'head@campus.ac.in', 'Head@2025!').expect(200);
        const student = await createUser(t);
        await t.close();
        const promoted = await run(process.execPath, [CLI, student.email, 'Ignored@2025!'], { env });
        expect(promoted.stdout).toContain('promoted');
      } finally {
        await t.close().catch(() => undefined);
      }
      const again = await startApp(persistentDatabase(dataDir));
      try {
        const users = (await again.db.query.users.findMany()).map((u) => [u.email, u.role]);
        expect(users).toContainEqual(['head@campus.ac.in', 'superadmin']);
        expect(users.filter(([, role]) => role === 'superadmin')).toHaveLength(2);
        await resetDatabase(again.db);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('demo accounts', () => {
  it('are a super admin and verified students who can sign in with the README passwords', async () => {
    const t = await startApp();
    try {
      await resetDatabase(t.db);
      await t.app.get(DemoDataService).load();
      await signIn(t, 'superadmin@campus.ac.in', 'Festival@2025').expect(200);
      for (const email of ['priya.23cse', 'arjun.22it', 'meera.23ece', 'karthik.22mech', 'sana.24mba']) {
        const response = await signIn(t, `${email}@campus.ac.in`, 'Student@123').expect(200);
        expect(response.body.user).toMatchObject({ role: 'student', isVerified: true });
      }
      expect(PASSWORD).not.toBe('Student@123');
    } finally {
      await resetDatabase(t.db);
      await t.close();
    }
  });
});

describe("the super admin's full participant list of an event", () => {
  const t = useTestApp({}, { now: DURING_REGISTRATION });
  const APPLICANTS = 'GET /api/v1/admin/events/{id}/applicants';

  it('lists every participant the dashboard counts, where the detailed panel shows the latest five', async () => {
    const contract: ApiContract = await loadApiContract(t);
    const event = await createEvent(t.db, { name: 'Poetry Slam', clubInCharge: 'Literary Club', maxApplications: null });
    const statuses: RegistrationStatus[] = ['approved', 'pending', 'approved', 'approved', 'pending', 'approved', 'approved', 'rejected'];
    for (const [i, status] of statuses.entries()) {
      const student = await createUser(t, { name: `Poet ${i}` });
      await t.db
        .insert(registrations)
        .values({ eventId: event.id, userId: student.id, status, appliedAt: new Date(DURING_REGISTRATION.getTime() - i * 60_000) });
    }
    const [chief, owner, other] = [await superAdmin(t), await clubAdmin(t, 'Literary Club'), await clubAdmin(t, 'Tech Club')];

    const panel = await chief.agent.get('/api/v1/admin/dashboard/events-registrations').expect(200);
    const everyone = contract.expectAnswer(APPLICANTS, await chief.agent.get(`/api/v1/admin/events/${event.id}/applicants`), 200);
    const ownClub = await owner.agent.get(`/api/v1/admin/events/${event.id}/applicants`).expect(200);

    const [summary] = panel.body.clubs.flatMap((club: { events: { _id: string }[] }) => club.events.filter((row) => row._id === event.id));
    expect(summary).toMatchObject({ participants: 7 });
    expect(summary.registrations).toHaveLength(5);
    // Every place held, pending or approved: the rejected poet holds none.
    const names = everyone.body.applicants.map((applicant: { name: string }) => applicant.name).sort();
    expect(names).toEqual(['Poet 0', 'Poet 1', 'Poet 2', 'Poet 3', 'Poet 4', 'Poet 5', 'Poet 6']);
    expect(ownClub.body.applicants).toHaveLength(7);
    expectError(await other.agent.get(`/api/v1/admin/events/${event.id}/applicants`), 403, "You don't have permission to edit this event");
  });
});
