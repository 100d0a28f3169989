// A club admin from invitation to running an event: the super admin invites them for one event of
// a club, they accept from the e-mailed link signed out and are signed in, create an event that
// needs approval (visitors see it at once), edit it, and approve a student's registration; another
// club's admin can neither open nor change it; the super admin finds the new admin under the club
// and the audit trail tells it all. At the end the admin deletes the event (typing its name) and
// the student is told, so the other journeys find the demo festival as it was. The e-mail is read
// from a real SMTP server this file starts (the product sends to it; see serve.mjs).
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { accountMenu, fromAccountMenu } from '../support/account-menu';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';
import { linkIn, SmtpInbox } from '../support/smtp-inbox';

const inbox = new SmtpInbox();

test.beforeAll(async () => {
  await inbox.start(Number(process.env.JOURNEY_SMTP_PORT ?? 2526));
});

test.afterAll(async () => {
  await inbox.stop();
});

const SUPER_ADMIN = { email: 'superadmin@campus.ac.in', password: 'Festival@2025' };
// The demo admin of another club (Blue Sky Forum, running Paper Presentation).
const OTHER_CLUB_ADMIN = { email: 'bluesky.admin@campus.ac.in', password: 'ClubAdmin@123' };
// A demo student no other journey registers anywhere.
const STUDENT = { name: 'Arjun Mehta', email: 'arjun.22it@campus.ac.in', password: 'Student@123' };

const CLUB = 'Photography Club';
// A demo event of that club with no admin yet.
const ASSIGNED_EVENT = 'Shutter Stories';
const NEW_ADMIN = { name: 'Kavin Prakash', email: 'kavin.photo@campus.ac.in', password: 'Lens@2025x' };
// Solo and needing approval, so the student's registration waits in the admin's queue.
const EVENT = { name: 'Macro Photo Walk', venue: 'Botanical Garden', capacity: '25' };
const EDITED = { venue: 'Campus Lake Trail', capacity: '40' };

const DAY = 24 * 60 * 60 * 1000;
/** A datetime-local value `days` from now at 10:00 (the form reads it as campus time). */
const daysAhead = (days: number) => `${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T10:00`;

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** An event's card on the home page. */
const homeCard = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Events', exact: true })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** The value beside a label in an event page's facts. */
const fact = (page: Page, label: string): Locator =>
  page
    .locator('.facts__item')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');

/** The event's card on /admin/events. */
const adminCard = (page: Page, name: string) => page.getByRole('list', { name: 'Events' }).getByRole('article', { name });

test('a club admin is invited, accepts, runs an event with approvals, and the super admin sees it all', async ({ page: superAdmin, browser }) => {
  // Five people's pages and eleven states checked by axe four times each: on a busy machine this
  // one journey outlasts the default budget, so it gets three times as long.
  test.slow();
  // 1. The super admin invites a club admin for one event of the club.
  await signIn(superAdmin, SUPER_ADMIN);
  await fromAccountMenu(superAdmin, { role: 'link', name: 'Invite Admin' });
  await expect(superAdmin).toHaveURL(/\/admin\/invite$/);
  await expect(superAdmin.getByRole('heading', { level: 1, name: 'Invite Admin' })).toBeVisible();
  const sendForm = superAdmin.getByRole('form', { name: 'Send Invitation' });
  await expect(sendForm.getByLabel('Event')).toBeDisabled();
  // An event that has its admin already is shown with them, and cannot be chosen.
  await sendForm.getByLabel('Club').selectOption('Blue Sky Forum');
  await expect(sendForm.getByRole('option', { name: `Paper Presentation — admin: ${OTHER_CLUB_ADMIN.email}` })).toBeDisabled();
  await sendForm.getByLabel('Club').selectOption(CLUB);
  await sendForm.getByLabel('Event').selectOption({ label: ASSIGNED_EVENT });
  await sendForm.getByRole('textbox', { name: 'Email' }).fill(NEW_ADMIN.email);
  await expectNoAxeViolations(superAdmin, 'invite admin, form filled');
  await sendForm.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(sendForm.getByText('Admin invitation sent successfully!')).toBeVisible();
  // Now pending, the event names whom it waits for.
  await sendForm.getByLabel('Club').selectOption(CLUB);
  await expect(sendForm.getByRole('option', { name: `${ASSIGNED_EVENT} — invited: ${NEW_ADMIN.email}` })).toBeDisabled();

  await superAdmin.getByRole('tab', { name: 'Manage Invitations (1)' }).click();
  const invitation = superAdmin.getByRole('row').filter({ has: superAdmin.getByRole('rowheader', { name: NEW_ADMIN.email }) });
  await expect(invitation.getByRole('cell')).toHaveText([ASSIGNED_EVENT, CLUB, 'Pending', /\d{1,2} \w{3} \d{4}/, 'Cancel']);
  await expectNoAxeViolations(superAdmin, 'invite admin, manage invitations');

  // 2. The e-mailed link, opened signed out, shows the event first, then makes the account.
  const mail = await inbox.waitFor(NEW_ADMIN.email, new RegExp(`^You are invited to be a club admin of ${CLUB}, starting with ${ASSIGNED_EVENT}$`));
  const link = linkIn(mail, 'admin-invite');
  const admin = await newPage(browser);
  await admin.goto(link);
  await expect(admin.getByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeVisible();
  const assignment = admin.getByRole('region', { name: 'Your event assignment' });
  await expect(assignment).toContainText(ASSIGNED_EVENT);
  await expect(assignment).toContainText(CLUB);
  await expect(assignment).toContainText(NEW_ADMIN.email);
  // The assignment comes before the account's form.
  await expect(admin.getByRole('heading', { level: 2 })).toHaveText(['Your event assignment', 'Create your admin account']);
  const accountForm = admin.getByRole('form', { name: 'Create your admin account' });
  await expectNoAxeViolations(admin, 'accept invitation');
  await accountForm.getByLabel('Full name').fill(NEW_ADMIN.name);
  await accountForm.getByLabel('Password', { exact: true }).fill(NEW_ADMIN.password);
  await accountForm.getByLabel('Confirm password', { exact: true }).fill(NEW_ADMIN.password);
  await accountForm.getByRole('radio', { name: 'Male', exact: true }).check();
  await accountForm.getByRole('button', { name: 'Create Admin Account' }).click();
  await expect(toasts(admin).getByText('Admin invitation accepted successfully!')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(accountMenu(admin)).toContainText(NEW_ADMIN.name);
  // The link is single-use.
  const reopened = await newPage(browser);
  await reopened.goto(link);
  await expect(reopened.getByRole('heading', { level: 1, name: 'Invalid Invitation Link' })).toBeVisible();
  await reopened.context().close();

  // 3. The new admin creates an event for their club, every required field and a staff in-charge.
  await admin.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Create Event' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
  const create = admin.getByRole('form', { name: 'Create event' });
  await expect(create.getByLabel('Club in charge')).toHaveValue(CLUB);
  await expect(create.getByText('Club cannot be changed by club admins')).toBeVisible();
  await create.getByLabel('Event name').fill(EVENT.name);
  await create.getByLabel('Event type').selectOption('solo');
  const description = 'Close-up photographs of the campus gardens, judged on the day.';
  await create.getByLabel('Description').fill(description);
  await expect(create.getByText(`${description.length}/1000`)).toBeVisible();
  // Submitting without staff says so and keeps the page.
  await create.getByRole('button', { name: 'Create Event' }).click();
  await expect(create.getByText('Please select at least one staff in-charge')).toBeVisible();
  await create.getByRole('searchbox', { name: 'Staff in-charge' }).fill('Kavin');
  await create
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: new RegExp(NEW_ADMIN.name) })
    .click();
  await expect(create.getByRole('list', { name: 'Selected staff in-charge' })).toContainText(NEW_ADMIN.name);
  await create.getByLabel('Max applications').fill(EVENT.capacity);
  await create.getByLabel('Application deadline').fill(daysAhead(10));
  await create.getByLabel('Event date').fill(daysAhead(20));
  await create.getByLabel('Venue').fill(EVENT.venue);
  await create.getByLabel('Rules').fill('One entry per student\nPhones and cameras welcome');
  await create.getByRole('checkbox', { name: 'Registrations need approval' }).check();
  await create.getByLabel('Coordinator name').fill('Nikhil Joseph');
  await create.getByLabel('Coordinator department').fill('ECE');
  // A new event is active unless said otherwise.
  await expect(create.getByRole('radio', { name: 'Active', exact: true })).toBeChecked();
  await expectNoAxeViolations(admin, 'create event, filled');
  await create.getByRole('button', { name: 'Create Event' }).click();
  await expect(admin.getByText('Event created successfully!')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/events$/);
  const card = adminCard(admin, EVENT.name);
  await expect(card).toContainText(EVENT.venue);
  await expect(card.getByRole('progressbar', { name: 'Seats taken' })).toHaveAttribute('aria-valuemax', EVENT.capacity);
  await expect(card.getByRole('heading', { name: /Approval queue/ })).toHaveText('Approval queue (0 waiting)');
  await expectNoAxeViolations(admin, 'manage events, one created');

  // A visitor sees it on the home page at once.
  const visitor = await newPage(browser);
  await visitor.goto('/');
  await expect(homeCard(visitor, EVENT.name)).toContainText(CLUB);

  // The admin edits capacity and venue; the event's page shows them.
  await card.getByRole('link', { name: `Edit ${EVENT.name}` }).click();
  await expect(admin).toHaveURL(/\/edit-event\/[0-9a-f-]{36}$/);
  const eventId = admin.url().split('/').pop()!;
  await expect(admin.getByRole('complementary', { name: 'Guidelines' })).toContainText('Club admins cannot change the club in charge.');
  const edit = admin.getByRole('form', { name: 'Edit event' });
  await expect(edit.getByLabel('Event name')).toHaveValue(EVENT.name);
  await expect(edit.getByRole('list', { name: 'Selected staff in-charge' })).toContainText(NEW_ADMIN.name);
  await expectNoAxeViolations(admin, 'edit event');
  await edit.getByLabel('Max applications').fill(EDITED.capacity);
  await edit.getByLabel('Venue').fill(EDITED.venue);
  await edit.getByRole('button', { name: 'Update Event' }).click();
  await expect(admin.getByText('Event updated successfully!')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/events$/);
  await expect(card).toContainText(EDITED.venue);

  await visitor.goto('/');
  await homeCard(visitor, EVENT.name).getByRole('link', { name: EVENT.name }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: EVENT.name })).toBeVisible();
  await expect(fact(visitor, 'Venue')).toHaveText(EDITED.venue);
  await expect(fact(visitor, 'Max participants')).toHaveText(EDITED.capacity);
  await visitor.context().close();

  // 4. Another club's admin can neither open the edit page nor change the event through the API.
  const outsider = await newPage(browser);
  await signIn(outsider, OTHER_CLUB_ADMIN);
  await outsider.goto(`/edit-event/${eventId}`);
  await expect(outsider.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(outsider.getByText("You don't have permission to edit this event")).toBeVisible();
  await expect(outsider.getByRole('form', { name: 'Edit event' })).toHaveCount(0);
  await expectNoAxeViolations(outsider, 'edit event, another club');
  const refused = await outsider.evaluate(async (id) => {
    const response = await fetch(`/api/v1/admin/events/${id}`, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ venue: 'Somewhere else' }),
    });
    return { status: response.status, body: (await response.json()) as { success: boolean; message: string } };
  }, eventId);
  expect(refused).toEqual({ status: 403, body: { success: false, message: "You don't have permission to edit this event" } });
  await outsider.context().close();

  // 5. A student registers; the registration waits for approval, and the club admin approves it.
  const student = await newPage(browser);
  await signIn(student, STUDENT);
  await homeCard(student, EVENT.name)
    .getByRole('button', { name: `Register for ${EVENT.name}` })
    .click();
  const confirm = student.getByRole('dialog', { name: 'Confirm Registration' });
  await confirm.getByRole('textbox', { name: 'Event name' }).fill(EVENT.name);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    toasts(student).getByText(`Successfully registered for ${EVENT.name}! It awaits the club's approval: your ticket is valid once it is approved.`),
  ).toBeVisible();
  await student.goto('/my-registrations');
  const registration = student.getByRole('article').filter({ hasText: EVENT.name });
  await expect(registration).toContainText(CLUB);
  // Waiting says so, on the card and on its ticket.
  await expect(registration.getByText('Awaiting approval', { exact: true })).toBeVisible();
  await expect(registration.getByText('Not valid until the club approves this registration')).toBeVisible();
  await expect(registration.getByText('Approved', { exact: true })).toHaveCount(0);

  await admin.reload();
  const queue = card.getByRole('region', { name: /Approval queue/ });
  await expect(queue.getByRole('heading')).toHaveText('Approval queue (1 waiting)');
  await expect(queue).toContainText(STUDENT.email);
  await expect(card).toContainText('Registrations: 0 approved · 1 pending · 0 rejected');
  await expectNoAxeViolations(admin, 'manage events, one waiting');
  await queue.getByRole('button', { name: `Approve ${STUDENT.name}` }).click();
  await expect(toasts(admin).getByText('1 registration approved')).toBeVisible();
  await expect(queue.getByRole('heading')).toHaveText('Approval queue (0 waiting)');
  await expect(card).toContainText('Registrations: 1 approved · 0 pending · 0 rejected');
  await inbox.waitFor(STUDENT.email, new RegExp(`^Your registration for ${EVENT.name} was approved$`));

  await student.reload();
  await expect(registration.getByText('Approved', { exact: true })).toBeVisible();
  await expect(registration.getByText('Not valid until the club approves this registration')).toHaveCount(0);
  await expectNoAxeViolations(student, 'My Registrations, approved');

  // 6. The super admin finds the new admin under the club, and the audit trail tells the story.
  await superAdmin.goto('/admin/clubs');
  const club = superAdmin.getByRole('region', { name: CLUB });
  await expect(club).toContainText('1 admin');
  const adminEntry = club.getByRole('listitem').filter({ hasText: NEW_ADMIN.email });
  await expect(adminEntry).toContainText(NEW_ADMIN.name);
  await expect(adminEntry).toContainText('Staff');
  await expect(adminEntry).toContainText(`Event: ${ASSIGNED_EVENT}`);
  await expect(adminEntry).toContainText(/Joined \d{1,2} \w{3} \d{4}/);
  await expectNoAxeViolations(superAdmin, 'admins by club');

  await superAdmin.goto('/admin/audit');
  const entries = superAdmin.getByRole('region', { name: /\d+ entr/ }).getByRole('listitem');
  const entry = (action: string, subject: string | RegExp) => entries.filter({ hasText: action }).filter({ hasText: subject });
  await expect(entry('Invitation sent', `${NEW_ADMIN.email} → ${ASSIGNED_EVENT}`)).toContainText('By Festival Super Admin');
  await expect(entry('Invitation accepted', NEW_ADMIN.email)).toContainText(`By ${NEW_ADMIN.name}`);
  await expect(entry('Event created', EVENT.name)).toContainText(`By ${NEW_ADMIN.name}`);
  await expect(entry('Event updated', EVENT.name)).toContainText(EDITED.venue);
  await expect(entry('Registration approved', EVENT.name)).toContainText(`By ${NEW_ADMIN.name}`);
  await expectNoAxeViolations(superAdmin, 'audit trail');

  // The admin deletes the event, typing its name; the student's registration goes with it.
  await admin.goto('/admin/events');
  await card.getByRole('button', { name: `Delete ${EVENT.name}` }).click();
  const remove = admin.getByRole('dialog', { name: 'Delete event' });
  await remove.getByRole('textbox', { name: 'Event name' }).fill(EVENT.name);
  await remove.getByRole('button', { name: 'Delete Event' }).click();
  await expect(toasts(admin).getByText('Event deleted: 1 registration cancelled')).toBeVisible();
  await expect(card).toHaveCount(0);
  await inbox.waitFor(STUDENT.email, new RegExp(`^${EVENT.name} has been cancelled$`));
  await student.reload();
  await expect(registration).toHaveCount(0);
});
