import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeUser, sessionOf } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { DeleteAccountPanel } from './DeleteAccountPanel';

const ME_URL = '/api/v1/users/me';

/** The panel on /profile, with the server answering DELETE with `answer`; the session is gone once it succeeds. */
function renderPanel(answer: () => Response) {
  const fetchMock = stubApi({
    [ME_URL]: answer,
    '/api/v1/user/load': () => jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401),
  });
  const view = renderRoutes(
    [
      {
        // The toasts outlive the page, as in the app's layout: the toast shown as the profile page
        // is left is the one home shows.
        element: (
          <>
            <Outlet />
            <ToastRegion />
          </>
        ),
        children: [
          { path: '/profile', element: <DeleteAccountPanel /> },
          { path: '/', element: null },
        ],
      },
    ],
    { preloadedState: sessionOf(makeUser()), route: '/profile' },
  );
  return { ...view, fetchMock };
}

const opener = () => screen.getByRole('button', { name: 'Delete my account…' });
const dialog = () => screen.getByRole('dialog', { name: 'Delete your account' });
const emailField = () => within(dialog()).getByLabelText("Your account's e-mail address");
const passwordField = () => within(dialog()).getByLabelText('Password', { selector: 'input' });
const deleteButton = () => within(dialog()).getByRole('button', { name: 'Delete account permanently' });

/** Opens the confirmation and fills it in as Priya, with `password`. */
async function confirmAs(user: ReturnType<typeof renderPanel>['user'], password = 'Festival#2026') {
  await user.click(opener());
  await user.type(emailField(), 'priya.23cse@campus.ac.in');
  await user.type(passwordField(), password);
  await user.click(deleteButton());
}

describe('delete account', () => {
  it('says what deleting does, and asks for the e-mail address and password in a dialog that Cancel closes, back on the opener', async () => {
    const { user, fetchMock } = renderPanel(() => jsonResponse({ success: true, message: 'unused' }));
    const panel = screen.getByRole('region', { name: 'Delete account' });
    expect(within(panel).getByRole('list')).toHaveTextContent('passes each team you lead to its next member, or dissolves it if you are its only member');
    expect(panel).toHaveTextContent('It cannot be undone.');

    await user.click(opener());
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(emailField()).toHaveFocus());
    expect(emailField()).toHaveAccessibleDescription('Type priya.23cse@campus.ac.in to confirm it is this account.');

    // Nothing is sent without both.
    await user.click(deleteButton());
    expect(errorOf(emailField())).toBe('Type the e-mail address of this account');
    expect(errorOf(passwordField())).toBe('Password is required');
    expect(emailField()).toHaveFocus();

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener()).toHaveFocus();
    expect(requestsTo(fetchMock, ME_URL)).toHaveLength(0);
  });

  it("shows a wrong password under the password field, with focus on it, and keeps the student's session", async () => {
    const message = 'That password is not right.';
    const { user, store } = renderPanel(() => jsonResponse({ success: false, message, errors: [{ field: 'password', message }] }, 400));
    await confirmAs(user, 'wrong-password');

    await waitFor(() => expect(errorOf(passwordField())).toBe(message));
    expect(passwordField()).toHaveFocus();
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().session.isAuthenticated).toBe(true);
  });

  it("deletes the account, drops the signed-in session and the cache, and goes home with the server's message", async () => {
    const { user, store, router, fetchMock } = renderPanel(() => jsonResponse({ success: true, message: 'Your account has been deleted.' }));
    await confirmAs(user);

    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // The server, asked who is signed in, says nobody: the app is signed out as by sign-out, and
    // nothing cached of the account's is left (not even that answer).
    await waitFor(() => expect(store.getState().session).toEqual({ user: null, isAuthenticated: false, isLoading: false }));
    expect(requestsTo(fetchMock, '/api/v1/user/load')).toHaveLength(1);
    await waitFor(() => expect(store.getState().api.queries).toEqual({}));
    const [sent] = requestsTo(fetchMock, ME_URL);
    expect(sent.method).toBe('DELETE');
    expect(await sent.json()).toEqual({ email: 'priya.23cse@campus.ac.in', password: 'Festival#2026' });
  });

  it("says why the last super admin's account stays, above the form, with focus on it", async () => {
    const message = 'You are the last super admin: make another account super admin before deleting yours.';
    const { user, store } = renderPanel(() => jsonResponse({ success: false, message }, 409));
    await confirmAs(user);

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(deleteButton()).toBeEnabled();
    expect(store.getState().session.isAuthenticated).toBe(true);
  });
});
