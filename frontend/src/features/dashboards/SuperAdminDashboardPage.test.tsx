import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClubStats, EventsRegistrations } from '../../api/types';
import { stubResizeObserver } from '../../test/browser';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { clubAdmin, makeApplicant, makeDashboardStats, makeDetailedEvent, sessionOf, superAdmin } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { SuperAdminDashboardPage } from './SuperAdminDashboardPage';

const LAST_UPDATED = '2026-11-24T04:30:00.000Z';

const stats = makeDashboardStats({
  totalEvents: 24,
  totalRegistrations: 137,
  adminsByClub: [
    {
      _id: 'Blue Sky Forum',
      count: 2,
      admins: [
        { name: 'Arun Kumar', email: 'bluesky.admin@campus.ac.in' },
        { name: 'Bhavana S', email: 'bhavana@campus.ac.in' },
      ],
    },
    { _id: 'Tech Club', count: 1, admins: [{ name: 'Kavya Nair', email: 'kavya@campus.ac.in' }] },
  ],
});

const clubStats: ClubStats = {
  // As the server sends them: by registrations, most first.
  clubs: [
    { clubName: 'Tech Club', events: 4, registrations: 90, admins: 1 },
    { clubName: 'Blue Sky Forum', events: 2, registrations: 47, admins: 2 },
    { clubName: 'Music Club', events: 0, registrations: 0, admins: 1 },
  ],
  registrationsByDay: [
    { day: '2026-11-20', count: 12 },
    { day: '2026-11-21', count: 30 },
  ],
};

const hackathon = makeDetailedEvent({
  name: 'Hackathon',
  event_type: 'group',
  isTeamEvent: true,
  maxApplications: 20,
  availableSeats: 12,
  participants: 27,
  teamsCount: 8,
  recentCount: 5,
  occupancy: 40,
  averageTeamSize: 3.4,
  teams: [
    {
      _id: 'cccccccc-0000-4000-8000-000000000001',
      teamName: 'Byte Me',
      leader: { name: 'Asha Rao', email: 'asha.23cse@campus.ac.in', dept: 'CSE', year: '3' },
      members: [{ name: 'Priya Raman', email: 'priya.23cse@campus.ac.in', dept: 'CSE', year: '2' }],
    },
  ],
});
const paperPresentation = makeDetailedEvent({
  name: 'Paper Presentation',
  maxApplications: null,
  availableSeats: null,
  participants: 1,
  recentCount: 1,
  occupancy: null,
  registrations: [{ userName: 'Meera Iyer', userEmail: 'meera.23ece@campus.ac.in', userDept: 'ECE', userYear: '0', registeredAt: '2026-11-21T05:00:00.000Z' }],
});
const quiz = makeDetailedEvent({ name: 'Quiz Night' });

const detailed: EventsRegistrations = {
  clubs: [
    { clubName: 'Blue Sky Forum', totalEvents: 2, totalRegistrations: 1, events: [paperPresentation, quiz] },
    { clubName: 'Tech Club', totalEvents: 1, totalRegistrations: 27, events: [hackathon] },
  ],
  totalClubs: 2,
  totalEvents: 3,
  totalRegistrations: 28,
  lastUpdated: LAST_UPDATED,
};

const answers = {
  stats: () => jsonResponse({ success: true, stats, assignedEvent: null, lastUpdated: LAST_UPDATED }),
  clubStats: () => jsonResponse({ success: true, ...clubStats }),
  detailed: () => jsonResponse({ success: true, ...detailed }),
};

/** `others`: answers of routes beyond the dashboard's own (an event's applicants). */
function openDashboard(routes: Partial<typeof answers> = {}, user = superAdmin(), others: Record<string, () => Response> = {}) {
  const { stats: statsAnswer, clubStats: clubStatsAnswer, detailed: detailedAnswer } = { ...answers, ...routes };
  const fetchMock = stubApi({
    '/api/v1/admin/dashboard/stats': statsAnswer,
    '/api/v1/admin/dashboard/club-stats': clubStatsAnswer,
    '/api/v1/admin/dashboard/events-registrations': detailedAnswer,
    ...others,
  });
  const view = renderRoutes(
    [
      { path: '/super-admin/dashboard', element: <SuperAdminDashboardPage /> },
      { path: '/admin/dashboard', element: <h1>Admin Dashboard</h1> },
    ],
    { route: '/super-admin/dashboard', preloadedState: sessionOf(user) },
  );
  return { ...view, fetchMock };
}

const panel = (name: string) => screen.getByRole('region', { name });

describe('/super-admin/dashboard', () => {
  beforeEach(stubResizeObserver);

  it('shows a spinner while the figures load, then the three cards', async () => {
    openDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading the dashboard…')).toBeInTheDocument();
    const cards = await screen.findByRole('list', { name: 'Totals' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual(['24Total Events', '137Total Registrations', '2Active Clubs']);
    expect(screen.getByText(/^Last updated \d{1,2} Nov 2026/)).toBeInTheDocument();
  });

  it('lists the admins by club, and the registrations by club most first, leaving out clubs without events', async () => {
    openDashboard();
    const admins = await screen.findByRole('region', { name: 'Admins by Club' });
    expect(
      within(admins)
        .getAllByRole('listitem', { name: undefined })
        .map((item) => item.textContent),
    ).toEqual([
      'Blue Sky Forum2 adminsArun Kumar bluesky.admin@campus.ac.inBhavana S bhavana@campus.ac.in',
      'Arun Kumar bluesky.admin@campus.ac.in',
      'Bhavana S bhavana@campus.ac.in',
      'Tech Club1 adminKavya Nair kavya@campus.ac.in',
      'Kavya Nair kavya@campus.ac.in',
    ]);
    expect(
      within(panel('Registrations by Club'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tech Club4 events · 90 registrations', 'Blue Sky Forum2 events · 47 registrations']);
  });

  it('gives the registrations per day as a chart with a caption and a table of the days that had some', async () => {
    openDashboard();
    const figure = await screen.findByRole('figure', { name: /Registrations per day, every club/ });
    expect(figure).toHaveTextContent('42 registrations over 2 days from 20 Nov to 21 Nov; the busiest day was 21 Nov with 30.');
    const rows = within(within(figure).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DayRegistrations', '20 Nov12', '21 Nov30']);
  });

  it('counts the days without registrations in the span the chart covers', async () => {
    openDashboard({
      // The server sends only the days that had registrations.
      clubStats: () =>
        jsonResponse({
          success: true,
          ...clubStats,
          registrationsByDay: [
            { day: '2026-11-28', count: 5 },
            { day: '2026-12-02', count: 9 },
          ],
        }),
    });
    const figure = await screen.findByRole('figure', { name: /Registrations per day, every club/ });
    expect(figure).toHaveTextContent('14 registrations over 5 days from 28 Nov to 2 Dec (3 days with none); the busiest day was 2 Dec with 9.');
    const rows = within(within(figure).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DayRegistrations', '28 Nov5', '2 Dec9']);
  });

  it('says "No clubs found" when there is no club at all, and no registrations', async () => {
    openDashboard({
      stats: () => jsonResponse({ success: true, stats: makeDashboardStats(), assignedEvent: null, lastUpdated: LAST_UPDATED }),
      clubStats: () => jsonResponse({ success: true, clubs: [], registrationsByDay: [] }),
    });
    const admins = await screen.findByRole('region', { name: 'Admins by Club' });
    expect(within(admins).getByText('No clubs found')).toBeInTheDocument();
    expect(within(admins).queryByText('No admins assigned')).not.toBeInTheDocument();
    expect(within(panel('Registrations by Club')).getByText('No registrations found')).toBeInTheDocument();
    expect(within(panel('Registrations over time')).getByText('No registrations yet')).toBeInTheDocument();
  });

  it('says "No admins assigned" under a club whose events have no admin', async () => {
    openDashboard({
      clubStats: () =>
        jsonResponse({ success: true, ...clubStats, clubs: [...clubStats.clubs, { clubName: 'Drama Club', events: 1, registrations: 0, admins: 0 }] }),
    });
    const admins = await screen.findByRole('region', { name: 'Admins by Club' });
    expect(within(admins).queryByText('No clubs found')).not.toBeInTheDocument();
    const clubs = within(admins)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('club-row'));
    expect(clubs.map((club) => club.textContent)).toEqual([
      'Blue Sky Forum2 adminsArun Kumar bluesky.admin@campus.ac.inBhavana S bhavana@campus.ac.in',
      'Drama Club0 adminsNo admins assigned',
      'Tech Club1 adminKavya Nair kavya@campus.ac.in',
    ]);
  });

  it('says "Failed to load dashboard data" and tries again on Try Again', async () => {
    let failing = true;
    const { user } = openDashboard({
      stats: () => (failing ? jsonResponse({ success: false, message: 'The service is temporarily unavailable.' }, 503) : answers.stats()),
    });
    expect(await screen.findByRole('heading', { name: 'Failed to load dashboard data' })).toBeInTheDocument();
    expect(screen.getByText('The service is temporarily unavailable.')).toBeInTheDocument();
    // The way to the other admin pages stays.
    expect(screen.getByRole('link', { name: 'Invite Admin' })).toHaveAttribute('href', '/admin/invite');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Totals' })).toBeInTheDocument();
  });

  it('leads to the admin pages from Quick Actions', () => {
    openDashboard();
    const actions = within(panel('Quick Actions'));
    expect(actions.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['People', '/admin/people'],
      ['Invite Admin', '/admin/invite'],
      ['View All Clubs', '/admin/clubs'],
      ['Manage Clubs', '/admin/clubs/manage'],
      ['Create Event', '/admin/events/create'],
      ['Manage Events', '/admin/events'],
      ['Festival Settings', '/admin/festival'],
      ['Audit trail', '/admin/audit'],
    ]);
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual(['View Detailed Events', 'Refresh Data']);
  });

  it('reads the detailed events only when the panel is first opened, and keeps them while it is hidden', async () => {
    const { user, fetchMock } = openDashboard();
    await screen.findByRole('list', { name: 'Totals' });
    expect(requestsTo(fetchMock, '/api/v1/admin/dashboard/events-registrations')).toHaveLength(0);
    const toggle = screen.getByRole('button', { name: 'View Detailed Events' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveTextContent('Hide Detailed Events');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = panel('Detailed Events');
    expect(await within(details).findByText(/^Last updated/)).toBeInTheDocument();
    expect(
      within(details)
        .getAllByRole('definition')
        .slice(0, 3)
        .map((fact) => fact.textContent),
    ).toEqual(['2', '3', '28']);
    await user.click(toggle);
    expect(details).not.toBeVisible();
    await user.click(toggle);
    expect(details).toBeVisible();
    expect(requestsTo(fetchMock, '/api/v1/admin/dashboard/events-registrations')).toHaveLength(1);
  });

  it("shows each club's events with their badge and counts, a team table, a registration table and the empty ones", async () => {
    const { user } = openDashboard();
    await user.click(await screen.findByRole('button', { name: 'View Detailed Events' }));
    const tech = await screen.findByRole('region', { name: 'Tech Club' });
    expect(within(tech).getByText((_text, node) => node?.textContent === '1 event · 27 registrations')).toBeInTheDocument();
    const hack = within(tech).getByRole('article', { name: 'Hackathon' });
    expect(within(hack).getByText('Team Event')).toBeInTheDocument();
    // The event's name says which it is: its database id is nobody's business on a dashboard.
    expect(within(hack).queryByText(hackathon.event_id, { exact: false })).not.toBeInTheDocument();
    const facts = within(hack)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts).toEqual(['Team places available: 12 / 20', 'Participants: 27', 'Teams: 8', 'Average team size: 3.4', 'Recent (7 days): 5', 'Filled: 40%']);
    // The server sends the latest rows of each event: the panel says how many of how many.
    expect(within(hack).getByText('Latest 1 of 8 teams')).toBeInTheDocument();
    expect(
      within(within(hack).getByRole('table'))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'TeamNameEmailDepartmentYearRole',
      'Byte MeAsha Raoasha.23cse@campus.ac.inCSE3rd YearLeader',
      'Byte MePriya Ramanpriya.23cse@campus.ac.inCSE2nd YearMember',
    ]);

    const blueSky = screen.getByRole('region', { name: 'Blue Sky Forum' });
    const paper = within(blueSky).getByRole('article', { name: 'Paper Presentation' });
    expect(within(paper).getByText('Individual Event')).toBeInTheDocument();
    expect(within(paper).getByText('Unlimited')).toBeInTheDocument();
    expect(within(paper).queryByText('Filled')).not.toBeInTheDocument();
    expect(within(paper).queryByText(/^Latest/)).not.toBeInTheDocument();
    expect(
      within(within(paper).getByRole('table'))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['NameEmailDepartmentYearRegistered', 'Meera Iyermeera.23ece@campus.ac.inECEStaff21 Nov 2026, 10:30 am']);
    const empty = within(blueSky).getByRole('article', { name: 'Quiz Night' });
    // One line, not a panel's empty state per event.
    expect(within(empty).getByText('No registrations yet. Participants will appear here once they register.')).toHaveClass('panel__hint');
    // The events with a seat limit, compared in a chart whose table names every one.
    const fill = screen.getByRole('figure', { name: /Seats filled per event/ });
    expect(
      within(within(fill).getByRole('table'))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['EventFilled', 'Hackathon40%', 'Quiz Night0%']);
  });

  it("opens an event's every participant, not only the latest rows, with its spreadsheet", async () => {
    const team = { teamId: 'cccccccc-0000-4000-8000-000000000001', teamName: 'Byte Me' };
    const everyone = [
      makeApplicant('Asha Rao', team),
      makeApplicant('Priya Raman', team),
      makeApplicant('Ravi Kumar', { teamId: 'cccccccc-0000-4000-8000-000000000002', teamName: 'Null Pointers' }),
    ];
    const applicants = `/api/v1/admin/events/${hackathon._id}/applicants`;
    const { user, fetchMock } = openDashboard({}, superAdmin(), { [applicants]: () => jsonResponse({ success: true, applicants: everyone, teams: [] }) });
    await user.click(await screen.findByRole('button', { name: 'View Detailed Events' }));
    const hack = await screen.findByRole('article', { name: 'Hackathon' });
    expect(within(hack).getByRole('link', { name: 'Download CSV of Hackathon' })).toHaveAttribute('href', `/api/v1/admin/events/${hackathon._id}/export.csv`);
    const open = within(hack).getByRole('button', { name: 'View all 27 participants' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    // Read on first open, not with the panel.
    expect(requestsTo(fetchMock, applicants)).toHaveLength(0);
    await user.click(open);

    expect(await within(hack).findByText('All 3 participants')).toBeInTheDocument();
    const list = within(hack).getByRole('table', { name: 'Applicants of Hackathon, by team' });
    expect(
      within(list)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Byte Me', 'Asha Rao', 'Priya Raman', 'Null Pointers', 'Ravi Kumar']);
    expect(within(hack).getByRole('button', { name: 'Hide all participants' })).toHaveAttribute('aria-expanded', 'true');
    expect(requestsTo(fetchMock, applicants)).toHaveLength(1);
  });

  it('says "No events found" in the detailed panel when no club has an event', async () => {
    const { user } = openDashboard({
      detailed: () => jsonResponse({ success: true, clubs: [], totalClubs: 0, totalEvents: 0, totalRegistrations: 0, lastUpdated: LAST_UPDATED }),
    });
    await user.click(await screen.findByRole('button', { name: 'View Detailed Events' }));
    expect(await within(panel('Detailed Events')).findByRole('heading', { name: 'No events found' })).toBeInTheDocument();
  });

  it('says "Failed to load dashboard data" inside the detailed panel when it cannot load', async () => {
    const { user } = openDashboard({ detailed: () => jsonResponse({ success: false, message: 'Database unavailable' }, 503) });
    await user.click(await screen.findByRole('button', { name: 'View Detailed Events' }));
    expect(await within(panel('Detailed Events')).findByRole('heading', { name: 'Failed to load dashboard data' })).toBeInTheDocument();
  });

  it('reads every figure again on Refresh Data, the detailed ones too once opened', async () => {
    const { user, fetchMock } = openDashboard();
    await user.click(await screen.findByRole('button', { name: 'View Detailed Events' }));
    await within(panel('Detailed Events')).findByText(/^Last updated/);
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/v1/admin/dashboard/events-registrations')).toHaveLength(2));
    expect(requestsTo(fetchMock, '/api/v1/admin/dashboard/stats')).toHaveLength(2);
    expect(requestsTo(fetchMock, '/api/v1/admin/dashboard/club-stats')).toHaveLength(2);
  });

  it('sends a club admin to the Admin Dashboard without asking for the festival figures', async () => {
    const { router, fetchMock } = openDashboard({}, clubAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
