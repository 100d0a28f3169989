// The super admin's People page: a student found by roll number is made a club admin of a club,
// which the list, Admins by Club and the audit trail then show, and they sign in as one; the last
// super admin cannot demote themselves. The student signs up for this journey alone (the demo
// students take part in events, so they cannot become staff), and is made a student again at the
// end. The sign-up's e-mail is read from a real SMTP server this file starts (see serve.mjs).
import { expect, test, type Page } from '@playwright/test';
import { fromAccountMenu } from '../support/account-menu';
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

const SUPER_ADMIN = { name: 'Festival Super Admin', email: 'superadmin@campus.ac.in', password: 'Festival@2025' };
const CLUB = 'Music Club';

/** A person's row on the People page, named by its row header. */
const personRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

test('the super admin makes a student a club admin from the People page, and cannot demote the last super admin', async ({ page, browser, baseURL }) => {
  // Seven states checked by axe four times each, and a sign-up: longer than the default budget on a busy machine.
  test.slow();
  // 1. A student of this journey's own signs up and verifies in their browser.
  const stamp = Date.now().toString(36).toUpperCase();
  const student = { name: 'Nila Prasad', email: `people.${stamp.toLowerCase()}@campus.ac.in`, rollNumber: `23IT${stamp.slice(-5)}`, password: 'Student@123' };
  const studentContext = await browser.newContext({ baseURL });
  const signUp = await studentContext.request.post('/api/v1/user/signup', {
    headers: { Origin: baseURL! },
    data: { name: student.name, email: student.email, password: student.password, dept: 'IT', year: '3', gender: 'Female', rollNumber: student.rollNumber },
  });
  expect(signUp.status()).toBe(201);
  const studentPage = await studentContext.newPage();
  await studentPage.goto(linkIn(await inbox.waitFor(student.email, /Verify/), 'verify'));
  await expect(studentPage.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();

  // 2. The super admin opens People from their menu and finds the student by roll number.
  await signIn(page, SUPER_ADMIN);
  await fromAccountMenu(page, { role: 'link', name: 'People' });
  await expect(page).toHaveURL(/\/admin\/people$/);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ people$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'people');
  await page.getByRole('searchbox', { name: 'Search' }).fill(student.rollNumber.toLowerCase());
  await expect(page.getByRole('heading', { level: 2, name: '1 person' })).toBeVisible();
  const row = personRow(page, student.name);
  await expect(row.getByRole('cell')).toHaveText([student.email, student.rollNumber, 'Student', /\d{1,2} \w{3} \d{4}/, 'Change role']);

  // 3. They make the student a club admin of the club, confirming what it does.
  await row.getByRole('button', { name: `Change role of ${student.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Change role of ${student.name}` });
  await expect(dialog.getByRole('button', { name: 'Confirm role change' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Club admin' }).check();
  await dialog.getByRole('combobox', { name: 'Club' }).selectOption(CLUB);
  await expect(dialog).toContainText(`${student.name} becomes a club admin of ${CLUB}.`);
  await expectNoAxeViolations(page, 'people, changing a role');
  await dialog.getByRole('button', { name: 'Confirm role change' }).click();
  await expect(dialog).toBeHidden();
  const result = page.getByText(`${student.name} is now a club admin of ${CLUB}.`);
  await expect(result).toBeVisible();
  // The keyboard lands on the result, not back on the row's button.
  await expect(result.locator('xpath=..')).toBeFocused();
  await expect(row.getByRole('cell').nth(2)).toHaveText(`Club admin of ${CLUB}`);
  // Among the club admins too.
  await page.getByRole('combobox', { name: 'Role' }).selectOption('Club admin');
  await expect(page.getByRole('heading', { level: 2, name: '1 person' })).toBeVisible();
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page, 'people, role changed');

  // 4. Admins by Club lists them under the club, and the audit trail says who did it.
  await page.goto('/admin/clubs');
  const club = page.getByRole('region', { name: CLUB });
  await expect(club).toContainText(student.name);
  await expect(club).toContainText(student.email);
  await page.goto('/admin/audit');
  const entry = page.getByRole('listitem').filter({ hasText: `${student.name} (${student.email})` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Role changed');
  await expect(entry).toContainText(`By ${SUPER_ADMIN.name} (${SUPER_ADMIN.email}) · ${CLUB}`);

  // 5. Signed in, the student is the club's admin now.
  await signIn(studentPage, student);
  await expect(studentPage).toHaveURL(/\/admin\/dashboard$/);
  await expect(studentPage.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(studentPage.getByText(CLUB, { exact: true }).first()).toBeVisible();
  await studentContext.close();

  // 6. The last super admin tries to make themselves a student, and is refused.
  await page.goto('/super-admin/dashboard');
  await page.getByRole('link', { name: 'People' }).first().click();
  await expect(page).toHaveURL(/\/admin\/people$/);
  await page.getByRole('combobox', { name: 'Role' }).selectOption('Super admin');
  await expect(page.getByRole('heading', { level: 2, name: '1 person' })).toBeVisible();
  await personRow(page, SUPER_ADMIN.name)
    .getByRole('button', { name: `Change role of ${SUPER_ADMIN.name}` })
    .click();
  const own = page.getByRole('dialog', { name: `Change role of ${SUPER_ADMIN.name}` });
  await own.getByRole('radio', { name: 'Student' }).check();
  await expect(own).toContainText('You will be signed out everywhere, and sign in again under your new role.');
  await own.getByRole('button', { name: 'Confirm role change' }).click();
  await expect(own.getByRole('alert')).toHaveText('The last super admin cannot be changed: make someone else a super admin first');
  await expectNoAxeViolations(page, 'people, last super admin refused');
  await own.getByRole('button', { name: 'Cancel' }).click();
  await expect(own).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();

  // 7. The new admin is made a student again, leaving the festival as the other journeys expect it.
  await page.getByRole('searchbox', { name: 'Search' }).fill(student.email);
  await personRow(page, student.name)
    .getByRole('button', { name: `Change role of ${student.name}` })
    .click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Student' }).check();
  await expect(page.getByRole('dialog')).toContainText(`${student.name} becomes a student.`);
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm role change' }).click();
  await expect(page.getByText(`${student.name} is now a student.`)).toBeVisible();
});
