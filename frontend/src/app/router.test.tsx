import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../api/types';
import { setSignedInHint } from '../test/browser';
import { jsonResponse, stubApi } from '../test/fake-fetch';
import { clubAdmin, makeDashboardStats, makeDetailedEvent, makeEvent, makeFestival, makeUser, superAdmin } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { routes } from './router';

const events = [
  makeEvent({ name: 'Code Sprint', clubInCharge: 'Tech Club', actualSeatsTaken: 12, maxApplications: 60 }),
  makeEvent({ name: 'Robo Race', event_type: 'group', clubInCharge: 'Tech Club' }),
  makeEvent({ name: 'Poetry Slam', clubInCharge: 'Literary Club' }),
];

const festival = makeFestival({
  firstDay: '2026-12-22',
  lastDay: '2026-12-22',
  festivalDate: '2026-12-21T18:30:00.000Z',
  festivalEndsAt: '2026-12-22T18:30:00.000Z',
});

const codeSprint = makeDetailedEvent({ name: 'Code Sprint' });
const lastUpdated = '2026-11-24T04:30:00.000Z';

/** The whole app at `route`, with the server saying who is signed in (a signed-in browser holds the hint). */
function openApp(route: string, user: SessionUser | null) {
  if (user) setSignedInHint();
  stubApi({
    '/api/v1/user/load': () => (user ? jsonResponse({ success: true, user }) : jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401)),
    '/api/v1/events': () => jsonResponse({ success: true, events }),
    '/api/v1/festival': () => jsonResponse({ success: true, festival }),
    '/api/v1/admin/dashboard/stats': () =>
      jsonResponse({ success: true, stats: makeDashboardStats({ totalEvents: 1 }), assignedEvent: user?.isSuperAdmin ? null : [codeSprint], lastUpdated }),
    '/api/v1/admin/dashboard/events-registrations': () =>
      jsonResponse({
        success: true,
        clubs: [{ clubName: 'Tech Club', totalEvents: 1, totalRegistrations: 0, events: [codeSprint] }],
        totalClubs: 1,
        totalEvents: 1,
        totalRegistrations: 0,
        lastUpdated,
      }),
    '/api/v1/admin/dashboard/club-stats': () => jsonResponse({ success: true, clubs: [], registrationsByDay: [] }),
  });
  return renderRoutes(routes, { route });
}

describe('app routes', () => {
  it('keeps a student on the home page', async () => {
    const { router } = openApp('/', makeUser());
    expect(await screen.findByRole('button', { name: /^Account menu/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: /Create\./ })).toBeInTheDocument();
  });

  it("sends a club admin from home to the Admin Dashboard, with their club's events", async () => {
    const { router } = openApp('/', clubAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 3, name: 'Code Sprint' })).toBeInTheDocument();
  });

  it('tells a club admin without a club that there is nothing to list', async () => {
    openApp('/admin/dashboard', clubAdmin({ club: null }));
    expect(await screen.findByRole('heading', { name: 'No club assigned' })).toBeInTheDocument();
  });

  it('sends the super admin from home to the Super Admin Dashboard, with its cards', async () => {
    const { router } = openApp('/', superAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super-admin/dashboard');
    expect(await screen.findByRole('list', { name: 'Totals' })).toHaveTextContent('1Total Events');
  });

  it("links the club admin's dashboard to their events", async () => {
    openApp('/admin/dashboard', clubAdmin());
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
    const links = within(screen.getByRole('navigation', { name: 'Admin pages' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Create Event', '/admin/events/create'],
      ['Manage Events', '/admin/events'],
      ['Scan Tickets', '/admin/scan'],
    ]);
  });

  it('sends a club admin from the Super Admin Dashboard to their own, and a student on from there home', async () => {
    const { router } = openApp('/super-admin/dashboard', clubAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    cleanup();
    const student = openApp('/super-admin/dashboard', makeUser());
    await waitFor(() => expect(student.router.state.location.pathname).toBe('/'));
  });

  it('keeps the door scanner from students', async () => {
    openApp('/admin/scan', makeUser());
    expect(await screen.findByText("You don't have permission to access this page. Admin access is required.")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Scan Tickets' })).not.toBeInTheDocument();
  });

  it("keeps the super admin's pages from club admins, and opens a club admin's own", async () => {
    openApp('/admin/invite', clubAdmin());
    // The invitations screen words its own refusal (admin-side §2).
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Only Super Admins can send admin invitations.')).toBeInTheDocument();
    cleanup();
    openApp('/admin/clubs', clubAdmin());
    expect(await screen.findByText("You don't have permission to access this page. Super admin access is required.")).toBeInTheDocument();
    cleanup();
    stubApi({
      '/api/v1/user/load': () => jsonResponse({ success: true, user: clubAdmin() }),
      '/api/v1/festival': () => jsonResponse({ success: true, festival }),
      '/api/v1/admin/events': () => jsonResponse({ success: true, events: [] }),
    });
    renderRoutes(routes, { route: '/admin/events' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Events' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No events found' })).toBeInTheDocument();
  });

  it('opens the e-mailed admin invitation link for a visitor', async () => {
    stubApi({
      '/api/v1/festival': () => jsonResponse({ success: true, festival }),
      '/api/v1/admin/invite/abc123': () => jsonResponse({ success: false, message: 'Invalid or expired invitation link' }, 404),
    });
    renderRoutes(routes, { route: '/admin/signup/abc123' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Invitation Link' })).toBeInTheDocument();
  });

  it('serves /superadmin/dashboard as the same page', async () => {
    const { router } = openApp('/superadmin/dashboard', superAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super-admin/dashboard');
  });

  it('sends the super admin on from the Admin Dashboard to their own', async () => {
    const { router } = openApp('/admin/dashboard', superAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/super-admin/dashboard');
  });

  it('serves /login as the sign-in page', async () => {
    openApp('/login', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('leads /event-registration to /enroll with the same event', async () => {
    const { router } = openApp(`/event-registration?eventId=${events[0]._id}`, null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/enroll'));
    expect(router.state.location.search).toBe(`?eventId=${events[0]._id}`);
  });

  it('tells an admin that /my-registrations is for students, instead of loading what they cannot have', async () => {
    openApp('/my-registrations', clubAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page. It is for students: staff accounts take part in no events.")).toBeInTheDocument();
  });

  it('serves the privacy page to a visitor', async () => {
    openApp('/privacy', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['What is kept, and for how long', 'Your rights']);
  });

  it('signs out a student who deleted their account, and takes them home', async () => {
    const student = makeUser();
    let deleted = false;
    setSignedInHint();
    stubApi({
      '/api/v1/user/load': () =>
        deleted ? jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401) : jsonResponse({ success: true, user: student }),
      '/api/v1/events': () => jsonResponse({ success: true, events }),
      '/api/v1/festival': () => jsonResponse({ success: true, festival }),
      '/api/v1/users/me/profile': () =>
        jsonResponse({
          success: true,
          profile: { name: student.name, email: student.email, dept: 'CSE', year: '3', gender: 'Female', rollNumber: '23CSE014' },
        }),
      '/api/v1/users/me/data-export': () => jsonResponse({ success: true, export: null }),
      '/api/v1/users/me': () => {
        deleted = true;
        return jsonResponse({ success: true, message: 'Your account has been deleted.' });
      },
    });
    const { user, router } = renderRoutes(routes, { route: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account' });
    await user.type(within(dialog).getByLabelText("Your account's e-mail address"), student.email);
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Festival#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account permanently' }));

    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks a visitor on My Registrations to sign in first', async () => {
    const { router } = openApp('/my-registrations', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/signin');
  });
});

describe('reaching things by keyboard', () => {
  it("moves focus from the navigation's link to the new page's heading", async () => {
    const { user } = openApp('/', null);
    await user.click(await screen.findByRole('link', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toHaveFocus());
    await user.click(screen.getByRole('link', { name: 'Past Results' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Past Results' })).toHaveFocus());
  });

  it('skips from the top of the home page to the events, past the navigation and the hero', async () => {
    const { user } = openApp('/', null);
    await screen.findByRole('link', { name: 'Sign In' });
    await user.tab();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to events' });
    expect(skip).toHaveFocus();
    // jsdom follows no in-page link; a browser focuses its target, which takes focus by script only.
    const target = document.querySelector(skip.getAttribute('href')!);
    expect(target).toBe(screen.getByRole('heading', { level: 2, name: 'Events' }));
    expect(target).toHaveAttribute('tabindex', '-1');
  });
});

describe('toasts', () => {
  it('show in the header under the navigation bar, ahead of the page rather than over it', async () => {
    const { user } = openApp('/', null);
    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Please login to enroll in events')).toBeInTheDocument();
    // In the header that stays in view, straight under the bar: the page starts below them.
    expect(navigation.nextElementSibling).toBe(toasts);
    expect(toasts.parentElement).toBe(screen.getByRole('main').previousElementSibling);
  });
});
