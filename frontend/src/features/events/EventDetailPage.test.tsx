import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../api/types';
import { jsonResponse, stubApi, stubFetch } from '../../test/fake-fetch';
import { clubAdmin, makeEvent, makeUser, makeWaitlistEntry, offered, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EventDetailPage } from './EventDetailPage';
import { RegistrationOpeningProvider } from './registration-opening';

function renderEventPage(eventId: string, viewer: SessionUser | null = null) {
  return renderWithProviders(<EventDetailPage />, { path: '/event/:eventId', route: `/event/${eventId}?slug=anything`, preloadedState: sessionOf(viewer) });
}

function serveEvent(event: ReturnType<typeof makeEvent>, routes: Parameters<typeof stubApi>[0] = {}) {
  stubApi({ [`/api/v1/events/${event._id}`]: () => jsonResponse({ success: true, event }), ...routes });
}

const student = makeUser();

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('event detail page', () => {
  it('shows a team event in full', async () => {
    const event = makeEvent({
      name: 'Robo Race',
      event_type: 'group',
      description: 'Build a bot and race it.',
      clubInCharge: 'Tech Club',
      rules: ['Bots must fit in a 30 cm cube.', 'No wireless control.'],
      minTeamSize: 2,
      maxTeamSize: 4,
      event_date: '2026-12-20T04:30:00Z',
      eventEndDate: '2026-12-20T07:30:00Z',
      registration_deadline: '2026-12-18T12:30:00Z',
      venue: 'Mechanical Block',
      maxApplications: 30,
      actualSeatsTaken: 18,
      coordinatorName: 'Dr. Meera Iyer',
      coordinatorDept: 'MECH',
    });
    serveEvent(event);
    renderEventPage(event._id);

    expect(await screen.findByRole('heading', { level: 1, name: 'Robo Race' })).toBeInTheDocument();
    expect(screen.getByText('Team')).toBeInTheDocument();
    expect(screen.getByText('Build a bot and race it.')).toBeInTheDocument();
    // A team event's seats are its teams'.
    expect(screen.getByRole('heading', { level: 2, name: 'Team places' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Seats taken' })).toHaveAttribute('aria-valuetext', '18 / 30 team places taken');
    expect(screen.getByText('Room for 12 more teams')).toBeInTheDocument();
    expect(fact('Event date')).toBe('20 Dec 2026, 10:00\u00a0am – 1:00\u00a0pm');
    expect(fact('Registration deadline')).toBe('18 Dec 2026, 6:00 pm');
    expect(fact('Venue')).toBe('Mechanical Block');
    expect(fact('Max teams')).toBe('30');
    expect(fact('Organizing club')).toBe('Tech Club');
    expect(fact('Coordinator')).toBe('Dr. Meera Iyer, MECH');
    expect(fact('Team size')).toBe('2–4 members');
    const rules = screen.getByRole('region', { name: 'Rules' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bots must fit in a 30 cm cube.', 'No wireless control.']);
    expect(screen.getByText('The decisions of the organizers and the jury are final.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to register' })).toHaveAttribute('href', '/auth/signin');
    expect(screen.getByRole('link', { name: '← Back to Events' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Robo Race · FestHub');
  });

  it('says TBA, Unlimited and until the event starts where the event has no dates, venue or seat limit', async () => {
    // The server dates an undated event by its creation for cards; its own date stays null.
    const event = makeEvent({
      eventDate: null,
      event_date: '2026-10-01T06:00:00.000Z',
      registration_deadline: null,
      applicationDeadline: null,
      venue: null,
      maxApplications: null,
    });
    serveEvent(event);
    renderEventPage(event._id);
    await screen.findByRole('heading', { level: 1 });
    expect(fact('Event date')).toBe('TBA');
    // Registration closes when the event starts, so no deadline means until then.
    expect(fact('Registration deadline')).toBe('Until the event starts');
    expect(fact('Venue')).toBe('TBA');
    expect(fact('Max participants')).toBe('Unlimited');
    expect(screen.getByText('Unlimited spots')).toBeInTheDocument();
    expect(screen.queryByText('Team size')).not.toBeInTheDocument();
  });

  it('uses the application deadline when there is no registration deadline', async () => {
    const event = makeEvent({ registration_deadline: null, applicationDeadline: '2030-01-10T06:30:00Z' });
    serveEvent(event);
    renderEventPage(event._id);
    await screen.findByRole('heading', { level: 1 });
    expect(fact('Registration deadline')).toBe('10 Jan 2030, 12:00 pm');
  });

  it('tells a visitor when every spot has been taken, instead of offering sign-in', async () => {
    const event = makeEvent({ maxApplications: 10, actualSeatsTaken: 10 });
    serveEvent(event);
    renderEventPage(event._id);
    await screen.findByRole('heading', { level: 1 });
    // Said once, in the notice, not again as the spots left.
    expect(screen.queryByText('Registration is full')).not.toBeInTheDocument();
    expect(screen.getByText('Registration Full')).toBeInTheDocument();
    expect(screen.getByText('All spots have been taken')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to register' })).not.toBeInTheDocument();
  });

  it("offers a student a full solo event's line below its notice, then their offer with its answers", async () => {
    const event = makeEvent({ name: 'Chess Blitz', maxApplications: 10, actualSeatsTaken: 10, availableSeats: 0 });
    let entries = [makeWaitlistEntry(event)];
    serveEvent(event, { '/api/v1/waitlist': () => jsonResponse({ success: true, entries }) });
    const first = renderEventPage(event._id, student);
    const registration = await screen.findByRole('complementary', { name: 'Registration' });
    expect(within(registration).getByText('All spots have been taken')).toBeInTheDocument();
    expect(await within(registration).findByText('You are number 3 in line')).toBeInTheDocument();
    first.unmount();

    entries = [offered(entries[0], '2026-11-24T12:30:00.000Z')];
    renderEventPage(event._id, student);
    const again = await screen.findByRole('complementary', { name: 'Registration' });
    expect(await within(again).findByText('A seat is held for you until 24 Nov 2026, 6:00 pm')).toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Accept the seat for Chess Blitz' })).toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Decline the seat for Chess Blitz' })).toBeInTheDocument();
  });

  it('reads the event again when joining its line is refused because seats are open, so Register shows', async () => {
    const full = makeEvent({ name: 'Chess Blitz', maxApplications: 10, actualSeatsTaken: 10, availableSeats: 0 });
    let event = full;
    serveEvent(full, {
      [`/api/v1/events/${full._id}`]: () => jsonResponse({ success: true, event }),
      '/api/v1/waitlist': () => jsonResponse({ success: true, entries: [] }),
      [`/api/v1/events/${full._id}/waitlist`]: () => {
        event = { ...full, actualSeatsTaken: 9, availableSeats: 1 };
        return jsonResponse({ success: false, message: 'Seats are still open for Chess Blitz: register instead.' }, 409);
      },
    });
    const { user } = renderEventPage(full._id, student);
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist for Chess Blitz' }));
    expect(await screen.findByRole('button', { name: 'Register for Chess Blitz' })).toBeInTheDocument();
    expect(screen.getByText('1 spot remaining')).toBeInTheDocument();
    expect(screen.queryByText('Registration Full')).not.toBeInTheDocument();
  });

  it('says "Event not found" for a missing event, with a way back', async () => {
    stubFetch(() => jsonResponse({ success: false, message: 'Event not found' }, 404));
    renderEventPage('00000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Events' })).toHaveAttribute('href', '/');
  });

  it('treats a malformed id as not found', async () => {
    stubFetch(() => jsonResponse({ success: false, message: 'Invalid event id' }, 400));
    renderEventPage('not-an-id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
  });

  it('offers Try Again when the event cannot be loaded', async () => {
    const event = makeEvent({ name: 'Quiz Bowl' });
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      return calls === 1 ? new Response('', { status: 502 }) : jsonResponse({ success: true, event });
    });
    const { user } = renderEventPage(event._id);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load event details');
    expect(alert).toHaveTextContent('Empty response from server');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiz Bowl' })).toBeInTheDocument();
  });

  it('shows a spinner while loading', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderEventPage('00000000-0000-4000-8000-000000000001');
    expect(screen.getByRole('status')).toHaveTextContent('Loading event details…');
  });

  it('tells a registered student "You\'re Registered!", pointing to My Registrations', async () => {
    const event = makeEvent({ isRegistered: true, maxApplications: 10, actualSeatsTaken: 10 });
    serveEvent(event);
    renderEventPage(event._id, student);
    expect(await screen.findByText("You're Registered!")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See it under My Registrations.' })).toHaveAttribute('href', '/my-registrations');
    expect(screen.queryByText('All spots have been taken')).not.toBeInTheDocument();
  });

  it('tells an admin that admins cannot register, before saying the event is full', async () => {
    const event = makeEvent({ maxApplications: 10, actualSeatsTaken: 10 });
    serveEvent(event);
    renderEventPage(event._id, clubAdmin());
    expect(await screen.findByText('Admin Account')).toBeInTheDocument();
    expect(screen.getByText('Admins cannot register for events')).toBeInTheDocument();
    expect(screen.queryByText('All spots have been taken')).not.toBeInTheDocument();
  });

  it('registers a student for a solo event through the confirm modal', async () => {
    const event = makeEvent({ name: 'Chess Blitz', maxApplications: 64, actualSeatsTaken: 3, availableSeats: 61 });
    serveEvent(event, {
      '/api/v1/solo': () =>
        jsonResponse(
          { success: true, message: 'Successfully registered for Chess Blitz!', registration: { status: 'approved', appliedAt: '2026-11-22T05:00:00Z' } },
          201,
        ),
    });
    const { user } = renderEventPage(event._id, student);
    await user.click(await screen.findByRole('button', { name: 'Register for Chess Blitz' }));
    await user.type(await screen.findByRole('textbox', { name: 'Event name' }), 'Chess Blitz');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText("You're Registered!")).toBeInTheDocument();
    expect(screen.getByText('60 spots remaining')).toBeInTheDocument();
  });

  it('offers a signed-in student no solo Register button on a team event', async () => {
    const event = makeEvent({ event_type: 'group', minTeamSize: 2, maxTeamSize: 4 });
    serveEvent(event);
    renderEventPage(event._id, student);
    await screen.findByRole('heading', { level: 1 });
    expect(fact('Team size')).toBe('2–4 members');
    expect(within(screen.getByRole('complementary', { name: 'Registration' })).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to register' })).not.toBeInTheDocument();
  });

  it('says when registration opens and counts down to it, offering no Register before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse('2026-11-30T03:30:00Z'));
    const event = makeEvent({ name: 'Chess Blitz' });
    serveEvent(event);
    renderWithProviders(
      <RegistrationOpeningProvider opensAt="2026-12-01T03:30:00.000Z">
        <EventDetailPage />
      </RegistrationOpeningProvider>,
      { path: '/event/:eventId', route: `/event/${event._id}`, preloadedState: sessionOf(student) },
    );
    expect(await screen.findByText('Registration Not Open Yet')).toBeInTheDocument();
    expect(screen.getByText(/^Registration opens on 1 Dec 2026, in (1d 00:00:00|23:59:59)\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Register/ })).not.toBeInTheDocument();
  });

  it('says when registration closed once the deadline has passed', async () => {
    const event = makeEvent({ name: 'Chess Blitz', registration_deadline: '2020-01-01T00:00:00Z' });
    serveEvent(event);
    renderEventPage(event._id, student);
    expect(await screen.findByText('Registration closed on 1 Jan 2020.')).toBeInTheDocument();
  });
});
