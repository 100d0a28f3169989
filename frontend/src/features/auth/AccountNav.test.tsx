import { act, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api/types';
import { RequireAuth } from '../../session/RequireAuth';
import { setSignedInHint } from '../../test/browser';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { clubAdmin, makeUser, sessionOf, superAdmin } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { AccountNav } from './AccountNav';

function renderAccount(preloadedState = sessionOf(makeUser()), route = '/my-registrations') {
  const page = (
    <>
      <AccountNav />
      <ToastRegion />
    </>
  );
  return renderRoutes([{ path: '*', element: page }], { preloadedState, route });
}

const trigger = () => screen.getByRole('button', { name: /^Account menu/ });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

async function openMenu(user: SessionUser) {
  const view = renderAccount(sessionOf(user));
  // The menu's code loads with the session.
  await view.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  return view;
}

const itemNames = () =>
  within(document.getElementById('user-menu-panel')!)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('account area of the navigation bar', () => {
  it('shows a placeholder while the session loads', () => {
    setSignedInHint();
    renderAccount({});
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers a visitor Sign In and Sign Up', () => {
    renderAccount(sessionOf(null));
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/signin');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth/signup');
  });

  it("shows a student's initial, name and e-mail, with the student's menu", async () => {
    await openMenu(makeUser());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(trigger()).toHaveAccessibleName('Account menu: Priya Raman');
    expect(trigger().querySelector('.avatar')).toHaveTextContent(/^P$/);
    const panel = within(document.getElementById('user-menu-panel')!);
    expect(panel.getByText('priya.23cse@campus.ac.in')).toBeInTheDocument();
    expect(panel.queryByText(/Admin/)).not.toBeInTheDocument();
    expect(itemNames()).toEqual(['Events', 'About', 'My Registrations', 'Profile', 'Change Password', 'Logout']);
    expect(panel.getByRole('link', { name: 'My Registrations' })).toHaveAttribute('href', '/my-registrations');
    expect(panel.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it('closes the menu when focus moves out of it (Tab past its last item)', async () => {
    const { user } = await openMenu(makeUser());
    // The next thing on the page after the navigation bar.
    const next = document.body.appendChild(document.createElement('button'));
    const panel = within(document.getElementById('user-menu-panel')!);
    act(() => panel.getByRole('button', { name: 'Logout' }).focus());
    await user.tab();
    expect(next).toHaveFocus();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('user-menu-panel')).not.toBeVisible();
    next.remove();
  });

  it.each([
    ['an emoji', '🎉 Party Person', '🎉'],
    ['a family emoji of several code points', '👨‍👩‍👧 Family', '👨‍👩‍👧'],
    ['an accented letter', 'élodie', 'É'],
  ])('takes the initial from whole characters for a name starting with %s', async (_kind, name, initial) => {
    renderAccount(sessionOf(makeUser({ name })));
    expect((await screen.findByRole('button', { name: /^Account menu/ })).querySelector('.avatar')!.textContent).toBe(initial);
  });

  it('gives a club admin the Admin badge and the Admin Dashboard', async () => {
    await openMenu(clubAdmin());
    const panel = within(document.getElementById('user-menu-panel')!);
    expect(panel.getByText('Admin', { selector: '.badge' })).toBeInTheDocument();
    // No Events or About: the home page they are on sends admins to their dashboard. No My
    // Registrations either: staff take part in no events.
    expect(itemNames()).toEqual(['Admin Dashboard', 'Profile', 'Change Password', 'Logout']);
    expect(panel.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  });

  it('gives the super admin the Super Admin badge, the Super Admin Dashboard, People, Invite Admin and Festival Settings', async () => {
    await openMenu(superAdmin());
    const panel = within(document.getElementById('user-menu-panel')!);
    expect(panel.getByText('Super Admin', { selector: '.badge' })).toBeInTheDocument();
    expect(itemNames()).toEqual(['Super Admin Dashboard', 'People', 'Invite Admin', 'Festival Settings', 'Profile', 'Change Password', 'Logout']);
    expect(panel.getByRole('link', { name: 'People' })).toHaveAttribute('href', '/admin/people');
    expect(panel.getByRole('link', { name: 'Super Admin Dashboard' })).toHaveAttribute('href', '/super-admin/dashboard');
    expect(panel.getByRole('link', { name: 'Invite Admin' })).toHaveAttribute('href', '/admin/invite');
    expect(panel.getByRole('link', { name: 'Festival Settings' })).toHaveAttribute('href', '/admin/festival');
  });

  it('closes the menu on Escape, returning focus, and on a press outside', async () => {
    const { user } = await openMenu(makeUser());
    await user.tab();
    await user.keyboard('{Escape}');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveFocus();
    await user.click(trigger());
    await user.click(document.body);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out from a signed-in page to the home page, not to sign-in', async () => {
    stubApi({ '/api/v1/user/signout': () => jsonResponse({ success: true, message: 'Logged out successfully' }) });
    const layout = (
      <>
        <AccountNav />
        <Outlet />
      </>
    );
    const { user, router } = renderRoutes(
      [
        {
          element: layout,
          children: [
            { path: '/', element: <p>Home page</p> },
            { path: '/auth/signin', element: <p>Sign-in page</p> },
            { element: <RequireAuth />, children: [{ path: '/my-registrations', element: <p>My registrations</p> }] },
          ],
        },
      ],
      { preloadedState: sessionOf(makeUser()), route: '/my-registrations' },
    );
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('logs out: "Logging out...", then home with the toast, signed out', async () => {
    let answer!: (response: Response) => void;
    stubApi({
      '/api/v1/user/signout': () => new Promise<Response>((resolve) => (answer = resolve)),
      '/api/v1/user/load': () => jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401),
    });
    const { user, router, store } = await openMenu(makeUser());
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
    answer(jsonResponse({ success: true, message: 'Logged out successfully' }));
    expect(await toasts().findByText('Logged out successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().session).toEqual({ user: null, isAuthenticated: false, isLoading: false });
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('stays signed in and says so when logging out fails', async () => {
    stubApi({ '/api/v1/user/signout': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user, router, store } = await openMenu(makeUser());
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await toasts().findByText('Error logging out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-registrations');
    expect(store.getState().session.isAuthenticated).toBe(true);
  });
});
