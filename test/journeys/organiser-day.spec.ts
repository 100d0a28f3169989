// A club admin's day with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys, Escape):
// the admin of Blue Sky Forum creates a team event that needs approval, approves the two teams
// of students that register it, marks attendance on the day and chooses the winners. The product
// leaves focus on each action's result, and the journey checks where after every one. The teams
// form and register through the API, as their event page would; the club then brings the event
// forward to now, so it has begun and today is its day. At the end the event is deleted, so the
// other journeys find the demo festival as it was.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiCall } from '../support/api-call';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';
import { SmtpInbox } from '../support/smtp-inbox';
import { cardOf, dropFocusedCardOnWinners, panelOf } from '../support/winners-board';

// The invitations, the approvals and the cancellation e-mail the students; the server delivers
// to this inbox (see serve.mjs), so nothing is left to reach a later journey's.
const inbox = new SmtpInbox();

test.beforeAll(async () => {
  await inbox.start(Number(process.env.JOURNEY_SMTP_PORT ?? 2526));
});

test.afterAll(async ({ browser }) => {
  await inbox.stop();
  await deleteLeftoverEvent(browser);
});

// The keystrokes that fill a date and time field follow its parts' order, which is the locale's.
test.use({ locale: 'en-US' });

interface Person {
  name: string;
  email: string;
  password: string;
}

const ADMIN: Person = { name: 'Nandini Suresh', email: 'bluesky.admin@campus.ac.in', password: 'ClubAdmin@123' };
const EVENT = 'Spaghetti Bridge';
// Demo students; Meera, whose invitation and bell the teams journey reads, is left out.
const PRIYA: Person = { name: 'Priya Raman', email: 'priya.23cse@campus.ac.in', password: 'Student@123' };
const SANA: Person = { name: 'Sana Sheikh', email: 'sana.24mba@campus.ac.in', password: 'Student@123' };
const ARJUN: Person = { name: 'Arjun Mehta', email: 'arjun.22it@campus.ac.in', password: 'Student@123' };
const KARTHIK: Person = { name: 'Karthik Raj', email: 'karthik.22mech@campus.ac.in', password: 'Student@123' };
const STUDENTS = [PRIYA, SANA, ARJUN, KARTHIK];
/** The teams, in the order they register. */
const LOAD_BEARERS = { name: 'Load Bearers', leader: PRIYA, member: SANA };
const TRUSS_ME = { name: 'Truss Me', leader: ARJUN, member: KARTHIK };

const HOUR = 60 * 60 * 1000;
/** Tomorrow on campus (India, UTC+5:30) at `time`, as the event form's date field reads it. */
const tomorrowOnCampus = (time: string) => `${new Date(Date.now() + 5.5 * HOUR + 24 * HOUR).toISOString().slice(0, 10)}T${time}`;

/** Enough for the longest way through a page (the dashboard's panels), short of looping for ever. */
const MOST_TAB_PRESSES = 200;

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user moves through a page;
 * a date field's parts are stops of their own on the way.
 */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < MOST_TAB_PRESSES; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

/**
 * Types a date field's value ("2026-11-24T10:00") part by part, in en-US order: month, day and
 * year, then hour, minute and AM or PM. The year takes up to six digits, so ArrowRight moves on.
 */
async function typeDateTime(page: Page, value: string): Promise<void> {
  const [date, time] = value.split('T');
  const [year, month, day] = date.split('-');
  const [hour, minute] = time.split(':').map(Number);
  await page.keyboard.type(`${month}${day}${year}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type(`${String(hour % 12 || 12).padStart(2, '0')}${String(minute).padStart(2, '0')}${hour < 12 ? 'A' : 'P'}`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Tabs to a control and presses Enter on it. */
async function activate(page: Page, control: Locator): Promise<void> {
  await tabTo(page, control);
  await page.keyboard.press('Enter');
}

async function signedInPage(browser: Browser, who: Person): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  return page;
}

/** The event's id, from the admin's list of events. */
async function eventIdOf(admin: Page, name: string): Promise<string | undefined> {
  const { body } = await apiCall(admin, 'GET', '/api/v1/admin/events');
  return (body.events as { _id: string; name: string }[]).find((event) => event.name === name)?._id;
}

/** When a step failed before the journey deleted its event, it is deleted here, so the journeys after this one find the demo festival as it was. */
async function deleteLeftoverEvent(browser: Browser): Promise<void> {
  const admin = await signedInPage(browser, ADMIN);
  const eventId = await eventIdOf(admin, EVENT);
  if (eventId) await apiCall(admin, 'DELETE', `/api/v1/admin/events/${eventId}`);
  await admin.context().close();
}

/**
 * The admin fills in Create Event from the dashboard: a team event of two or three, tomorrow,
 * registrations needing approval. Saving leaves focus on the success message, where the button
 * was pressed; then Manage Events opens with focus on the new event's card.
 */
async function createEvent(admin: Page): Promise<void> {
  await activate(admin, admin.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Create Event' }));
  await expect(admin.getByRole('heading', { level: 1, name: 'Create Event' })).toBeFocused();

  const form = admin.getByRole('form', { name: 'Create event' });
  await typeInto(admin, form.getByLabel('Event name'), EVENT);
  await tabTo(admin, form.getByLabel('Event type'));
  await admin.keyboard.type('Group');
  await expect(form.getByLabel('Event type')).toHaveValue('group');
  await typeInto(admin, form.getByLabel('Description'), 'Teams build a bridge of dry spaghetti; the one that holds the most weight wins.');
  await typeInto(admin, form.getByRole('searchbox', { name: 'Staff in-charge' }), 'Nandini');
  await activate(admin, form.getByRole('list', { name: 'Search results' }).getByRole('button', { name: new RegExp(ADMIN.name) }));
  // The result leaves the results: focus goes to the chip that names who was chosen.
  await expect(form.getByRole('list', { name: 'Selected staff in-charge' }).getByText(ADMIN.name)).toBeFocused();

  const eventDate = form.getByLabel('Event date');
  await tabTo(admin, eventDate);
  await typeDateTime(admin, tomorrowOnCampus('10:00'));
  await expect(eventDate).toHaveValue(tomorrowOnCampus('10:00'));
  await typeInto(admin, form.getByLabel('Venue'), 'Civil Engineering Lab');
  await typeInto(admin, form.getByLabel('Minimum team size'), '2');
  await typeInto(admin, form.getByLabel('Maximum team size'), '3');
  const approval = form.getByRole('checkbox', { name: 'Registrations need approval' });
  await tabTo(admin, approval);
  await admin.keyboard.press('Space');
  await expect(approval).toBeChecked();
  await expectNoAxeViolations(admin, 'create event, a team event filled in');

  await activate(admin, form.getByRole('button', { name: 'Create Event' }));
  // The message's box takes focus, so the keyboard waits where the button was and the message is read.
  await expect(form.getByRole('status').filter({ hasText: 'Event created successfully!' }).locator('..')).toBeFocused();
  await expect(admin).toHaveURL(/\/admin\/events$/);
  const card = admin.getByRole('list', { name: 'Events' }).getByRole('article', { name: EVENT });
  await expect(card).toBeFocused();
  await expect(card.getByText('Just created')).toBeVisible();
}

/** A team forms and registers as its event page would have it: the leader invites the member, who accepts from the bell. */
async function registerTeam(browser: Browser, eventId: string, team: { name: string; leader: Person; member: Person }): Promise<void> {
  const [leader, member] = [await signedInPage(browser, team.leader), await signedInPage(browser, team.member)];
  const memberId = ((await apiCall(member, 'GET', '/api/v1/user/load')).body.user as { _id: string })._id;
  const formed = await apiCall(leader, 'POST', '/api/v1/teams/create-with-invites', { eventId, teamName: team.name, userIds: [memberId] });
  expect(formed.status).toBe(201);
  const teamId = (formed.body.team as { _id: string })._id;
  const { body } = await apiCall(member, 'GET', '/api/v1/teams/notifications');
  const invite = (body.invites as { _id: string; teamId: { _id: string } }[]).find((each) => each.teamId._id === teamId);
  expect(invite, `${team.member.name}'s invitation to ${team.name}`).toBeDefined();
  expect((await apiCall(member, 'POST', `/api/v1/teams/invite/${invite?._id}/respond`, { response: 'accept' })).status).toBe(200);
  expect((await apiCall(leader, 'POST', '/api/v1/teams/register', { teamId })).status).toBe(200);
  await Promise.all([leader.context().close(), member.context().close()]);
}

/**
 * Manage Events: the admin approves the first team waiting, and focus goes on to the next one's
 * Approve; approving that one too, focus goes to the queue's title, with its count now nought.
 */
async function approveTeams(admin: Page): Promise<void> {
  await admin.goto('/admin/events');
  const queue = admin
    .getByRole('list', { name: 'Events' })
    .getByRole('article', { name: EVENT })
    .getByRole('region', { name: /Approval queue/ });
  await expect(queue.getByRole('heading')).toHaveText('Approval queue (2 waiting)');
  await expectNoAxeViolations(admin, 'manage events, two teams waiting');

  await activate(admin, queue.getByRole('button', { name: `Approve ${LOAD_BEARERS.name}` }));
  await expect(admin.getByRole('region', { name: 'Notifications' }).getByText('1 registration approved')).toBeVisible();
  await expect(queue.getByRole('heading')).toHaveText('Approval queue (1 waiting)');
  await expect(queue.getByRole('button', { name: `Approve ${TRUSS_ME.name}` })).toBeFocused();

  await admin.keyboard.press('Enter');
  await expect(queue.getByRole('heading')).toHaveText('Approval queue (0 waiting)');
  await expect(queue.getByRole('heading')).toBeFocused();
  await expect(queue.getByText('No registrations are waiting for approval.')).toBeVisible();
}

/**
 * The dashboard on the day: attendance mode, a Space on each member's checkbox, and Confirm
 * Attendance, which goes away with attendance mode: focus goes to the message it came to.
 */
async function markAttendance(admin: Page, panel: Locator): Promise<void> {
  await activate(admin, panel.getByRole('button', { name: 'Mark Attendance' }));
  // The same button, now the way out of attendance mode.
  await expect(panel.getByRole('button', { name: 'Hide Attendance' })).toBeFocused();
  for (const student of STUDENTS) {
    const present = panel.getByRole('checkbox', { name: `${student.name} present` });
    await tabTo(admin, present);
    await admin.keyboard.press('Space');
    await expect(present).toBeChecked();
    await expect(present).toBeFocused();
  }
  await expect(panel.getByText('4 unsaved changes.')).toBeVisible();
  await tabTo(admin, panel.getByRole('button', { name: 'Confirm Attendance' }), 'Shift+Tab');
  await admin.keyboard.press('Enter');

  const saved = panel.getByRole('status').filter({ hasText: 'Attendance updated successfully!' });
  await expect(saved).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Mark Attendance' })).toBeVisible();
  const table = panel.getByRole('table', { name: `Applicants of ${EVENT}, by team` });
  for (const student of STUDENTS) await expect(table.getByRole('row', { name: new RegExp(student.name) })).toContainText('Present');
  await expectNoAxeViolations(admin, 'event day panel, attendance confirmed');
}

/**
 * Choose Winners opens the count's dialog on its field; Escape closes it, back on Choose Winners.
 * Two winners: the board takes focus on its title.
 */
async function openWinnersBoard(admin: Page, panel: Locator): Promise<void> {
  const chooseWinners = panel.getByRole('button', { name: 'Choose Winners' });
  await tabTo(admin, chooseWinners, 'Shift+Tab');
  await admin.keyboard.press('Enter');
  const dialog = admin.getByRole('dialog', { name: 'Choose Winners' });
  const count = dialog.getByRole('spinbutton', { name: 'Number of winners' });
  await expect(count).toBeFocused();
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(chooseWinners).toBeFocused();

  await admin.keyboard.press('Enter');
  await expect(count).toBeFocused();
  await admin.keyboard.press('ArrowUp');
  await expect(count).toHaveValue('2');
  await admin.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('heading', { name: 'Choose 2 winners' })).toBeFocused();
}

/**
 * On the board: a Choose button for one team (focus goes on to the next team's Choose), a
 * keyboard drag for the other, a move up, and Confirm Winners, after which the board is gone and
 * focus goes back to the panel's title.
 */
async function chooseWinners(admin: Page, panel: Locator): Promise<void> {
  await openWinnersBoard(admin, panel);
  await activate(admin, panel.getByRole('button', { name: `Choose ${LOAD_BEARERS.name} as winner 1` }));
  await expect(cardOf(panel, LOAD_BEARERS.name)).toContainText('Winner 1');
  await expect(panel.getByRole('button', { name: `Choose ${TRUSS_ME.name} as winner 2` })).toBeFocused();

  // The team's card comes just before its Choose button.
  const trussMe = cardOf(panel, TRUSS_ME.name);
  await admin.keyboard.press('Shift+Tab');
  await expect(trussMe).toBeFocused();
  await dropFocusedCardOnWinners(admin);
  await expect(trussMe).toContainText('Winner 2');
  await expect(panel.getByText('2 of 2 chosen')).toBeVisible();
  await expect(trussMe).toBeFocused();

  // The admin puts Truss Me first: at the top its Move up goes off, so focus goes to its Move down.
  const winners = panel.getByRole('list', { name: 'Winners' });
  await activate(admin, winners.getByRole('button', { name: `Move ${TRUSS_ME.name} up` }));
  await expect(winners.getByRole('listitem')).toHaveText([new RegExp(TRUSS_ME.name), new RegExp(LOAD_BEARERS.name)]);
  await expect(winners.getByRole('button', { name: `Move ${TRUSS_ME.name} down` })).toBeFocused();
  await expectNoAxeViolations(admin, 'winners board, every place filled');

  await activate(admin, panel.getByRole('button', { name: 'Confirm Winners' }));
  await expect(panel.getByRole('status').filter({ hasText: 'Winners selected successfully!' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: `Applicants of ${EVENT}` })).toBeFocused();
  await expect(panel.getByRole('list', { name: 'Confirmed winners' }).getByRole('listitem')).toHaveText([
    new RegExp(`First place: ${TRUSS_ME.name}`),
    new RegExp(`Second place: ${LOAD_BEARERS.name}`),
  ]);
}

test("a club admin's day by keyboard alone: creating an event, approving teams, marking attendance and choosing winners, with focus on each result", async ({
  page: admin,
  browser,
}) => {
  test.slow();
  await signIn(admin, ADMIN);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await createEvent(admin);

  // Two teams register while registration is open; each registration waits for the admin.
  const eventId = await eventIdOf(admin, EVENT);
  if (!eventId) throw new Error(`${EVENT} is not among the admin's events`);
  for (const team of [LOAD_BEARERS, TRUSS_ME]) await registerTeam(browser, eventId, team);
  await approveTeams(admin);

  // The club brings the event forward to now: it has begun, so attendance and winners open.
  expect((await apiCall(admin, 'PUT', `/api/v1/admin/events/${eventId}`, { eventDate: new Date().toISOString() })).status).toBe(200);
  await admin.goto('/admin/dashboard');
  const panel = panelOf(admin, EVENT);
  await markAttendance(admin, panel);
  await chooseWinners(admin, panel);

  // The event goes, with its registrations; each student is told before this inbox closes.
  expect((await apiCall(admin, 'DELETE', `/api/v1/admin/events/${eventId}`)).status).toBe(200);
  for (const student of STUDENTS) await inbox.waitFor(student.email, new RegExp(`^${EVENT} has been cancelled$`));
});
