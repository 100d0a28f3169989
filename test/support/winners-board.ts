// The admin dashboard's event day panel and its winners board, as the journeys find them.
import { expect, type Locator, type Page } from '@playwright/test';

/** An event's panel on the admin dashboard. */
export const panelOf = (page: Page, event: string): Locator => page.getByRole('region', { name: `Applicants of ${event}`, exact: true });

/** A participant's card on the winners board (a student, or a team on a group event). */
export const cardOf = (panel: Locator, name: string): Locator =>
  panel.getByRole('list', { name: 'Participants' }).getByRole('button', { name: new RegExp(`^${name}`) });

/**
 * Drags the participant card that has focus onto the winners list with the keyboard: Space picks
 * it up, an arrow key moves it, Space drops it. As a keyboard user does, the arrow is pressed again
 * until the announcement says the card is over the list: a move that lands off screen scrolls the
 * page on its way.
 */
export async function dropFocusedCardOnWinners(page: Page): Promise<void> {
  await page.keyboard.press('Space');
  const overTheList = page.getByText(/is over the winners list/);
  await expect(async () => {
    await page.keyboard.press('ArrowRight');
    await expect(overTheList).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Space');
}
