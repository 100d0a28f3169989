// The super admin founds a club on Manage Clubs: it is offered at once by the event form, and once
// it runs an event, by the home page's club filter. The journey deletes its event and retires its
// club at the end, so the demo festival the other journeys expect is as it was.
import { type Browser, expect, test, type Page } from '@playwright/test';
import { apiCall } from '../support/api-call';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

const SUPER_ADMIN = { email: 'superadmin@campus.ac.in', password: 'Festival@2025' };
const CLUB = 'Robotics Society';
const EVENT = 'Maze Runner';
const DAY = 24 * 60 * 60 * 1000;
const daysAhead = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function visitorHome(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/');
  return page;
}

test('a club the super admin founds is offered by the event form, and by the home filter once it runs an event', async ({ page, browser, baseURL }) => {
  await signIn(page, SUPER_ADMIN);
  await page.getByRole('link', { name: 'Manage Clubs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Tech Club' })).toBeVisible();
  await expectNoAxeViolations(page, 'manage clubs');

  const form = page.getByRole('form', { name: 'Add a club' });
  await form.getByLabel('Club name').fill(CLUB);
  await form.getByLabel('Description').fill('Line followers, mazes and sumo bots.');
  await form.getByRole('button', { name: 'Add Club' }).click();
  await expect(form.getByRole('status')).toHaveText(`${CLUB} created.`);
  await expect(page.getByRole('listitem', { name: CLUB })).toContainText('Active');

  let eventId: string | undefined;
  try {
    await page.goto('/admin/events/create');
    await expect(page.getByRole('combobox', { name: 'Club in charge' }).getByRole('option', { name: CLUB, exact: true })).toHaveCount(1);

    const created = await apiCall(page, 'POST', '/api/v1/admin/events', {
      name: EVENT,
      event_type: 'solo',
      description: 'Steer a robot through the maze.',
      clubInCharge: CLUB,
      staff_incharges: [{ adminId: null, name: 'Dr. R. Iyer', email: 'r.iyer@campus.ac.in', club: CLUB }],
      maxApplications: 20,
      applicationDeadline: daysAhead(20),
      eventDate: daysAhead(25),
      venue: 'Robotics Lab',
      rules: ['One robot per student.'],
      coordinatorName: 'Ravi S',
      coordinatorDept: 'ECE',
    });
    expect(created.status).toBe(201);
    eventId = (created.body.event as { _id: string })._id;

    const home = await visitorHome(browser, baseURL);
    const clubFilter = home.getByRole('combobox', { name: 'Club' });
    await expect(clubFilter.getByRole('option', { name: CLUB, exact: true })).toHaveCount(1);
    await clubFilter.selectOption(CLUB);
    await expect(home.getByRole('region', { name: 'Events', exact: true }).getByRole('article').getByRole('heading', { level: 3 })).toHaveText([EVENT]);
    await home.context().close();
  } finally {
    if (eventId) expect((await apiCall(page, 'DELETE', `/api/v1/admin/events/${eventId}`)).status).toBe(200);
    const { body } = await apiCall(page, 'GET', '/api/v1/clubs');
    const club = (body.clubs as { _id: string; name: string }[]).find((listed) => listed.name === CLUB);
    if (club) expect((await apiCall(page, 'POST', `/api/v1/clubs/${club._id}/retire`)).status).toBe(200);
  }
});
