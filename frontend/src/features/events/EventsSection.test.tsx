import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { makeEvent, makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EventsSection } from './EventsSection';
import { RegistrationOpeningProvider } from './registration-opening';

const events = [
  makeEvent({ name: 'Robo Race', event_type: 'group', clubInCharge: 'Tech Club', description: 'Build a bot and race it.' }),
  makeEvent({ name: 'Poetry Slam', clubInCharge: 'Literary Club', description: 'Spoken word, three minutes each.' }),
  makeEvent({ name: 'Photo Walk', clubInCharge: null, description: 'Capture the campus with the photography crew.', eventEndDate: '2026-12-20T06:00:00.000Z' }),
  makeEvent({ name: 'Battle of Bands', event_type: 'group', clubInCharge: 'Music Club', maxApplications: 8, actualSeatsTaken: 8 }),
  makeEvent({ name: 'Career Talk', event_type: 'seminar', clubInCharge: 'Tech Club', description: 'Alumni on their first jobs.' }),
];

const eventsOk = () => jsonResponse({ success: true, events });

async function renderLoaded(route = '/') {
  stubApi({ '/api/v1/events': eventsOk });
  const view = renderWithProviders(<EventsSection />, { route });
  await screen.findByRole('link', { name: 'Robo Race' });
  return view;
}

const shownTitles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** Changes a filter, then checks the list only changes once 300 ms have passed. */
async function changeAndSettle(field: HTMLElement, value: string) {
  const before = shownTitles();
  fireEvent.change(field, { target: { value } });
  await advance(299);
  expect(shownTitles()).toEqual(before);
  await advance(1);
}

describe('events section', () => {
  it('shows skeleton cards while loading, then the events', async () => {
    stubApi({ '/api/v1/events': eventsOk });
    renderWithProviders(<EventsSection />);
    expect(screen.getByText('Loading events…')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Robo Race' })).toBeInTheDocument();
    expect(screen.queryByText('Loading events…')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 5 of 5 events')).toBeInTheDocument();
  });

  it('shows each card with its club (General by default), date and hours, seats and a link to its page', async () => {
    await renderLoaded();
    const card = screen.getByRole('link', { name: 'Photo Walk' }).closest('article')!;
    expect(within(card).getByText('General')).toBeInTheDocument();
    expect(within(card).getByText('20 Dec 2026, 10:00 am – 11:30 am')).toBeInTheDocument();
    // Without a set end, the start alone.
    const poetry = screen.getByRole('link', { name: 'Poetry Slam' }).closest('article')!;
    expect(within(poetry).getByText('20 Dec 2026, 10:00 am')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Seats taken' })).toHaveAttribute('aria-valuetext', '0 / 40 seats taken');
    expect(within(card).getByRole('link', { name: 'Photo Walk' })).toHaveAttribute('href', `/event/${events[2]._id}?slug=photo-walk`);
  });

  it('falls back to the creation date when an event has no date', async () => {
    stubApi({
      '/api/v1/events': () =>
        jsonResponse({
          success: true,
          events: [makeEvent({ name: 'Mystery', eventDate: null, event_date: '2026-11-05T09:00:00Z', createdAt: '2026-11-05T09:00:00Z' })],
        }),
    });
    renderWithProviders(<EventsSection />);
    const card = (await screen.findByRole('link', { name: 'Mystery' })).closest('article')!;
    expect(within(card).getByText('5 Nov 2026')).toBeInTheDocument();
  });

  it('labels a full event and sends a visitor who wants to register to sign in', async () => {
    const { user, router } = await renderLoaded();
    const full = screen.getByRole('link', { name: 'Battle of Bands' }).closest('article')!;
    expect(within(full).getByText('Registration Full')).toBeInTheDocument();
    expect(within(full).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register for Poetry Slam' }));
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('labels an event that no longer takes registrations as closed, saying when its deadline passed or that it started', async () => {
    stubApi({
      '/api/v1/events': () =>
        jsonResponse({
          success: true,
          events: [
            makeEvent({ name: 'Inactive', isActive: false }),
            makeEvent({ name: 'Past deadline', registration_deadline: '2020-01-01T00:00:00Z' }),
            // No deadline: registration ran until the event began.
            makeEvent({
              name: 'Started',
              eventDate: '2020-01-01T04:30:00Z',
              event_date: '2020-01-01T04:30:00Z',
              registration_deadline: null,
              applicationDeadline: null,
            }),
          ],
        }),
    });
    renderWithProviders(<EventsSection />);
    await screen.findByRole('link', { name: 'Inactive' });
    expect(screen.getByText('Registration Closed')).toBeInTheDocument();
    expect(screen.getByText('Registration closed on 1 Jan 2020')).toBeInTheDocument();
    expect(screen.getByText('Registration closed: the event has started')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Register/ })).not.toBeInTheDocument();
  });

  it('says on each card when registration opens and counts down to it, offering no Register before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse('2026-11-28T03:30:00Z'));
    stubApi({ '/api/v1/events': () => jsonResponse({ success: true, events: [makeEvent({ name: 'Chess Blitz' })] }) });
    renderWithProviders(
      <RegistrationOpeningProvider opensAt="2026-12-01T03:30:00.000Z">
        <EventsSection />
      </RegistrationOpeningProvider>,
      { preloadedState: sessionOf(makeUser()) },
    );
    expect(await screen.findByText('Registration opens on 1 Dec 2026')).toBeInTheDocument();
    // Three days to go (a moment less, as the fake clock moves with real time).
    expect(screen.getByText(/^in (3d 00:00:00|2d 23:59:59)$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Register/ })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText(/^in 2d 23:59:5[78]$/)).toBeInTheDocument();
    // At the opening the card offers Register at once.
    await act(() => vi.setSystemTime(Date.parse('2026-12-01T03:30:00Z')));
    await act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Register for Chess Blitz' })).toBeInTheDocument();
  });

  it('searches titles, descriptions and clubs 300 ms after typing', async () => {
    await renderLoaded();
    vi.useFakeTimers();
    const search = screen.getByRole('searchbox', { name: 'Search events' });
    await changeAndSettle(search, 'robo');
    expect(shownTitles()).toEqual(['Robo Race']);
    await changeAndSettle(search, 'PHOTOGRAPHY');
    expect(shownTitles()).toEqual(['Photo Walk']);
    await changeAndSettle(search, 'tech club');
    expect(shownTitles()).toEqual(['Robo Race', 'Career Talk']);
    expect(screen.getByText('Showing 2 of 5 events')).toBeInTheDocument();
  });

  it('keeps the filters in the address, and starts from the ones it carries', async () => {
    const { router, user } = await renderLoaded('/?type=group&club=Tech+Club');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('group');
    expect(shownTitles()).toEqual(['Robo Race']);
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'robo');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('robo');
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('group');
  });

  it("sends a visitor's Register to sign-in with the way back to this card and these filters", async () => {
    const { router, user } = await renderLoaded('/?search=o');
    await user.click(screen.getByRole('button', { name: 'Register for Poetry Slam' }));
    const poetry = events.find((event) => event.name === 'Poetry Slam')!;
    expect(router.state.location.state).toEqual({ from: { pathname: '/', search: '?search=o', hash: `#event-${poetry._id}` } });
  });

  it('waits until typing has paused for 300 ms', async () => {
    await renderLoaded();
    vi.useFakeTimers();
    const search = screen.getByRole('searchbox', { name: 'Search events' });
    fireEvent.change(search, { target: { value: 'po' } });
    await advance(200);
    fireEvent.change(search, { target: { value: 'poetry' } });
    await advance(200);
    expect(shownTitles()).toHaveLength(5);
    await advance(100);
    expect(shownTitles()).toEqual(['Poetry Slam']);
  });

  it('filters by type: Solo and Group', async () => {
    await renderLoaded();
    vi.useFakeTimers();
    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Solo', 'Group']);
    await changeAndSettle(type, 'group');
    expect(shownTitles()).toEqual(['Robo Race', 'Battle of Bands']);
    await changeAndSettle(type, 'solo');
    expect(shownTitles()).toEqual(['Poetry Slam', 'Photo Walk']);
  });

  it('filters by club, offering the clubs of the loaded events', async () => {
    await renderLoaded();
    vi.useFakeTimers();
    const club = screen.getByRole('combobox', { name: 'Club' });
    expect(
      within(club)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All clubs', 'General', 'Literary Club', 'Music Club', 'Tech Club']);
    await changeAndSettle(club, 'Tech Club');
    expect(shownTitles()).toEqual(['Robo Race', 'Career Talk']);
  });

  it('combines filters and says so when nothing matches, with one button that clears them all', async () => {
    await renderLoaded();
    vi.useFakeTimers();
    await changeAndSettle(screen.getByRole('combobox', { name: 'Club' }), 'Tech Club');
    await changeAndSettle(screen.getByRole('combobox', { name: 'Type' }), 'solo');
    expect(screen.getByText('No events found. Try adjusting your filters.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 5 events')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await advance(300);
    expect(screen.getByRole('combobox', { name: 'Club' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('');
    expect(screen.getByText('Showing 5 of 5 events')).toBeInTheDocument();
  });

  it('offers Try Again when loading fails, and shows the events once it works', async () => {
    let calls = 0;
    stubApi({
      '/api/v1/events': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return eventsOk();
      },
    });
    const { user } = renderWithProviders(<EventsSection />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load events. Please try again.');
    expect(alert).toHaveTextContent('Network error. Please check your connection.');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Robo Race' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
