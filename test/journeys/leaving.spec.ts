// A student owns their account to the end: they sign up, correct their name on the profile,
// download everything the festival holds about them, delete the account, and find that its
// address and password open nothing any more. The account is the journey's own, made at its
// start, so the demo festival's students are untouched.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { accountMenu } from '../support/account-menu';
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

test('a student corrects their profile, downloads their data, deletes the account and can no longer sign in', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const student = { email: `leaving.${stamp}@campus.ac.in`, password: 'Leaving@123' };

  await page.goto('/auth/signup');
  await page.getByLabel('Full name').fill('Nila Mistyped');
  await page.getByLabel('Department').selectOption('CSE');
  await page.getByLabel('Year').selectOption('3');
  await page.getByLabel('Institution email').fill(student.email);
  await page.getByLabel('Roll number').fill(`23CSE${stamp.slice(-4).toUpperCase()}`);
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(student.password);
  // What is kept, and for how long, is a link away before the account exists.
  await expect(page.getByRole('link', { name: 'privacy page' })).toHaveAttribute('href', '/privacy');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.goto(linkIn(await inbox.waitFor(student.email, /Verify/), 'verify'));
  await expect(page.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();
  await page.goto('/auth/signin');
  await submitSignIn(page, student);
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu: Nila Mistyped');

  // The name corrected: the menu says it at once.
  await page.goto('/profile');
  await page.getByLabel('Full name').fill('Nila Menon');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu: Nila Menon');

  // Everything held, as one file: the account as it now reads.
  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const link = page.getByRole('link', { name: 'Download my data' });
  await expect(link).toBeFocused();
  await expectNoAxeViolations(page, 'profile, data ready');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { account: { name: string; email: string }; signIns: unknown[] };
  expect(data.account).toMatchObject({ name: 'Nila Menon', email: student.email });
  expect(data.signIns.length).toBeGreaterThan(0);

  // Leaving: the address and the password confirm it; a wrong password is said on its field.
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await dialog.getByLabel("Your account's e-mail address").fill(student.email);
  await dialog.getByLabel('Password', { exact: true }).fill('Wrong@123');
  await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
  await expect(dialog.getByText('The password is not right')).toBeVisible();
  await expectNoAxeViolations(page, 'delete account, wrong password');
  await dialog.getByLabel('Password', { exact: true }).fill(student.password);
  await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(/Your account is deleted\./)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  // The address and password open nothing now.
  await page.goto('/auth/signin');
  await submitSignIn(page, student);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/signin/);
});
