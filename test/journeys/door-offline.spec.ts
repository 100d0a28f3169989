// The door with no network: two club doors (two phones, signed in as the super admin) keep the
// list of an event of today, with three registered students. The hall's network drops;
// Door 1 checks all three in, reloads its page (served from the phone, the network still down) and
// Door 2 checks in one of the same three a moment later. Door 2's network returns first, then
// Door 1's: the server gives the student to Door 1's earlier scan, both doors settle at 3 of 3,
// and Door 2 is told whose admission another door took. The event is the journey's own, deleted
// at the end, pass or fail (support/journey-events.ts).
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiAs } from '../support/api-as';
import { CHROMIUM_LAUNCH } from '../support/chromium';
import { createSoloEvent, deleteEvent, moveEvent } from '../support/journey-events';
import { signIn } from '../support/sign-in';
import { SmtpInbox } from '../support/smtp-inbox';

const SUPER_ADMIN = { email: 'superadmin@campus.ac.in', password: 'Festival@2025' };
// The journey's own solo event, and demo students who may register for it.
const EVENT = 'Door Rehearsal';
const STUDENTS = ['arjun.22it@campus.ac.in', 'meera.23ece@campus.ac.in', 'karthik.22mech@campus.ac.in'];
const PASSWORD = 'Student@123';

test.use({ launchOptions: CHROMIUM_LAUNCH });

// The registrations' confirmations, the notices of the event's moves and the cancellations are
// delivered to this inbox (see serve.mjs), so none is left for a later journey's.
const inbox = new SmtpInbox();
test.beforeAll(async () => {
  await inbox.start(Number(process.env.JOURNEY_SMTP_PORT ?? 2526));
});
test.afterAll(async () => {
  await inbox.stop();
});

/** Waits until no e-mail has arrived for a few seconds (the outbox delivers every 2 s). */
async function untilMailIsQuiet(): Promise<void> {
  let seen = -1;
  while (seen !== inbox.messages.length) {
    seen = inbox.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

interface Registered {
  api: APIRequestContext;
  code: string;
}

/** A demo student registered for the event through the API, with their ticket's code. */
async function registered(baseURL: string, email: string, eventId: string): Promise<Registered> {
  const { api, userId } = await apiAs(baseURL, { email, password: PASSWORD });
  expect((await api.post('/api/v1/solo', { data: { eventId, studentId: userId } })).status()).toBe(201);
  const mine = (await (await api.get('/api/v1/user/registrations')).json()) as { registrations: { eventId: string; ticket: { code: string } }[] };
  return { api, code: mine.registrations.find((registration) => registration.eventId === eventId)!.ticket.code };
}

async function door(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, SUPER_ADMIN);
  await page.goto('/admin/scan');
  await page.getByText('Work without the network').click();
  await page.getByRole('combobox', { name: 'Event' }).selectOption({ label: EVENT });
  await page.getByRole('textbox', { name: "This door's name" }).fill(name);
  await page.getByRole('button', { name: 'Keep the list on this phone' }).click();
  await expect(list(page).getByText('Checked in 0 of 3')).toBeVisible();
  await page.locator('.scan-dock').getByRole('button', { name: 'Type code' }).click();
  return page;
}

const list = (page: Page) => page.getByRole('region', { name: "This phone's list" });
const badge = (page: Page) => list(page).getByRole('status');

async function checkIn(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Ticket code' }).fill(code);
  await page.getByRole('button', { name: 'Check ticket' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Checked in' })).toBeVisible();
  await page.locator('.scan-dock').getByRole('button', { name: 'Next student' }).click();
}

test('two doors check tickets in with no network, and the counts settle exactly when it returns', async ({ browser, baseURL }) => {
  test.slow();
  const admin = await apiAs(baseURL!, SUPER_ADMIN);
  const eventId = await createSoloEvent(admin.api, EVENT, 'Three students and two doors, with no network in the hall.');
  const students: Registered[] = [];
  try {
    for (const email of STUDENTS) students.push(await registered(baseURL!, email, eventId));
    // Later today, wherever the clock stands: attendance is taken from the event day's first minute.
    await moveEvent(admin.api, eventId, new Date(Date.now() + 60 * 60_000));

    const doorOne = await door(browser, 'Door 1');
    const doorTwo = await door(browser, 'Door 2');
    await doorOne.context().setOffline(true);
    await doorTwo.context().setOffline(true);

    for (const { code } of students) await checkIn(doorOne, code);
    await expect(list(doorOne).getByText('Checked in 3 of 3')).toBeVisible();
    await expect(badge(doorOne)).toHaveText('Offline · 3 scans waiting');
    // The phone keeps the page: a reload with no network opens the door as it was.
    await doorOne.reload();
    await expect(badge(doorOne)).toHaveText('Offline · 3 scans waiting');
    await expect(list(doorOne).getByText('Checked in 3 of 3')).toBeVisible();

    await checkIn(doorTwo, students[0].code);
    await expect(badge(doorTwo)).toHaveText('Offline · 1 scan waiting');

    await doorTwo.context().setOffline(false);
    await expect(badge(doorTwo)).toHaveText('Online · every scan sent');
    await doorOne.context().setOffline(false);
    await expect(badge(doorOne)).toHaveText('Online · every scan sent');
    await expect(list(doorOne).getByText('Checked in 3 of 3')).toBeVisible();
    await expect(list(doorOne).getByRole('list', { name: 'Let in first by another door' })).toHaveCount(0);

    await list(doorTwo).getByRole('button', { name: 'Read the list again' }).click();
    await expect(list(doorTwo).getByText('Checked in 3 of 3')).toBeVisible();
    await expect(list(doorTwo).getByRole('list', { name: 'Let in first by another door' })).toContainText(/, at Door 1\.$/);

    const applicants = (await (await admin.api.get(`/api/v1/admin/events/${eventId}/applicants`)).json()) as {
      applicants: { isPresent: boolean; checkedInDoor: string | null }[];
    };
    expect(applicants.applicants.map((applicant) => [applicant.isPresent, applicant.checkedInDoor])).toEqual([
      [true, 'Door 1'],
      [true, 'Door 1'],
      [true, 'Door 1'],
    ]);
  } finally {
    await deleteEvent(admin.api, eventId);
    for (const student of students) await student.api.dispose();
    await untilMailIsQuiet();
  }
});
