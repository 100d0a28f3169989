// A demo student registers alone for a solo event: the confirm modal, the card's new state and
// My Registrations. The server (serve.mjs) starts with the demo festival and no registrations.
import { expect, test, type Page } from '@playwright/test';
import { fromAccountMenu } from '../support/account-menu';
import { expectNoAxeViolations } from '../support/axe';

const STUDENT = { email: 'meera.23ece@campus.ac.in', password: 'Student@123' };
const EVENT = 'Chess Blitz';

const eventsSection = (page: Page) => page.getByRole('region', { name: 'Events', exact: true });
const cardFor = (page: Page, title: string) =>
  eventsSection(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

test('a student registers for a solo event and finds it under My Registrations', async ({ page }) => {
  // Ten accessibility scans, each one to five seconds on a two-core machine.
  test.slow();
  await page.goto('/auth/signin');
  // The page's code loads after the document: axe checks the page, not its loading spinner.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in');
  await page.getByRole('textbox', { name: 'Email' }).fill(STUDENT.email);
  await page.getByLabel('Password', { exact: true }).fill(STUDENT.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The redirect leaves focus on the new page's heading, not on the body.
  await expect(page.locator('main h1')).toBeFocused();
  await expectNoAxeViolations(page, 'home, signed in');

  // Nothing registered yet.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('link', { name: 'My Registrations' }).click();
  await expect(page.getByRole('heading', { name: 'No Registrations Yet' })).toBeVisible();
  await expectNoAxeViolations(page, 'My Registrations, empty');
  await page.getByRole('link', { name: 'Browse Events' }).click();

  const card = cardFor(page, EVENT);
  const seats = card.getByRole('progressbar', { name: 'Seats taken' });
  const before = Number(await seats.getAttribute('aria-valuenow'));
  await card.getByRole('button', { name: `Register for ${EVENT}` }).click();

  // The modal wants the exact name.
  const dialog = page.getByRole('dialog', { name: 'Confirm Registration' });
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Event name' }).fill('chess blitz');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText("Event name doesn't match. Please type the exact event name.")).toBeVisible();
  await expectNoAxeViolations(page, 'confirm registration, name refused');
  await dialog.getByRole('textbox', { name: 'Event name' }).fill(EVENT);
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Successfully registered for ${EVENT}!`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('✓ Registered')).toBeVisible();
  await expect(card.getByRole('button', { name: `Register for ${EVENT}` })).toHaveCount(0);
  await expect(seats).toHaveAttribute('aria-valuenow', String(before + 1));
  // Focus moved to the result that replaced the Register button.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('✓ Registered');
  await expectNoAxeViolations(page, 'home, registered');

  // The event's page agrees, after a reload too.
  await card.getByRole('link', { name: EVENT }).click();
  await expect(page.getByText("You're Registered!")).toBeVisible();
  await page.reload();
  await expect(page.getByText("You're Registered!")).toBeVisible();
  await expectNoAxeViolations(page, 'event page, registered');

  await page.getByRole('link', { name: 'See it under My Registrations.' }).click();
  await expect(page).toHaveURL(/\/my-registrations$/);
  const registration = page.getByRole('article').filter({ hasText: EVENT });
  await expect(registration).toHaveCount(1);
  await expect(registration.getByText('Solo')).toBeVisible();
  await expect(registration.getByText('Sports Club')).toBeVisible();
  await expect(registration.getByText('Approved')).toBeVisible();
  await expect(registration.getByText(/^Registered on \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await expectNoAxeViolations(page, 'My Registrations, one');

  // Signing out from a signed-in page goes home, as the spec says, not to sign-in.
  await fromAccountMenu(page, { role: 'button', name: 'Logout' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test("a visitor's Register leads through sign-in back to the same filters and card", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search events' }).fill('quiz');
  await expect(page).toHaveURL(/\?search=quiz$/);
  await cardFor(page, 'Quiz Mania').getByRole('button', { name: 'Register for Quiz Mania' }).click();

  await expect(page).toHaveURL(/\/auth\/signin$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(STUDENT.email);
  await page.getByLabel('Password', { exact: true }).fill(STUDENT.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/\?search=quiz#event-/);
  await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('quiz');
  const register = cardFor(page, 'Quiz Mania').getByRole('button', { name: 'Register for Quiz Mania' });
  await expect(register).toBeFocused();
  await expect(register).toBeInViewport();
});
