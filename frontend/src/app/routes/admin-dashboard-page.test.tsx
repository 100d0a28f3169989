import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DashboardEventSummary, DetailedEvent, SessionUser } from '../../api/types';
import { stubResizeObserver } from '../../test/browser';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { clubAdmin, makeAdminEvent, makeDashboardStats, makeDetailedEvent, makeUser, sessionOf, superAdmin } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { AdminDashboardPage } from './admin-dashboard-page';

const LAST_UPDATED = '2026-11-24T04:30:00.000Z';

const codeSprint = makeDetailedEvent({ name: 'Code Sprint', maxApplications: 60, availableSeats: 48, participants: 12, recentCount: 4, occupancy: 20 });
const roboRace = makeDetailedEvent({
  name: 'Robo Race',
  event_type: 'group',
  isTeamEvent: true,
  maxApplications: 10,
  availableSeats: 1,
  participants: 27,
  teamsCount: 9,
  recentCount: 0,
  occupancy: 90,
  averageTeamSize: 3,
});

const summary = (event: DetailedEvent): DashboardEventSummary => ({
  _id: event._id,
  name: event.name,
  event_type: event.event_type,
  clubInCharge: 'Tech Club',
  eventDate: null,
  venue: null,
  maxApplications: event.maxApplications,
  availableSeats: event.availableSeats,
  participants: event.participants,
  teamsCount: event.teamsCount,
});

interface Answers {
  /** The stats' assignedEvent: one event, or the club's list. */
  assigned?: DashboardEventSummary | DashboardEventSummary[];
  events?: DetailedEvent[];
  /** Which of the dashboard's figures the server refuses while it holds true. */
  failing?: { stats?: () => boolean; details?: () => boolean; clubStats?: () => boolean };
}

function openDashboard(
  user: SessionUser,
  { assigned = [summary(codeSprint), summary(roboRace)], events = [codeSprint, roboRace], failing = {} }: Answers = {},
) {
  const refused = () => jsonResponse({ success: false, message: 'Database unavailable' }, 503);
  // Each event's own panel asks for the event and its applicants.
  const eventDayAnswers = Object.fromEntries(
    events.flatMap((event) => [
      [`/api/v1/admin/events/${event._id}`, () => jsonResponse({ success: true, event: makeAdminEvent({ _id: event._id, name: event.name }) })],
      [`/api/v1/admin/events/${event._id}/applicants`, () => jsonResponse({ success: true, applicants: [], teams: [] })],
    ]),
  );
  stubApi({
    ...eventDayAnswers,
    '/api/v1/admin/dashboard/stats': () =>
      failing.stats?.()
        ? refused()
        : jsonResponse({ success: true, stats: makeDashboardStats({ clubName: 'Tech Club' }), assignedEvent: assigned, lastUpdated: LAST_UPDATED }),
    '/api/v1/admin/dashboard/events-registrations': () =>
      failing.details?.()
        ? refused()
        : jsonResponse({
            success: true,
            clubs: events.length ? [{ clubName: 'Tech Club', totalEvents: events.length, totalRegistrations: 39, events }] : [],
            totalClubs: events.length ? 1 : 0,
            totalEvents: events.length,
            totalRegistrations: 39,
            lastUpdated: LAST_UPDATED,
          }),
    '/api/v1/admin/dashboard/club-stats': () =>
      failing.clubStats?.()
        ? refused()
        : jsonResponse({
            success: true,
            clubs: [{ clubName: 'Tech Club', events: 2, registrations: 39, admins: 1 }],
            registrationsByDay: [{ day: '2026-11-21', count: 39 }],
          }),
  });
  return renderRoutes(
    [
      { path: '/admin/dashboard', element: <AdminDashboardPage /> },
      { path: '/super-admin/dashboard', element: <h1>Super Admin Dashboard</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { route: '/admin/dashboard', preloadedState: sessionOf(user) },
  );
}

const analytics = () => screen.getByRole('region', { name: 'Event analytics' });

describe('/admin/dashboard', () => {
  beforeEach(stubResizeObserver);

  it("shows a spinner, then the club's totals and each of the admin's events with its badge and counts", async () => {
    openDashboard(clubAdmin());
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage your registrations')).toBeInTheDocument();
    expect(screen.getByText('Loading the dashboard…')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Event analytics' });
    const totals = within(analytics())
      .getAllByRole('term')
      .slice(0, 3)
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(totals).toEqual(['Club: Tech Club', 'Events: 2', 'Registrations: 39']);
    const [sprint, robo] = within(within(analytics()).getByRole('list', { name: 'Your events' })).getAllByRole('listitem');
    expect(within(sprint).getByRole('heading', { level: 3, name: 'Code Sprint' })).toBeInTheDocument();
    expect(within(sprint).getByText('Individual Event')).toBeInTheDocument();
    expect(sprint).toHaveTextContent('Seats available48 / 60Participants12Recent (7 days)4Filled20%');
    expect(within(robo).getByText('Team Event')).toBeInTheDocument();
    expect(robo).toHaveTextContent('Team places available1 / 10Participants27Teams9Average team size3Recent (7 days)0Filled90%');
    // Several events are compared in a chart, with every number in its table.
    const fill = within(analytics()).getByRole('figure', { name: 'Seats filled per event' });
    expect(
      within(within(fill).getByRole('table'))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['EventFilled', 'Robo Race90%', 'Code Sprint20%']);
    expect(within(analytics()).getByRole('figure', { name: 'Registrations per day, Tech Club' })).toHaveTextContent(
      '39 registrations on 21 Nov; the busiest day was 21 Nov with 39.',
    );
  });

  it("puts the event the invitation assigned first, then the club's others, which its admin runs too", async () => {
    openDashboard(clubAdmin(), { assigned: summary(roboRace) });
    await screen.findByRole('region', { name: 'Event analytics' });
    expect(
      within(analytics())
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Robo Race', 'Code Sprint']);
    await screen.findByRole('heading', { name: 'Applicants of Code Sprint' });
    expect(screen.getAllByRole('heading', { name: /^Applicants of / }).map((heading) => heading.textContent)).toEqual([
      'Applicants of Robo Race',
      'Applicants of Code Sprint',
    ]);
  });

  it("draws no fill chart for a club's single event: its figures already say it", async () => {
    openDashboard(clubAdmin(), { assigned: summary(roboRace), events: [roboRace] });
    await screen.findByRole('region', { name: 'Event analytics' });
    expect(within(analytics()).queryByRole('figure', { name: 'Seats filled per event' })).not.toBeInTheDocument();
  });

  it('puts the event-day panels in a section of their own, after the analytics', async () => {
    openDashboard(clubAdmin());
    const eventDay = await screen.findByRole('region', { name: 'Event day' });
    expect(within(eventDay).getByRole('heading', { level: 2, name: 'Event day' })).toBeInTheDocument();
    expect(await within(eventDay).findByRole('heading', { level: 3, name: 'Applicants of Code Sprint' })).toBeInTheDocument();
    expect(within(analytics()).queryByRole('heading', { name: /^Applicants of / })).not.toBeInTheDocument();
  });

  it('says "No events found" when the club has none', async () => {
    openDashboard(clubAdmin(), { assigned: [], events: [] });
    expect(await screen.findByRole('heading', { name: 'No events found' })).toBeInTheDocument();
    expect(screen.getByText('Create your first event to see detailed analytics')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create Event' }).at(-1)).toHaveAttribute('href', '/admin/events/create');
  });

  it('says "Failed to load dashboard data" when the events cannot be listed, and lists them on Try Again', async () => {
    let failing = true;
    const { user } = openDashboard(clubAdmin(), { failing: { details: () => failing } });
    expect(await screen.findByRole('heading', { name: 'Failed to load dashboard data' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Event analytics' })).findByRole('heading', { level: 3, name: 'Code Sprint' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Applicants of Robo Race' })).toBeInTheDocument();
  });

  it("keeps the event day's panels when the chart's figures fail, and draws the chart on Try Again", async () => {
    let failing = true;
    const { user } = openDashboard(clubAdmin(), { failing: { clubStats: () => failing } });
    const eventDay = await screen.findByRole('region', { name: 'Event day' });
    expect(await within(eventDay).findByRole('heading', { name: 'Applicants of Code Sprint' })).toBeInTheDocument();
    expect(await within(analytics()).findByRole('heading', { level: 3, name: 'Failed to load dashboard data' })).toBeInTheDocument();
    expect(within(analytics()).getByRole('list', { name: 'Your events' })).toBeInTheDocument();
    failing = false;
    await user.click(within(analytics()).getByRole('button', { name: 'Try Again' }));
    expect(await within(analytics()).findByRole('figure', { name: 'Registrations per day, Tech Club' })).toBeInTheDocument();
    expect(within(analytics()).queryByRole('heading', { name: 'Failed to load dashboard data' })).not.toBeInTheDocument();
  });

  it("keeps the event day's panels when the stats fail, in the club's order, and puts the admin's own first on Try Again", async () => {
    let failing = true;
    const { user } = openDashboard(clubAdmin(), { assigned: summary(roboRace), failing: { stats: () => failing } });
    const eventDay = await screen.findByRole('region', { name: 'Event day' });
    expect(await within(eventDay).findByRole('heading', { name: 'Applicants of Code Sprint' })).toBeInTheDocument();
    expect(within(analytics()).getByRole('heading', { level: 3, name: 'Failed to load dashboard data' })).toBeInTheDocument();
    failing = false;
    await user.click(within(analytics()).getByRole('button', { name: 'Try Again' }));
    await waitFor(() =>
      expect(
        within(analytics())
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['Robo Race', 'Code Sprint']),
    );
  });

  it('tells a club admin without a club that there is nothing to show', () => {
    openDashboard(clubAdmin({ club: null }));
    expect(screen.getByRole('heading', { name: 'No club assigned' })).toBeInTheDocument();
  });

  it('sends the super admin to their own dashboard', async () => {
    const { router } = openDashboard(superAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super-admin/dashboard');
  });

  it('sends a student home', async () => {
    const { router } = openDashboard(makeUser());
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
