// The super admin runs the festival from Festival Settings: new dates and a new name show on the
// home page at once. The server (serve.mjs) holds the demo festival 30 days ahead; the journey
// puts its settings back as it found them, whatever happens, for the journeys after it.
import { type Browser, expect, test, type Page } from '@playwright/test';
import { fromAccountMenu } from '../support/account-menu';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

const SUPER_ADMIN = { email: 'superadmin@campus.ac.in', password: 'Festival@2025' };
const DAY = 24 * 60 * 60 * 1000;

/** `2027-01-06`: the day in India `days` from now, as the date fields take it. */
const indiaDayFromNow = (days: number) => new Date(Date.now() + days * DAY + 330 * 60 * 1000).toISOString().slice(0, 10);

/** The home page as a visitor sees it (the super admin's own "/" leads to the dashboard). */
async function openHomeAsVisitor(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/');
  return visitor;
}

async function countdownDays(page: Page): Promise<number> {
  const text = (await page.getByRole('timer', { name: 'Time until the festival' }).textContent()) ?? '';
  return Number(/(\d+)\s*Days/.exec(text)?.[1]);
}

test.describe('festival settings', () => {
  test('the super admin moves the festival and renames it; the home page follows at once', async ({ page, browser, baseURL }) => {
    await signIn(page, SUPER_ADMIN);
    const before = await page.request.get('/api/v1/festival/settings');
    expect(before.ok()).toBe(true);
    const { settings: original } = (await before.json()) as { settings: Record<string, unknown> & { version: number } };
    try {
      await fromAccountMenu(page, { role: 'link', name: 'Festival Settings' });
      await expect(page.getByRole('heading', { level: 1, name: 'Festival Settings' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Festival settings' });
      await expect(form.getByLabel('Festival name')).toHaveValue(original.name as string);
      await expectNoAxeViolations(page, 'festival settings');

      await form.getByLabel('Festival name').fill('Techfest');
      await form.getByLabel('First day').fill(indiaDayFromNow(40));
      await form.getByLabel('Last day').fill(indiaDayFromNow(42));
      await form.getByRole('button', { name: 'Save Settings' }).click();
      await expect(form.getByRole('status')).toHaveText('Festival settings saved.');
      await expect(page.locator(':focus')).toContainText('Festival settings saved.');

      const home = await openHomeAsVisitor(browser, baseURL);
      await expect(home.getByText(`Techfest ${indiaDayFromNow(40).slice(0, 4)}`, { exact: true })).toBeVisible();
      await expect(home.getByText('festival days', { exact: true })).toBeVisible();
      await expect.poll(() => countdownDays(home)).toBeGreaterThanOrEqual(38);
      expect(await countdownDays(home)).toBeLessThanOrEqual(40);
      await home.context().close();
    } finally {
      // Back to the festival the other journeys expect, saved over whatever version now stands.
      const now = (await (await page.request.get('/api/v1/festival/settings')).json()) as { settings: { version: number } };
      const { updatedAt: _updatedAt, source: _source, ...fields } = original;
      const restored = await page.request.put('/api/v1/festival/settings', {
        data: { ...fields, version: now.settings.version },
        headers: { Origin: baseURL ?? '' },
      });
      expect(restored.ok(), await restored.text()).toBe(true);
    }
    const home = await openHomeAsVisitor(browser, baseURL);
    await expect.poll(() => countdownDays(home)).toBeLessThanOrEqual(30);
    await home.context().close();
  });
});
