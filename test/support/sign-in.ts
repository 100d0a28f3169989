// Signing in through the form, as a person does, for the journeys that start signed in.
import { expect, type Page } from '@playwright/test';
import { accountMenu } from './account-menu';

interface Credentials {
  email: string;
  password: string;
}

/** Fills and sends the sign-in form already on screen (e.g. where a guarded page sent the visitor); the outcome is the caller's to check. */
export async function submitSignIn(page: Page, who: Credentials): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Opens the sign-in page, signs in and waits until the app has moved on from it, with the menu
 * naming the account the server signed in, and that account the one asked for.
 */
export async function signIn(page: Page, who: Credentials): Promise<void> {
  await page.goto('/auth/signin');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/signin') && response.request().method() === 'POST');
  await submitSignIn(page, who);
  const body = (await (await answer).json()) as { user?: { email: string; name: string } };
  expect(body.user?.email).toBe(who.email);
  await expect(page).not.toHaveURL(/\/auth\/signin$/);
  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu: ${body.user!.name}`);
}
