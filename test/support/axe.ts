// Runs axe-core on the page as it stands, at a phone's and a laptop's width and in both themes,
// and fails on any violation. No rule is switched off.
import { expect, type Page } from '@playwright/test';
import axe, { type AxeResults, type RunOptions } from 'axe-core';

/** The rules whose verdict a theme can change: text against its background, and links told apart from text by colour. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/**
 * Every rule at both widths in the light theme; the dark theme changes colours only, the same at
 * any width, so its colour rules are checked once, at the phone's width most students use.
 */
const SCANS = [
  { width: 360, theme: 'light', rules: undefined },
  { width: 360, theme: 'dark', rules: COLOUR_RULES },
  { width: 1280, theme: 'light', rules: undefined },
] as const;
const HEIGHT = 800;

/** A violation in a line a reader can act on: the rule, its impact and the first few elements. */
const describe = ({ id, impact, help, nodes }: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }) =>
  `${id} (${impact ?? 'no impact'}): ${help} at ${nodes
    .slice(0, 5)
    .map((node) => node.target.join(' '))
    .join(', ')}`;

/**
 * Checks the widths and themes of `SCANS`, then leaves the page as it was (viewport and theme). The theme
 * is set as the product sets it, on the document element, so nothing is reloaded or re-rendered
 * but the styles. Transitions and animations are switched off while checking: even a 0.01 ms
 * transition (reduced motion) keeps the old theme's colour until the next frame, and on a busy
 * machine axe may read it before that frame comes.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  // npm test's second journey run (the other database) renders the same markup: it scans once.
  if (process.env.ACCESSIBILITY_SCANS === 'off') return;
  const viewport = page.viewportSize();
  const theme = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate((css) => {
    const style = document.createElement('style');
    style.id = 'axe-still';
    style.textContent = css;
    document.head.append(style);
  }, '*, *::before, *::after { transition: none !important; animation: none !important; }');
  const found: string[] = [];
  try {
    for (const { width, theme: name, rules } of SCANS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), name);
      await untilScrollRests(page);
      const violations = await runAxe(page, rules ? { runOnly: { type: 'rule', values: [...rules] } } : {});
      found.push(...violations.map((violation) => `${state}, ${name} theme, ${width} px: ${describe(violation)}`));
    }
  } finally {
    await page.evaluate(
      (value) => (value ? document.documentElement.setAttribute('data-theme', value) : document.documentElement.removeAttribute('data-theme')),
      theme,
    );
    if (viewport) await page.setViewportSize(viewport);
    await page.evaluate(() => document.getElementById('axe-still')?.remove());
    await page.emulateMedia({ reducedMotion: null });
  }
  expect(found, found.join('\n')).toEqual([]);
}

/**
 * Runs axe in the page, putting it there first if this document does not have it yet. Axe's own
 * Playwright runner puts it there again on every run and finishes each run in a page it opens for
 * the purpose: about three times the time, for the same verdicts on pages without cross-origin
 * frames, which the product has none of.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (runOptions) => (await (window as unknown as { axe: typeof axe }).axe.run(document, runOptions)).violations, options);
}

/**
 * Waits until the page stops scrolling: a smooth scroll (focus moved to a result) still running
 * would move elements while axe looks up what lies behind their text.
 */
async function untilScrollRests(page: Page): Promise<void> {
  for (let frame = 0; frame < 100; frame += 1) {
    const moved = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const before = window.scrollY;
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY !== before)));
        }),
    );
    if (!moved) return;
  }
}
