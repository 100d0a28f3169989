// The super admin starts next year's festival; last year's winners stay in Past Results for
// everyone, and a student's registration moves to their past festivals. Starting a festival
// closes the one every other journey uses, so this journey runs a server of its own, on an
// embedded database with the demo festival today (winners can be chosen on an event's day only).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

const SUPER_ADMIN = { email: 'superadmin@campus.ac.in', password: 'Festival@2025' };
const PRIYA = { email: 'priya.23cse@campus.ac.in', password: 'Student@123' };
const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
/** This server's port: the journey run's own port plus 50, so two runs side by side never meet. */
const PORT = Number(process.env.JOURNEY_PORT ?? 3100) + 50;
const BASE_URL = `http://localhost:${PORT}`;
/** `2026-11-27`: the day in India `days` from now. */
const indiaDay = (days = 0) => new Date(Date.now() + days * DAY + 330 * MINUTE).toISOString().slice(0, 10);

let server: ChildProcess;

test.beforeAll(async () => {
  server = spawn(process.execPath, [join(__dirname, '../../backend/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(PORT),
      DEMO_DATA: 'true',
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      FESTIVAL_DATE: indiaDay(),
      REGISTRATION_OPENS_AT: indiaDay(-2),
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  await expect
    .poll(
      () =>
        fetch(`${BASE_URL}/api/v1/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 90_000 },
    )
    .toBe(true);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

/** A client of this server signed in as `who`, and the account it signed in. */
/**
 * A solo event later today, Priya registered; the club then brings it forward to a minute ago, so
 * it has begun (winners wait for an event's start), marks her present and confirms her first place.
 */
async function lastYearsWinner(): Promise<void> {
  const { api: boss } = await apiAs(BASE_URL, SUPER_ADMIN);
  const startsAt = Date.now() + 20 * MINUTE;
  const created = await boss.post('/api/v1/admin/events', {
    data: {
      name: 'Robo Sumo',
      event_type: 'solo',
      clubInCharge: 'Tech Club',
      description: 'Two robots, one ring.',
      staff_incharges: [{ adminId: null, name: 'Dr. Meena Iyer', email: 'meena.iyer@campus.ac.in', club: 'Tech Club' }],
      maxApplications: 10,
      applicationDeadline: new Date(startsAt - 10 * MINUTE).toISOString(),
      eventDate: new Date(startsAt).toISOString(),
      venue: 'Lab 3',
      rules: ['One robot per student.'],
      coordinatorName: 'Arjun K',
      coordinatorDept: 'ECE',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { event: { _id: string } }).event._id;
  const { api: priya, userId } = await apiAs(BASE_URL, PRIYA);
  const registered = await priya.post('/api/v1/solo', { data: { eventId, studentId: userId } });
  expect(registered.status(), await registered.text()).toBe(201);
  const begun = await boss.put(`/api/v1/admin/events/${eventId}`, { data: { eventDate: new Date(Date.now() - MINUTE).toISOString() } });
  expect(begun.status(), await begun.text()).toBe(200);
  const marked = await boss.put(`/api/v1/admin/events/${eventId}/attendance`, { data: { attendance: [{ userId, isPresent: true }] } });
  expect(marked.status(), await marked.text()).toBe(200);
  const chosen = await boss.put(`/api/v1/admin/events/${eventId}/winners`, { data: { winners: [{ place: 1, userId }] } });
  expect(chosen.status(), await chosen.text()).toBe(200);
  await Promise.all([boss.dispose(), priya.dispose()]);
}

async function pageOn(browser: Browser) {
  return (await browser.newContext({ baseURL: BASE_URL })).newPage();
}

test("the super admin starts next year's festival; last year's winners stay in Past Results", async ({ browser }) => {
  await lastYearsWinner();
  const admin = await pageOn(browser);
  await signIn(admin, SUPER_ADMIN);
  await admin.goto('/admin/festival');
  await admin.getByRole('link', { name: "Start Next Year's Festival" }).click();
  await expect(admin.getByRole('heading', { level: 1, name: "Next Year's Festival" })).toBeVisible();
  const form = admin.getByRole('form', { name: "Next year's festival" });
  await form.getByLabel('Festival name').fill('Campus Festival 2027');
  await form.getByLabel('First day').fill(indiaDay(365));
  await form.getByLabel('Last day').fill(indiaDay(366));
  await form.getByLabel('Registration opens').fill(`${indiaDay(340)}T09:00`);
  // Today is the festival's day: closing it now needs a reason.
  await form.getByLabel('Why start it now').fill('The festival moved to next year.');
  await expectNoAxeViolations(admin, "next year's festival");
  const start = form.getByRole('button', { name: 'Start Next Festival' });
  await expect(start).toBeDisabled();
  await form.getByLabel('Type Campus Festival to confirm').fill('Campus Festival');
  await start.click();
  await expect(admin.getByText('Campus Festival 2027 has started. Campus Festival is closed and kept in the archive.')).toBeVisible();
  await expect(admin.getByRole('heading', { level: 1, name: 'Festival Settings' })).toBeVisible();
  await expect(admin.getByRole('form', { name: 'Festival settings' }).getByLabel('Festival name')).toHaveValue('Campus Festival 2027');
  await admin.context().close();

  const visitor = await pageOn(browser);
  await visitor.goto('/');
  await visitor.getByRole('link', { name: 'Past Results' }).click();
  const lastYear = visitor.getByRole('region', { name: 'Campus Festival' });
  await expect(lastYear.getByRole('heading', { name: 'Robo Sumo' })).toBeVisible();
  await expect(lastYear.getByRole('list', { name: 'Winners of Robo Sumo' })).toContainText('First place: Priya Raman');
  await expectNoAxeViolations(visitor, 'past results');
  await visitor.context().close();

  const student = await pageOn(browser);
  await signIn(student, PRIYA);
  await student.goto('/my-registrations');
  const past = student.getByRole('region', { name: 'Past festivals' });
  await expect(past.getByRole('link', { name: 'Robo Sumo' })).toBeVisible();
  await expect(past.getByRole('button')).toHaveCount(0);
  await expect(student.getByRole('heading', { name: 'No Registrations Yet' })).toBeVisible();
  await student.context().close();
});
