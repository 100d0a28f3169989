// A team from start to registration: the leader forms it with an invite, the invitee opens the
// e-mailed link signed out, signs in, lands back on the invite and accepts; the leader registers
// the team and both find it on My Registrations. The e-mail is read from a real SMTP server this
// file starts (the product sends to it; see serve.mjs), and the bell shows the invite and clears.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { submitSignIn } from '../support/sign-in';
import { linkIn, SmtpInbox } from '../support/smtp-inbox';

const inbox = new SmtpInbox();

test.beforeAll(async () => {
  await inbox.start(Number(process.env.JOURNEY_SMTP_PORT ?? 2526));
});

test.afterAll(async () => {
  await inbox.stop();
});

// Demo students (both verified, both girls, so any same-gender rule lets them team up).
const LEADER = { name: 'Priya Raman', email: 'priya.23cse@campus.ac.in', password: 'Student@123' };
const INVITEE = { name: 'Meera Krishnan', email: 'meera.23ece@campus.ac.in', password: 'Student@123' };
// A demo team event of 2 to 4 members with seats and no gender limits.
const EVENT = 'Hack the Campus';
const TEAM = 'Byte Me';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** From home, the event's page through its card's title. */
async function openEvent(page: Page): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Events', exact: true })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: EVENT, exact: true }) })
    .getByRole('link', { name: EVENT })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: EVENT })).toBeVisible();
}

/** My Registrations shows the team registration, which folds out the whole team. */
async function expectTeamRegistration(page: Page): Promise<void> {
  await page.goto('/my-registrations');
  const registration = page.getByRole('article').filter({ hasText: EVENT });
  await expect(registration).toHaveCount(1);
  await registration.getByText(`Team ${TEAM} · 2 members`).click();
  const members = registration.getByRole('listitem');
  await expect(members).toHaveCount(2);
  await expect(members.nth(0)).toContainText(LEADER.name);
  await expect(members.nth(0)).toContainText('23CSE014 · CSE');
  await expect(members.nth(1)).toContainText(INVITEE.name);
  await expect(members.nth(1)).toContainText(/Joined \d{1,2} \w{3} \d{4}/);
}

test('a leader forms a team by invite, the invitee accepts from the e-mailed link, and the team registers', async ({ page: leader, browser }) => {
  // The leader forms the team on the event's page, inviting a classmate found by name.
  await leader.goto('/auth/signin');
  await submitSignIn(leader, LEADER);
  await expect(leader).toHaveURL(/\/$/);
  await openEvent(leader);
  const yourTeams = leader.getByRole('region', { name: 'Your Teams' });
  await expect(yourTeams.getByText('You have no team for this event yet.')).toBeVisible();
  await expectNoAxeViolations(leader, 'event page, no team');
  await yourTeams.getByRole('button', { name: 'Create Team' }).click();

  const create = leader.getByRole('dialog', { name: 'Create Team' });
  await create.getByRole('textbox', { name: 'Team name' }).fill(TEAM);
  await create.getByRole('searchbox', { name: 'Search members' }).fill('Meera');
  await create
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: new RegExp(INVITEE.name) })
    .click();
  await expect(create.getByRole('list', { name: 'Selected members' })).toContainText(INVITEE.name);
  await expectNoAxeViolations(leader, 'create team, one member chosen');
  await create.getByRole('button', { name: 'Create Team' }).click();
  await expect(toasts(leader).getByText(`Team "${TEAM}" created successfully!`)).toBeVisible();
  await expect(create).toBeHidden();

  const team = yourTeams.getByRole('region', { name: TEAM });
  await expect(team.getByRole('list', { name: `Pending invites of ${TEAM}` })).toContainText(INVITEE.name);
  // One member of the two needed: not ready to register yet.
  await expect(team.getByRole('button', { name: 'Register Team' })).toBeDisabled();
  await expect(yourTeams.getByRole('button', { name: 'Team Already Formed' })).toBeDisabled();
  await expectNoAxeViolations(leader, 'event page, team forming');

  // The invitee opens the e-mailed link signed out: sign-in first, then back to the invite.
  // The contract fixes the link (/invite/{token}), not the subject's wording.
  const mail = await inbox.waitFor(INVITEE.email, /invit|join|team/i);
  const invitee = await newPage(browser);
  await invitee.goto(linkIn(mail, 'invite'));
  await expect(invitee).toHaveURL(/\/login$/);
  await submitSignIn(invitee, INVITEE);
  await expect(invitee).toHaveURL(/\/invite\/[A-Za-z0-9_-]+$/);
  const details = invitee.getByRole('region', { name: `Join ${TEAM}` });
  await expect(details).toContainText(`${LEADER.name} invited you to join their team for ${EVENT}.`);
  await expect(details.getByRole('button', { name: 'Accept & Join Team' })).toBeVisible();
  await expectNoAxeViolations(invitee, 'invite page');

  // The bell has it too, unread.
  await expect(bell(invitee)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(invitee).click();
  const item = invitee.getByRole('article', { name: `Invite from ${LEADER.name} to ${TEAM}` });
  await expect(item.getByText('New')).toBeVisible();
  await expect(item).toContainText(EVENT);
  await expectNoAxeViolations(invitee, 'bell open');
  await invitee.keyboard.press('Escape');
  await expect(bell(invitee)).toBeFocused();

  await details.getByRole('button', { name: 'Accept & Join Team' }).click();
  await expect(toasts(invitee).getByText('Successfully joined the team!')).toBeVisible();
  // The new member lands on the team's event, where their team is listed.
  await expect(invitee).toHaveURL(/\/event\/[0-9a-f-]+\?slug=hack-the-campus$/);
  await expect(invitee.getByRole('heading', { level: 1, name: EVENT })).toBeVisible();
  // Answered, the invite leaves the bell.
  await expect(bell(invitee)).toHaveAccessibleName('Notifications');
  await bell(invitee).click();
  await expect(invitee.getByText('No new notifications')).toBeVisible();

  // The leader sees the member arrive and registers the team, confirming with the event's name.
  await leader.reload();
  await expect(team.getByRole('list', { name: `Members of ${TEAM}` })).toContainText(INVITEE.name);
  const seats = leader.getByRole('progressbar', { name: 'Seats taken' });
  const before = Number(await seats.getAttribute('aria-valuenow'));
  await team.getByRole('button', { name: 'Register Team' }).click();
  const confirm = leader.getByRole('dialog', { name: 'Register Team' });
  await confirm.getByRole('textbox', { name: 'Event name' }).fill(EVENT.toLowerCase());
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText("Event name doesn't match. Please type the exact event name.")).toBeVisible();
  await expectNoAxeViolations(leader, 'register team, name refused');
  await confirm.getByRole('textbox', { name: 'Event name' }).fill(EVENT);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(leader).toHaveURL(/\/my-registrations$/);
  await expect(toasts(leader).getByText('Team registered successfully!')).toBeVisible();

  // Both find the team on My Registrations, and the event counts the team's one seat.
  await expectTeamRegistration(leader);
  await expectNoAxeViolations(leader, 'My Registrations, team open');
  await expectTeamRegistration(invitee);
  await openEvent(leader);
  await expect(leader.getByText("You're Registered!")).toBeVisible();
  await expect(seats).toHaveAttribute('aria-valuenow', String(before + 1));
  await expect(yourTeams.getByRole('region', { name: TEAM }).getByText('Registered', { exact: true })).toBeVisible();
  await openEvent(invitee);
  await expect(invitee.getByText("You're Registered!")).toBeVisible();
});
