// A student's account from sign-up to a forgotten password, through the browser, with the
// e-mails read from a real SMTP server this file starts (the product sends to it; see serve.mjs).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accountMenu, fromAccountMenu } from '../support/account-menu';
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

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** Whether any notification on screen covers part of `control`. */
async function toastsCovering(page: Page, control: Locator): Promise<number> {
  const target = (await control.boundingBox())!;
  const boxes = await toasts(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  return boxes.filter(
    (box) => box.x < target.x + target.width && target.x < box.x + box.width && box.y < target.y + target.height && target.y < box.y + box.height,
  ).length;
}

/** Fills and sends the sign-up form; the department decides which years are offered. */
async function signUp(page: Page, student: { name: string; email: string; rollNumber: string; password: string }): Promise<void> {
  await page.goto('/auth/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  await expectNoAxeViolations(page, 'sign-up');
  await page.getByLabel('Full name').fill(student.name);
  await page.getByLabel('Department').selectOption('CSE');
  // Only the years an undergraduate department allows are offered.
  await expect(page.getByLabel('Year').getByRole('option')).toHaveText(['Select year', '3rd Year', '4th Year']);
  await page.getByLabel('Year').selectOption('3');
  await page.getByLabel('Institution email').fill(student.email);
  await page.getByLabel('Roll number').fill(student.rollNumber);
  await page.getByRole('radio', { name: 'Other' }).check();
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Said once, beside the form: no toast over Confirm password.
  await expect(page.getByText('Account created! Check your institution email for a link to verify your account.')).toHaveCount(1);
  expect(await toastsCovering(page, page.getByLabel('Confirm password', { exact: true }))).toBe(0);
}

test('a student signs up, verifies, signs in, changes the password, signs out and resets it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `journey.${stamp}@campus.ac.in`;
  const name = 'Journey Student';

  await signUp(page, { name, email, rollNumber: `23CSE${stamp.slice(-4).toUpperCase()}`, password: 'First@123' });

  // Sign-up hands over to sign-in, which asks for the verification first.
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByText('Please verify your email before signing in', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in, waiting for verification');

  // The link in the e-mail, opened in the browser that signed up, verifies the account at once.
  const verification = await inbox.waitFor(email, /Verify/);
  await page.goto(linkIn(verification, 'verify'));
  await expect(page.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();
  await expect(page.getByText('Email verified successfully! You can now sign in.')).toBeVisible();
  await expectNoAxeViolations(page, 'verified');

  // Opened again (from the mail app, a day later), the link says the e-mail is verified, not that it failed.
  await page.goto(linkIn(verification, 'verify'));
  await expect(page.getByRole('heading', { level: 1, name: 'Email already verified' })).toBeVisible();
  await expect(page.getByText('This email is already verified. You can sign in.')).toBeVisible();
  await expect(page.getByText(/failed/i)).toHaveCount(0);
  await expectNoAxeViolations(page, 'verified already');
  await page.locator('main').getByRole('link', { name: 'Sign In' }).click();

  // Sign in.
  await submitSignIn(page, { email, password: 'First@123' });
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu: ${name}`);
  // Focus moves with the route, to the new page's heading, not left on the body.
  await expect(page.locator('main h1')).toBeFocused();

  // A full page load: only the modal's own styles are on the page (no account page was opened).
  await page.reload();

  // Change the password: the checklist and the rules hold the form back until they are met.
  await fromAccountMenu(page, { role: 'button', name: 'Change Password' });
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current password', { exact: true }).fill('First@123');
  await dialog.getByLabel('New password', { exact: true }).fill('second1');
  await expect(dialog.locator('li[data-met="false"]')).toHaveText(['Contains special characters (not met)']);
  // The checklist is styled: a met rule is ticked and green, an unmet one is not.
  const met = dialog.locator('li[data-met="true"]').first();
  const unmet = dialog.locator('li[data-met="false"]');
  expect(await met.evaluate((item) => getComputedStyle(item, '::before').content)).toBe('"✓"');
  expect(await unmet.evaluate((item) => getComputedStyle(item, '::before').content)).toBe('"○"');
  expect(await met.evaluate((item) => getComputedStyle(item).color)).not.toBe(await unmet.evaluate((item) => getComputedStyle(item).color));
  await expectNoAxeViolations(page, 'Change Password');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('second1');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please ensure your new password meets all requirements');

  // On a phone, a wrong current password is said once, under its field, and nothing covers the button.
  await page.setViewportSize({ width: 360, height: 740 });
  await dialog.getByLabel('Current password', { exact: true }).fill('Wrong@123');
  await dialog.getByLabel('New password', { exact: true }).fill('Second@123');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('Second@123');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toHaveCount(1);
  expect(await toastsCovering(page, dialog.getByRole('button', { name: 'Change Password' }))).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByLabel('Current password', { exact: true }).fill('First@123');
  await dialog.getByLabel('New password', { exact: true }).fill('Second@123');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('Second@123');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(toasts(page).getByText('Password changed successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Sign out.
  await fromAccountMenu(page, { role: 'button', name: 'Logout' });
  await expect(toasts(page).getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  // Forgot the password: the reset link arrives by e-mail.
  await page.goto('/auth/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expectNoAxeViolations(page, 'reset request');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.locator('.alert--success')).toHaveText('If an account exists for this email, a password reset link has been sent to it.');
  const reset = await inbox.waitFor(email, /Reset/);
  await page.goto(linkIn(reset, 'reset-password'));
  // The page's code loads after the document: axe checks the page, not its loading spinner.
  await expect(page.getByRole('heading', { level: 1, name: 'Set a New Password' })).toBeVisible();
  await expectNoAxeViolations(page, 'new password');
  await page.getByLabel('New password', { exact: true }).fill('Third@123');
  await page.getByLabel('Confirm password', { exact: true }).fill('Third@123');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful! Redirecting to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin$/);

  // The old passwords no longer work; the new one does.
  await submitSignIn(page, { email, password: 'Second@123' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await submitSignIn(page, { email, password: 'Third@123' });
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenu(page)).toBeVisible();
});

test('a student is denied an admin page', async ({ page }) => {
  // A visitor is sent to sign in, then brought back to the page they asked for: as a student, denied.
  // (The dashboards instead send a student home: admin-side §2.)
  await page.goto('/admin/events');
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await submitSignIn(page, { email: 'arjun.22it@campus.ac.in', password: 'Student@123' });
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page. Admin access is required.")).toBeVisible();
  await expectNoAxeViolations(page, 'access denied');
  // Nothing of the site to go back to (each step replaced the last), so Go Back goes home.
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a student who opens the link in another browser verifies with the password chosen at sign-up', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const email = `elsewhere.${stamp}@campus.ac.in`;
  await signUp(page, { name: 'Elsewhere Student', email, rollNumber: `23CSE${stamp.slice(-5).toUpperCase()}`, password: 'Chosen@123' });
  const verification = await inbox.waitFor(email, /Verify/);

  // The phone's mail app opens the link in a browser that never saw the sign-up.
  const phone = await browser.newContext();
  try {
    const other = await phone.newPage();
    await other.goto(linkIn(verification, 'verify'));
    await expect(other.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await expect(other.getByText('Enter the password you chose at sign-up to verify your email.', { exact: false })).toBeVisible();
    await expectNoAxeViolations(other, 'verify in another browser');
    await other.getByLabel('Password chosen at sign-up', { exact: true }).fill('Guess@123');
    await other.getByRole('button', { name: 'Verify Email' }).click();
    // Said once, under the field (no alert, no toast).
    await expect(other.getByText('This is not the password chosen at sign-up')).toHaveCount(1);
    await expect(other.getByLabel('Password chosen at sign-up', { exact: true })).toHaveAccessibleDescription(/This is not the password chosen at sign-up$/);
    await other.getByLabel('Password chosen at sign-up', { exact: true }).fill('Chosen@123');
    await other.getByRole('button', { name: 'Verify Email' }).click();
    await expect(other.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();
    await other.getByRole('link', { name: 'Go to Login' }).click();
    await submitSignIn(other, { email, password: 'Chosen@123' });
    await expect(other.getByText('Login successful! Redirecting...')).toBeVisible();
  } finally {
    await phone.close();
  }
});

test.describe('the session probe', () => {
  /** What a visitor's browser would show a developer: console errors and refused requests. */
  function watchFailures(page: Page) {
    const failures: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() === 401) failures.push(`401: ${response.url()}`);
    });
    return failures;
  }

  test("a visitor's home, event and sign-in pages log no error and meet no 401", async ({ page }) => {
    const failures = watchFailures(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    const firstEvent = page.getByRole('region', { name: 'Events', exact: true }).getByRole('article').first().getByRole('link').first();
    await firstEvent.click();
    await expect(page).toHaveURL(/\/event\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/auth/signin');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(failures).toEqual([]);
  });

  test('a signed-in student still sees their menu after a reload, and a visitor again after signing out', async ({ page }) => {
    await page.goto('/auth/signin');
    await submitSignIn(page, { email: 'arjun.22it@campus.ac.in', password: 'Student@123' });
    await expect(accountMenu(page)).toBeVisible();
    await page.reload();
    await expect(accountMenu(page)).toBeVisible();

    await fromAccountMenu(page, { role: 'button', name: 'Logout' });
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    const failures = watchFailures(page);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(failures).toEqual([]);
  });
});
