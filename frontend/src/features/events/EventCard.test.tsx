import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser, FestEvent, WaitlistEntry } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { clubAdmin, makeEvent, makeUser, makeWaitlistEntry, offered, sessionOf, superAdmin } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { EventCard } from './EventCard';

const now = Date.parse('2026-12-01T00:00:00Z');
const student = makeUser();

function renderCard(event: FestEvent, viewer: SessionUser | null = student) {
  return renderWithProviders(<EventCard event={event} now={now} />, { preloadedState: sessionOf(viewer) });
}

const action = () => screen.getByRole('article').querySelector('.event-card__action')!;
const full = { maxApplications: 10, actualSeatsTaken: 10 };

describe('event card registration state', () => {
  it.each<[string, Partial<FestEvent>]>([
    ['the server says so', { isRegistered: true }],
    ["an application is the user's", { applications: [{ userId: student._id, appliedAt: '2026-11-20T10:00:00Z' }] }],
  ])('shows "✓ Registered" when %s, even on a full event', (_case, overrides) => {
    renderCard(makeEvent({ ...full, ...overrides }));
    expect(action()).toHaveTextContent('✓ Registered');
    expect(within(action() as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says "Awaiting approval" while the club has still to decide the registration', () => {
    renderCard(makeEvent({ isRegistered: true, registrationStatus: 'pending' }));
    expect(action()).toHaveTextContent('Awaiting approval');
    expect(action()).not.toHaveTextContent('✓ Registered');
  });

  it("ignores another student's application", () => {
    renderCard(makeEvent({ applications: [{ userId: 'someone-else', appliedAt: '2026-11-20T10:00:00Z' }] }));
    expect(screen.getByRole('button', { name: /^Register for/ })).toBeInTheDocument();
  });

  it.each([
    ['a club admin', clubAdmin()],
    ['the super admin', superAdmin()],
  ])('shows "Admin Account" to %s, before "Registration Full"', (_who, admin) => {
    renderCard(makeEvent(full), admin);
    expect(action()).toHaveTextContent('Admin Account');
  });

  it('shows "Registration Full", then "Registration Closed", else Register', () => {
    const { unmount } = renderCard(makeEvent({ ...full, isActive: false }));
    expect(action()).toHaveTextContent('Registration Full');
    unmount();
    renderCard(makeEvent({ isActive: false }));
    expect(action()).toHaveTextContent('Registration Closed');
  });
});

describe('event card Register', () => {
  it('sends a visitor to sign-in, to come back afterwards', async () => {
    const { user, router } = renderCard(makeEvent({ name: 'Chess Blitz' }), null);
    await user.click(screen.getByRole('button', { name: 'Register for Chess Blitz' }));
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/' } });
  });

  it('asks a student to confirm a solo event in a modal', async () => {
    const { user, router } = renderCard(makeEvent({ name: 'Chess Blitz' }));
    await user.click(screen.getByRole('button', { name: 'Register for Chess Blitz' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Registration' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("opens a group event's page, where teams are formed", async () => {
    const event = makeEvent({ name: 'Robo Race', event_type: 'group' });
    const { user, router } = renderCard(event);
    await user.click(screen.getByRole('button', { name: 'Register for Robo Race' }));
    expect(router.state.location.pathname).toBe(`/event/${event._id}`);
    expect(router.state.location.search).toBe('?slug=robo-race');
  });

  it('sends other event types to the event-registration page', async () => {
    const event = makeEvent({ name: 'Resume Workshop', event_type: 'workshop' });
    const { user, router } = renderCard(event);
    await user.click(screen.getByRole('button', { name: 'Register for Resume Workshop' }));
    expect(router.state.location.pathname).toBe('/event-registration');
    expect(router.state.location.search).toBe(`?eventId=${event._id}`);
  });
});

describe('event card on a full event', () => {
  const chess = makeEvent({ name: 'Chess Blitz', ...full, availableSeats: 0 });

  function renderFull(
    event: FestEvent,
    entries: () => WaitlistEntry[],
    routes: Record<string, (request: Request) => Response> = {},
    viewer: SessionUser | null = student,
  ) {
    const fetchMock = stubApi({ '/api/v1/waitlist': () => jsonResponse({ success: true, entries: entries() }), ...routes });
    const view = renderWithProviders(
      <>
        <EventCard event={event} now={now} />
        <ToastRegion />
      </>,
      { preloadedState: sessionOf(viewer) },
    );
    return { ...view, fetchMock };
  }

  it('offers a student "Join the waitlist" instead of the dead end, then says their place in line', async () => {
    let entries: WaitlistEntry[] = [];
    const entry = makeWaitlistEntry(chess, { place: 4 });
    const { user, fetchMock } = renderFull(chess, () => entries, {
      [`/api/v1/events/${chess._id}/waitlist`]: () => {
        entries = [entry];
        return jsonResponse({ success: true, message: 'You are number 4 in line for Chess Blitz.', entry }, 201);
      },
    });
    // A quiet placeholder holds the place until the student's places in line are known.
    expect(action()).toHaveTextContent('Checking the waitlist…');
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist for Chess Blitz' }));
    expect(await screen.findByText('You are number 4 in line for Chess Blitz.')).toBeInTheDocument();
    const place = await within(action() as HTMLElement).findByText('You are number 4 in line');
    // The Join button that had focus is gone: focus lands on the place it gave.
    expect(place).toHaveFocus();
    expect(within(action() as HTMLElement).getByRole('button', { name: 'Leave the waitlist for Chess Blitz' })).toBeInTheDocument();
    expect(await requestsTo(fetchMock, `/api/v1/events/${chess._id}/waitlist`)[0].json()).toEqual({});
    expect(requestsTo(fetchMock, '/api/v1/waitlist')).toHaveLength(2);
  });

  it("shows the server's refusal to join as an error, keeping the button", async () => {
    const { user } = renderFull(chess, () => [], {
      [`/api/v1/events/${chess._id}/waitlist`]: () => jsonResponse({ success: false, message: 'You are already registered for Chess Blitz.' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist for Chess Blitz' }));
    expect(await screen.findByText('You are already registered for Chess Blitz.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waitlist for Chess Blitz' })).toBeEnabled();
  });

  it('leaves the line', async () => {
    const entry = makeWaitlistEntry(chess, { place: 2 });
    let entries = [entry];
    const { user, fetchMock } = renderFull(chess, () => entries, {
      [`/api/v1/waitlist/${entry.id}`]: () => {
        entries = [];
        return jsonResponse({ success: true, message: 'You left the waitlist for Chess Blitz.' });
      },
    });
    expect(await screen.findByText('You are number 2 in line')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist for Chess Blitz' }));
    expect(await screen.findByText('You left the waitlist for Chess Blitz.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Join the waitlist for Chess Blitz' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/waitlist/${entry.id}`)[0].method).toBe('DELETE');
  });

  it("shows a seat held for the student, in India's time, with Accept and Decline", async () => {
    const entry = offered(makeWaitlistEntry(chess), '2026-11-24T12:30:00.000Z');
    const { user, fetchMock } = renderFull(chess, () => [entry], {
      [`/api/v1/waitlist/${entry.id}/accept`]: () => jsonResponse({ success: true, message: 'Successfully registered for Chess Blitz!' }),
    });
    expect(await screen.findByText('A seat is held for you until 24 Nov 2026, 6:00 pm')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline the seat for Chess Blitz' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept the seat for Chess Blitz' }));
    expect(await screen.findByText('Successfully registered for Chess Blitz!')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/waitlist/${entry.id}/accept`)[0].method).toBe('POST');
  });

  it('counts a seat held for the line as taken: the event is full though the bar shows one free', async () => {
    renderFull(makeEvent({ name: 'Quiz', maxApplications: 10, actualSeatsTaken: 9, availableSeats: 0 }), () => []);
    expect(await screen.findByRole('button', { name: 'Join the waitlist for Quiz' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register for Quiz' })).not.toBeInTheDocument();
  });

  it.each<[string, Partial<FestEvent>, SessionUser | null]>([
    ['a visitor', {}, null],
    ['a closed event', { isActive: false }, student],
    ['a team event the student has no team in line for', { event_type: 'group' }, student],
  ])('keeps "Registration Full" for %s', async (_case, overrides, viewer) => {
    renderFull({ ...chess, ...overrides }, () => [], {}, viewer);
    expect(await within(action() as HTMLElement).findByText('Registration Full')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("points a student to a full team event's page, where a team is put in line", async () => {
    const robo = { ...chess, name: 'Robo Race', event_type: 'group' as const };
    renderFull(robo, () => []);
    const hint = await within(action() as HTMLElement).findByRole('link', { name: 'Put your team in line from the event page' });
    expect(hint.getAttribute('href')).toMatch(new RegExp(`^/event/${robo._id}`));
    expect(action()).toHaveTextContent('Registration Full');
  });

  it("shows a team's place in line on a team event's card, without answers for a member", async () => {
    const robo = { ...chess, name: 'Robo Race', event_type: 'group' as const };
    renderFull(robo, () => [offered(makeWaitlistEntry(robo, { team: { id: 'team-1', name: 'Gear Heads' }, canAnswer: false }))]);
    expect(await screen.findByText('A seat is held for your team until 24 Nov 2026, 6:00 pm')).toBeInTheDocument();
    expect(screen.getByText("Your team's leader answers for the team.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });
});
