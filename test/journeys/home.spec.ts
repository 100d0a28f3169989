// Journeys through the public home page, an event page and the not-found answers, as a visitor
// who is not signed in sees them. The server (serve.mjs) holds the 24 demo events, with the
// festival 30 days ahead.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';

const EVENT_COUNT = 24;
const EMPTY_STATE = 'No events found. Try adjusting your filters.';

/** The fields of GET /api/v1/events these journeys use as their oracle. */
interface ListedEvent {
  _id: string;
  name: string;
  description: string;
  event_type: 'solo' | 'group';
  clubInCharge: string | null;
  rules: string[];
  event_date: string | null;
  createdAt: string;
  maxApplications: number | null;
  actualSeatsTaken: number;
}

async function listedEvents(request: APIRequestContext): Promise<ListedEvent[]> {
  const response = await request.get('/api/v1/events');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { success: boolean; events: ListedEvent[] };
  expect(body.success).toBe(true);
  expect(body.events).toHaveLength(EVENT_COUNT);
  return body.events;
}

const clubOf = (event: ListedEvent) => event.clubInCharge ?? 'General';
/** The spec's slug: lowercased title, spaces to hyphens, other characters removed. */
const slugOf = (title: string) =>
  title
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');

const eventsSection = (page: Page) => page.getByRole('region', { name: 'Events', exact: true });
const cards = (page: Page) => eventsSection(page).getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 3 });
const resultCount = (page: Page) =>
  eventsSection(page)
    .getByRole('status')
    .filter({ hasText: /^Showing/ });
const cardFor = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search events' });
const typeFilter = (page: Page) => page.getByRole('combobox', { name: 'Type' });
const clubFilter = (page: Page) => page.getByRole('combobox', { name: 'Club' });

/** Opens the home page and waits until all events are listed. */
async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expectAllEvents(page);
}

async function expectAllEvents(page: Page): Promise<void> {
  await expect(resultCount(page)).toHaveText(`Showing ${EVENT_COUNT} of ${EVENT_COUNT} events`);
  await expect(cards(page)).toHaveCount(EVENT_COUNT);
}

/** The listed events' titles, in listing order, that a filter should leave. */
async function expectTitles(page: Page, expected: string[]): Promise<void> {
  await expect(resultCount(page)).toHaveText(`Showing ${expected.length} of ${EVENT_COUNT} events`);
  await expect(cardTitles(page)).toHaveText(expected);
}

/** Dates as the product's cards show them: en-IN, in the festival's time zone, formatted by the browser's own Intl. */
const formatInBrowser = (page: Page, isos: string[]) =>
  page.evaluate((values) => {
    const format = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
    return values.map((value) => format.format(new Date(value)));
  }, isos);

async function countdownUnit(timer: Locator, unit: 'Days' | 'Seconds'): Promise<number> {
  const text = (await timer.textContent()) ?? '';
  const match = new RegExp(`(\\d+)\\s*${unit}`).exec(text);
  if (!match) throw new Error(`no ${unit} in the countdown "${text}"`);
  return Number(match[1]);
}

test.describe('home page', () => {
  test('lists all 24 events as cards with title, club, en-IN date and seats, and the countdown ticks', async ({ page, request }) => {
    const events = await listedEvents(request);
    await openHome(page);
    await expectNoAxeViolations(page, 'home');

    // The page states the number of events, in the hero and above the cards.
    await expect(page.getByText(`${EVENT_COUNT} events`, { exact: true })).toBeVisible();
    await expect(cardTitles(page)).toHaveText(events.map((event) => event.name));

    // Each card, in listing order: its club, its date in en-IN form and its seats.
    const isoDates = events.map((event) => event.event_date ?? event.createdAt);
    const dates = await formatInBrowser(page, isoDates);
    for (const date of dates) expect(date, 'en-IN order: day, short month, year').toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    await expect(cards(page)).toContainText(events.map(clubOf));
    await expect(cards(page)).toContainText(dates);
    await expect(cards(page)).toContainText(
      // A team event's seats are its teams'.
      events.map((event) => {
        const places = event.event_type === 'group' ? 'team places' : 'seats';
        return event.maxApplications === null
          ? `Unlimited ${event.event_type === 'group' ? 'teams' : 'seats'}`
          : `${event.actualSeatsTaken} / ${event.maxApplications} ${places} taken`;
      }),
    );
    // Events with unlimited seats show the 'Unlimited seats' caption instead of a bar.
    const limited = events.filter((event) => event.maxApplications !== null);
    const withBar = cards(page).filter({ has: page.getByRole('progressbar', { name: 'Seats taken' }) });
    await expect(withBar.getByRole('heading', { level: 3 })).toHaveText(limited.map((event) => event.name));
    for (const [index, event] of limited.entries()) {
      const bar = withBar.nth(index).getByRole('progressbar');
      await expect(bar).toHaveAttribute('aria-valuemax', String(event.maxApplications));
      await expect(bar).toHaveAttribute('aria-valuenow', String(Math.min(event.actualSeatsTaken, event.maxApplications ?? 0)));
    }

    // Countdown to the festival, 30 days ahead: it ticks every second, counting down.
    const timer = page.getByRole('timer', { name: 'Time until the festival' });
    await expect(timer).toBeVisible();
    const days = await countdownUnit(timer, 'Days');
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(30);
    const before = await countdownUnit(timer, 'Seconds');
    await expect.poll(() => countdownUnit(timer, 'Seconds'), { timeout: 5_000, intervals: [100] }).not.toBe(before);
    const after = await countdownUnit(timer, 'Seconds');
    expect([1, 2], `seconds went from ${before} to ${after}`).toContain((before - after + 60) % 60);
  });

  test('search, type and club filters narrow the cards, and clearing them restores all 24', async ({ page, request }) => {
    const events = await listedEvents(request);
    await openHome(page);
    const names = (keep: (event: ListedEvent) => boolean) => events.filter(keep).map((event) => event.name);

    // Search matches title, description or club, ignoring case.
    const quiz = names((event) => [event.name, event.description, clubOf(event)].join('\n').toLowerCase().includes('quiz'));
    expect(quiz).toContain('Quiz Mania');
    expect(quiz.length).toBeLessThan(EVENT_COUNT);
    await searchBox(page).fill('quiz');
    await expectTitles(page, quiz);
    await expect(cards(page)).toContainText(quiz.map(() => /quiz/i));

    await searchBox(page).fill('zzxq-no-such-event');
    await expect(page.getByRole('heading', { name: EMPTY_STATE })).toBeVisible();
    await expect(resultCount(page)).toHaveText(`Showing 0 of ${EVENT_COUNT} events`);
    await expect(cards(page)).toHaveCount(0);
    await expectNoAxeViolations(page, 'home, no events found');

    await searchBox(page).fill('');
    await expectAllEvents(page);
    await expect(page.getByRole('heading', { name: EMPTY_STATE })).toBeHidden();

    // Type: solo cards carry the 'Solo' badge, group cards the 'Team' badge.
    const solo = names((event) => event.event_type === 'solo');
    expect(solo.length).toBeGreaterThan(0);
    expect(solo.length).toBeLessThan(EVENT_COUNT);
    await typeFilter(page).selectOption('solo');
    await expectTitles(page, solo);
    await expect(cards(page).getByText('Solo', { exact: true })).toHaveCount(solo.length);

    const group = names((event) => event.event_type === 'group');
    expect(group.length).toBeGreaterThan(0);
    expect(group.length).toBeLessThan(EVENT_COUNT);
    await typeFilter(page).selectOption('group');
    await expectTitles(page, group);
    await expect(cards(page).getByText('Team', { exact: true })).toHaveCount(group.length);

    await typeFilter(page).selectOption('');
    await expectAllEvents(page);

    // Club: the options are each club once, sorted; choosing one leaves only its events.
    const clubs = [...new Set(events.map(clubOf))].sort((a, b) => a.localeCompare(b));
    await expect(clubFilter(page).getByRole('option')).toHaveText(['All clubs', ...clubs]);
    const club = 'Drama Club';
    const drama = names((event) => clubOf(event) === club);
    expect(drama.length).toBeGreaterThan(0);
    await clubFilter(page).selectOption(club);
    await expectTitles(page, drama);
    await expect(cards(page).getByText(club, { exact: true })).toHaveCount(drama.length);

    // Filters combine.
    await typeFilter(page).selectOption('solo');
    await expectTitles(
      page,
      names((event) => clubOf(event) === club && event.event_type === 'solo'),
    );

    await clubFilter(page).selectOption('');
    await typeFilter(page).selectOption('');
    await expectAllEvents(page);
  });

  test('filters apply 300 ms after the last change, not on each keystroke', async ({ page }) => {
    await openHome(page);
    // Times, in the page, of each keystroke in the search box and of each change of the result count.
    await page.evaluate(() => {
      const w = window as unknown as { inputs: number[]; changes: number[] };
      [w.inputs, w.changes] = [[], []];
      const input = document.querySelector<HTMLInputElement>('input[type="search"]');
      const status = [...document.querySelectorAll('[role="status"]')].find((element) => element.textContent?.startsWith('Showing'));
      if (!input || !status) throw new Error('no search box or result count');
      input.addEventListener('input', () => w.inputs.push(performance.now()));
      new MutationObserver(() => w.changes.push(performance.now())).observe(status, { childList: true, characterData: true, subtree: true });
    });
    // A busy phone: each keystroke lands while the last one's render is still under way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await searchBox(page).pressSequentially('mime', { delay: 50 });
    await expect(searchBox(page)).toHaveValue('mime');
    await expectTitles(page, ['Mime']);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const { inputs, changes } = await page.evaluate(() => {
      const w = window as unknown as { inputs: number[]; changes: number[] };
      return { inputs: w.inputs, changes: w.changes };
    });
    expect(inputs).toHaveLength(4);
    expect(changes.length).toBeGreaterThan(0);
    // Each change comes at least the debounce after the keystroke before it (never between quick keystrokes).
    for (const changedAt of changes) {
      const lastInput = Math.max(...inputs.filter((at) => at <= changedAt));
      expect(changedAt - lastInput, 'ms from the last keystroke to the filter applying').toBeGreaterThanOrEqual(295);
      expect(changedAt - lastInput).toBeLessThan(1_500);
    }
  });
});

test.describe('theme', () => {
  const html = (page: Page) => page.locator('html');
  const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

  test('the toggle switches data-theme on <html> and the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    // Playwright's default colour scheme is light and nothing is stored yet.
    await expect(html(page)).toHaveAttribute('data-theme', 'light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await expect.poll(() => storedTheme(page)).toBe('dark');

    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect.poll(() => storedTheme(page)).toBe('light');
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  });

  test.describe('with a dark system preference', () => {
    test.use({ colorScheme: 'dark' });

    test('starts dark when nothing is stored', async ({ page }) => {
      await page.goto('/');
      await expect(html(page)).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    });

    test('a stored light choice wins over the system preference', async ({ page }) => {
      await page.goto('/');
      await page.evaluate(() => localStorage.setItem('theme', 'light'));
      await page.reload();
      await expect(html(page)).toHaveAttribute('data-theme', 'light');
      await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    });
  });
});

test.describe('on a 375 px wide phone', () => {
  const WIDTH = 375;
  const HEIGHT = 812;
  test.use({ viewport: { width: WIDTH, height: HEIGHT } });

  const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
  const menuButton = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
  const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

  /** Waits, in the page, until the scroll position has stopped moving (smooth scrolling) and returns it. */
  const scrollComesToRest = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const started = performance.now();
          let last = window.scrollY;
          let stillSince = started;
          const watch = (now: number) => {
            if (window.scrollY !== last) [last, stillSince] = [window.scrollY, now];
            if (last > 0 && now - stillSince >= 250) {
              resolve(last);
              return;
            }
            if (now - started > 5_000) {
              reject(new Error(`scrolling did not come to rest (scrollY ${last})`));
              return;
            }
            requestAnimationFrame(watch);
          };
          requestAnimationFrame(watch);
        }),
    );

  async function openMenuAndGoToEvents(page: Page): Promise<void> {
    await openHome(page);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuLink(page, 'Events')).toBeHidden();
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(menuLink(page, 'Events')).toBeVisible();
    await expect(menuLink(page, 'About')).toBeVisible();
    expect(await scrollWidth(page), 'no horizontal scrolling with the menu open').toBeLessThanOrEqual(WIDTH);
    await menuLink(page, 'Events').click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuLink(page, 'Events')).toBeHidden();
    await scrollComesToRest(page);
  }

  test('no horizontal scrolling and the cards in one column', async ({ page }) => {
    await openHome(page);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(WIDTH);
    const boxes = await cards(page).evaluateAll((elements) =>
      elements.map((element) => {
        const rect = element.getBoundingClientRect();
        return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      }),
    );
    expect(boxes).toHaveLength(EVENT_COUNT);
    for (const [index, box] of boxes.entries()) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(WIDTH);
      expect(Math.abs(box.left - boxes[0].left), `card ${index} starts where the first does`).toBeLessThanOrEqual(1);
      if (index > 0) expect(box.top, `card ${index} sits below card ${index - 1}`).toBeGreaterThanOrEqual(boxes[index - 1].bottom);
    }
  });

  test('the menu opens, and its Events link closes it and scrolls down to the events section', async ({ page }) => {
    await openMenuAndGoToEvents(page);
    // At rest, the events section fills the screen below the bar, and its filters are in view.
    const bar = await page.getByRole('banner').boundingBox();
    const section = await eventsSection(page).boundingBox();
    if (!bar || !section) throw new Error('no navigation bar or events section');
    expect(section.y, 'the events section starts at or above the bar').toBeLessThanOrEqual(bar.y + bar.height + 1);
    expect(section.y + section.height, 'the events section reaches past the bottom of the screen').toBeGreaterThanOrEqual(HEIGHT);
    await expect(searchBox(page)).toBeInViewport();
    await expect(cards(page).first()).toBeInViewport();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(WIDTH);
  });

  test('the menu’s Events link brings the Events heading to rest just below the bar', async ({ page }) => {
    await openMenuAndGoToEvents(page);
    const bar = await page.getByRole('banner').boundingBox();
    const heading = await eventsSection(page).getByRole('heading', { level: 2, name: 'Events' }).boundingBox();
    if (!bar || !heading) throw new Error('no navigation bar or Events heading');
    expect(heading.y, 'the Events heading is not under or above the bar').toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(heading.y + heading.height).toBeLessThanOrEqual(HEIGHT);
  });
});

test.describe('event page', () => {
  test('every card links to /event/{id}?slug={slug}', async ({ page, request }) => {
    const events = await listedEvents(request);
    await openHome(page);
    const hrefs = await cards(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(events.map((event) => `/event/${event._id}?slug=${slugOf(event.name)}`));
  });

  test('a card opens its event page with title and rules, and Back to Events returns home', async ({ page, request }) => {
    const title = 'Hack the Campus';
    const event = (await listedEvents(request)).find((candidate) => candidate.name === title);
    if (!event) throw new Error(`${title} is not listed`);
    await openHome(page);

    await cardFor(page, title).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/event/${event._id}?slug=hack-the-campus`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · FestHub`);
    const rules = page.getByRole('region', { name: 'Rules' });
    await expect(rules.getByRole('listitem')).toHaveText(event.rules);
    await expect(rules).toContainText('The decisions of the organizers and the jury are final.');
    await expectNoAxeViolations(page, 'event page');

    // The address works on its own too (a reload or a shared link).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    await page.getByRole('link', { name: 'Back to Events' }).click();
    await expect(page).toHaveURL('/');
    await expectAllEvents(page);
  });
});

test.describe('not found', () => {
  test('a client route that does not exist shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · FestHub');
    await expectNoAxeViolations(page, 'page not found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expectAllEvents(page);
  });

  test('an event id that names no event shows Event not found', async ({ page }) => {
    await page.goto('/event/00000000-0000-4000-8000-000000000000?slug=nothing');
    await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Events' })).toBeVisible();
    await expectNoAxeViolations(page, 'event not found');
  });

  test('an unknown API path answers JSON with success false', async ({ request }) => {
    // Also when asked the way a browser asks for a page: /api is never answered with the client.
    for (const accept of ['application/json', 'text/html']) {
      const response = await request.get('/api/v1/nope', { headers: { accept } });
      expect(response.status(), `Accept: ${accept}`).toBe(404);
      expect(response.headers()['content-type']).toMatch(/^application\/json/);
      const body = (await response.json()) as { success: unknown; message: unknown };
      expect(body.success).toBe(false);
      expect(typeof body.message).toBe('string');
    }
  });
});
