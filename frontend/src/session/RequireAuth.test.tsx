import { act, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { SessionUser } from '../api/types';
import { setSignedInHint } from '../test/browser';
import { clubAdmin, makeUser, sessionOf, superAdmin } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { RequireAuth } from './RequireAuth';

const routes: RouteObject[] = [
  { path: '/', element: <p>Home</p> },
  { path: '/auth/signin', element: <p>Sign-in page</p> },
  { element: <RequireAuth />, children: [{ path: '/my-registrations', element: <p>My registrations</p> }] },
  { element: <RequireAuth access="admin" />, children: [{ path: '/admin/dashboard', element: <p>Admin dashboard</p> }] },
  { element: <RequireAuth access="superAdmin" />, children: [{ path: '/admin/invite', element: <p>Invite admins</p> }] },
  { element: <RequireAuth access="student" />, children: [{ path: '/students-only', element: <p>Students only</p> }] },
];

const visit = (route: string, user: SessionUser | null | 'loading') =>
  renderRoutes(routes, { route, preloadedState: user === 'loading' ? {} : sessionOf(user) });

describe('route guard', () => {
  it('shows a spinner while the session is loading', () => {
    setSignedInHint();
    visit('/my-registrations', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByText('My registrations')).not.toBeInTheDocument();
  });

  it('sends a visitor to sign-in, remembering where they were, in place of the page in history', () => {
    const { router } = visit('/my-registrations?tab=teams#top', null);
    expect(screen.getByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ from: { pathname: '/my-registrations', search: '?tab=teams', hash: '#top' } });
  });

  it('lets a signed-in user through', () => {
    visit('/my-registrations', makeUser());
    expect(screen.getByText('My registrations')).toBeInTheDocument();
  });

  it('denies a student an admin page; Go Back returns to the page before', async () => {
    const { user, router } = visit('/my-registrations', makeUser());
    await act(() => router.navigate('/admin/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page. Admin access is required.")).toBeInTheDocument();
    // What the browser router records for a second entry in the site's history.
    window.history.replaceState({ idx: 1 }, '');
    onTestFinished(() => window.history.replaceState(null, ''));
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/my-registrations');
  });

  it('sends Go Back home when nothing of the site comes before the denied page', async () => {
    const { user, router } = visit('/admin/dashboard', makeUser());
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['a club admin', clubAdmin()],
    ['the super admin', superAdmin()],
  ])('lets %s into admin pages', (_who, user) => {
    visit('/admin/dashboard', user);
    expect(screen.getByText('Admin dashboard')).toBeInTheDocument();
  });

  it.each([
    ['a club admin', clubAdmin()],
    ['the super admin', superAdmin()],
  ])("keeps students' pages for students: %s is told why", (_who, user) => {
    const { unmount } = visit('/students-only', user);
    expect(screen.getByText("You don't have permission to access this page. It is for students: staff accounts take part in no events.")).toBeInTheDocument();
    unmount();
    visit('/students-only', makeUser());
    expect(screen.getByText('Students only')).toBeInTheDocument();
  });

  it('keeps super-admin pages for the super admin', () => {
    const { unmount } = visit('/admin/invite', clubAdmin());
    expect(screen.getByText("You don't have permission to access this page. Super admin access is required.")).toBeInTheDocument();
    unmount();
    visit('/admin/invite', superAdmin());
    expect(screen.getByText('Invite admins')).toBeInTheDocument();
  });
});
