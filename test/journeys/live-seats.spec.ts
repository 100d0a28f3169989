// Seats change on a page left open: a student watching the home page sees an event fill up, then a
// seat appear when the student holding it cancels from My Registrations and again when the club
// raises the capacity, without reloading, and takes a seat. The server (serve.mjs) starts with the
// demo festival; this journey makes its own event and deletes it.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall } from '../support/api-call';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

const SUPER_ADMIN = { email: 'superadmin@campus.ac.in', password: 'Festival@2025' };
const STUDENT_A = { email: 'karthik.22mech@campus.ac.in', password: 'Student@123' };
const STUDENT_B = { email: 'sana.24mba@campus.ac.in', password: 'Student@123' };
const EVENT = 'Lantern Relay';

const DAY = 24 * 60 * 60 * 1000;
const daysAhead = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const homeCard = (page: Page) =>
  page
    .getByRole('region', { name: 'Events', exact: true })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: EVENT, exact: true }) });
const seatsOf = (page: Page) => homeCard(page).getByRole('progressbar', { name: 'Seats taken' });

async function signedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  return page;
}

async function registerThroughModal(page: Page): Promise<void> {
  await homeCard(page)
    .getByRole('button', { name: `Register for ${EVENT}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Registration' });
  await dialog.getByRole('textbox', { name: 'Event name' }).fill(EVENT);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Successfully registered for ${EVENT}!`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The student gives their seat back from My Registrations, confirming with the event's name. */
async function cancelThroughModal(page: Page): Promise<void> {
  await page.goto('/my-registrations');
  await page.getByRole('button', { name: `Cancel registration for ${EVENT}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Registration' });
  await dialog.getByRole('textbox', { name: 'Event name' }).fill(EVENT);
  await dialog.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Your registration for ${EVENT} is cancelled.`)).toBeVisible();
  await expect(page.getByRole('link', { name: EVENT })).toHaveCount(0);
}

test('a student watching the home page sees an event fill and seats appear, and takes one without reloading', async ({ browser }) => {
  test.slow();
  const admin = await signedInPage(browser, SUPER_ADMIN);
  const created = await apiCall(admin, 'POST', '/api/v1/admin/events', {
    name: EVENT,
    event_type: 'solo',
    description: 'Pass the lantern round the lake before it goes out.',
    clubInCharge: 'Blue Sky Forum',
    staff_incharges: [{ adminId: null, name: 'Dr. M. Latha', email: 'latha.m@campus.ac.in', club: 'Blue Sky Forum' }],
    maxApplications: 1,
    applicationDeadline: daysAhead(20),
    eventDate: daysAhead(25),
    venue: 'Campus Lake',
    rules: ['One lantern per runner.'],
    coordinatorName: 'Ravi S',
    coordinatorDept: 'MECH',
  });
  expect(created.status).toBe(201);
  const eventId = (created.body.event as { _id: string })._id;
  try {
    // B opens the home page and keeps it open; a mark on the window shows it is never reloaded.
    const watcher = await signedInPage(browser, STUDENT_B);
    await watcher.goto('/');
    await expect(seatsOf(watcher)).toHaveAttribute('aria-valuetext', '0 / 1 seats taken');
    await watcher.evaluate(() => Object.assign(window, { openSinceStart: true }));
    // Counted from here, once the page has its list: the home page sign-in landed on may still
    // have been reading its own when the page was opened again.
    const listReads: string[] = [];
    watcher.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/events') listReads.push(request.url());
    });

    // A takes the only seat; B's card fills, as it happens.
    const taker = await signedInPage(browser, STUDENT_A);
    await registerThroughModal(taker);
    await expect(seatsOf(watcher)).toHaveAttribute('aria-valuetext', '1 / 1 seats taken, full');
    await expect(homeCard(watcher).getByRole('button', { name: `Register for ${EVENT}` })).toHaveCount(0);
    // A full event is not a dead end: for a student its line replaces "Registration Full", and B
    // could wait in it (nobody does here).
    await expect(homeCard(watcher).getByRole('button', { name: `Join the waitlist for ${EVENT}` })).toBeVisible();
    await expectNoAxeViolations(watcher, 'home, an event filled while watching');

    // A gives the seat back; with nobody in line it is free again on B's card.
    await cancelThroughModal(taker);
    await expect(seatsOf(watcher)).toHaveAttribute('aria-valuetext', '0 / 1 seats taken');
    await expect(homeCard(watcher).getByText('Registration Full')).toHaveCount(0);

    // The super admin raises the capacity; another seat appears on B's card.
    const raised = await apiCall(admin, 'PUT', `/api/v1/admin/events/${eventId}`, { maxApplications: 2 });
    expect(raised.status).toBe(200);
    await expect(seatsOf(watcher)).toHaveAttribute('aria-valuetext', '0 / 2 seats taken');
    // The list was not read again: the seats came through the stream.
    expect(listReads).toHaveLength(0);

    await registerThroughModal(watcher);
    await expect(homeCard(watcher).getByText('✓ Registered')).toBeVisible();
    await expect(seatsOf(watcher)).toHaveAttribute('aria-valuetext', '1 / 2 seats taken');
    expect(await watcher.evaluate(() => (window as { openSinceStart?: boolean }).openSinceStart)).toBe(true);
    await expectNoAxeViolations(watcher, 'home, registered in the seat that appeared');
  } finally {
    const deleted = await apiCall(admin, 'DELETE', `/api/v1/admin/events/${eventId}`);
    expect(deleted.status).toBe(200);
  }
});
