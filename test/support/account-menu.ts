// The signed-in header's account menu, as the journeys use it.
import { expect, type Locator, type Page } from '@playwright/test';

/** The account menu's toggle, named "Account menu: {name}". */
export const accountMenu = (page: Page): Locator => page.getByRole('button', { name: /^Account menu/ });

/**
 * Opens the account menu and picks `item` (a link or a button). Any navigation closes the menu,
 * and the one that ends signing in can land between the click that opened it and the click on
 * the item, so both clicks are tried again, together, until the item is picked.
 */
export async function fromAccountMenu(page: Page, item: { role: 'link' | 'button'; name: string }): Promise<void> {
  const choice = page.locator('#user-menu-panel').getByRole(item.role, { name: item.name, exact: true });
  await expect(async () => {
    if ((await accountMenu(page).getAttribute('aria-expanded')) !== 'true') await accountMenu(page).click({ timeout: 2_000 });
    await choice.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
