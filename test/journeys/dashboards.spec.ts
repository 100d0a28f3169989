// The two dashboards on the demo festival: the super admin's cards and panels, the detailed events
// read when first opened, and the club admin's analytics for the event they run. Each state is
// checked by axe at a phone's and a laptop's width in both themes.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

const SUPER_ADMIN = { email: 'superadmin@campus.ac.in', password: 'Festival@2025' };
// The demo admin of Blue Sky Forum, running Paper Presentation (a team event).
const CLUB_ADMIN = { email: 'bluesky.admin@campus.ac.in', password: 'ClubAdmin@123' };

test('the super admin sees the festival at a glance and opens the detailed events', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  await expect(page).toHaveURL(/\/super-admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Totals' }).getByRole('listitem');
  await expect(cards).toHaveText([/^\d+Total Events$/, /^\d+Total Registrations$/, /^\d+Active Clubs?$/]);
  await expect(cards.first()).toHaveText(/^2[3-5]Total Events$/);
  const admins = page.getByRole('region', { name: 'Admins by Club' });
  await expect(admins.getByText('Blue Sky Forum')).toBeVisible();
  await expect(admins.getByText(CLUB_ADMIN.email)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Registrations by Club' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Registrations over time' })).toBeVisible();
  await expectNoAxeViolations(page, 'super admin dashboard');

  // The detailed events are read on first open.
  const detailsRead = page.waitForRequest((request) => request.url().endsWith('/api/v1/admin/dashboard/events-registrations'));
  await page.getByRole('button', { name: 'View Detailed Events' }).click();
  await detailsRead;
  const details = page.getByRole('region', { name: 'Detailed Events' });
  await expect(details.getByText(/^Last updated/)).toBeVisible();
  const paper = details.getByRole('region', { name: 'Blue Sky Forum' }).getByRole('article', { name: 'Paper Presentation' });
  await expect(paper.getByText('Team Event')).toBeVisible();
  await expect(details.getByRole('figure', { name: 'Seats filled per event' })).toBeVisible();
  await expectNoAxeViolations(page, 'super admin dashboard, detailed events');
  await page.getByRole('button', { name: 'Hide Detailed Events' }).click();
  await expect(details).toBeHidden();
});

test('a club admin sees the analytics of the event they run', async ({ page }) => {
  await signIn(page, CLUB_ADMIN);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Manage your registrations')).toBeVisible();
  const analytics = page.getByRole('region', { name: 'Event analytics' });
  // The club's events, the one the admin was invited for first.
  const events = analytics.getByRole('list', { name: 'Your events' }).getByRole('listitem');
  await expect(events.first().getByRole('heading', { level: 3 })).toHaveText('Paper Presentation');
  await expect(events.first().getByText('Team Event')).toBeVisible();
  await expect(analytics.getByRole('definition').first()).toHaveText('Blue Sky Forum');
  // The attendance panels have their own section, so their headings are not filed under the analytics.
  await expect(page.getByRole('region', { name: 'Event day' }).getByRole('heading', { level: 3, name: 'Applicants of Paper Presentation' })).toBeVisible();
  await expectNoAxeViolations(page, 'club admin dashboard');
  // The super admin's dashboard is not theirs: they are sent back to their own.
  await page.goto('/super-admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
