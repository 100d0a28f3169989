// Runs axe-core on the page as it stands, in both themes and at a phone's and a laptop's width,
// and fails on any violation. No rule is switched off.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WIDTHS = [360, 1280] as const;
const THEMES = ['light', 'dark'] as const;
const HEIGHT = 800;

/** A violation in a line a reader can act on: the rule, its impact and the first few elements. */
const describe = ({ id, impact, help, nodes }: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }) =>
  `${id} (${impact ?? 'no impact'}): ${help} at ${nodes
    .slice(0, 5)
    .map((node) => node.target.join(' '))
    .join(', ')}`;

/**
 * Checks every theme and width, then leaves the page as it was (viewport and theme). The theme
 * is set as the product sets it, on the document element, so nothing is reloaded or re-rendered
 * but the styles; transitions are off (reduced motion) so colours are read settled.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const viewport = page.viewportSize();
  const theme = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: string[] = [];
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      for (const name of THEMES) {
        await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), name);
        const { violations } = await new AxeBuilder({ page }).analyze();
        found.push(...violations.map((violation) => `${state}, ${name} theme, ${width} px: ${describe(violation)}`));
      }
    }
  } finally {
    await page.evaluate(
      (value) => (value ? document.documentElement.setAttribute('data-theme', value) : document.documentElement.removeAttribute('data-theme')),
      theme,
    );
    if (viewport) await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: null });
  }
  expect(found, found.join('\n')).toEqual([]);
}
