import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { renderRoutes } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { ResetPasswordPage } from './ResetPasswordPage';

const resetPath = '/api/v1/user/password/reset/reset-token';

function renderReset(route = '/auth/reset-password/reset-token') {
  return renderRoutes(
    [
      {
        path: '/auth/reset-password/:token?',
        element: (
          <>
            <ResetPasswordPage />
            <ToastRegion />
          </>
        ),
      },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    { route },
  );
}

/** The link works when the page looks (GET); `reset` answers the new password (POST). */
const linkWorking = (reset: () => Response) => (request: Request) =>
  request.method === 'GET' ? jsonResponse({ success: true, message: 'This link can set a new password.' }) : reset();

const newPassword = () => screen.getByLabelText('New password', { selector: 'input' });
const findNewPassword = () => screen.findByLabelText('New password', { selector: 'input' });
const confirmation = () => screen.getByLabelText('Confirm password', { selector: 'input' });

describe('reset-password page', () => {
  it('sends a visitor without a token to sign-in', () => {
    stubApi({});
    const { router } = renderReset('/auth/reset-password');
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('needs a new password of 6 or more, confirmed', async () => {
    const fetchMock = stubApi({ [resetPath]: linkWorking(() => jsonResponse({ success: true, message: 'Password reset successful!' })) });
    const { user: person } = renderReset();
    await person.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(errorOf(newPassword())).toBe('Password is required');
    expect(errorOf(confirmation())).toBe('Please confirm your password');
    await person.type(newPassword(), 'abc12');
    await person.type(confirmation(), 'abc13');
    expect(errorOf(newPassword())).toBe('Password must be at least 6 characters');
    expect(errorOf(confirmation())).toBe('Passwords do not match');
    expect(requestsTo(fetchMock, resetPath).filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('sets the password and goes to sign-in after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({
      [resetPath]: linkWorking(() => jsonResponse({ success: true, message: 'Password reset successful! You can now sign in with your new password.' })),
    });
    const { user: person, router } = renderReset();
    await person.type(await findNewPassword(), 'NewPass1');
    await person.type(confirmation(), 'NewPass1');
    await person.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successful! Redirecting to login...')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, resetPath)[1].json()).toEqual({ password: 'NewPass1' });
    await act(() => vi.advanceTimersByTime(1800));
    expect(router.state.location.pathname).toBe('/auth/reset-password/reset-token');
    await act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('says at once that a used or expired link no longer works, with no password to type', async () => {
    const fetchMock = stubApi({ [resetPath]: () => jsonResponse({ success: false, message: 'Invalid or expired reset link' }, 400) });
    renderReset();
    expect(screen.getByText('Checking your reset link...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByText('Invalid or expired reset link')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/signin');
    expect(requestsTo(fetchMock, resetPath).map((request) => request.method)).toEqual(['GET']);
  });

  it('shows the message of a link that died after the page opened once, beside the form', async () => {
    stubApi({ [resetPath]: linkWorking(() => jsonResponse({ success: false, message: 'Invalid or expired reset link' }, 400)) });
    const { user: person } = renderReset();
    await person.type(await findNewPassword(), 'NewPass1');
    await person.type(confirmation(), 'NewPass1');
    await person.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset link');
    expect(screen.getAllByText('Invalid or expired reset link')).toHaveLength(1);
    expect(newPassword()).toHaveValue('NewPass1');
  });

  it("shows the staff rule's message at the field when the link is a club admin's or the super admin's", async () => {
    const message = 'Password must be at least 8 characters';
    stubApi({ [resetPath]: linkWorking(() => jsonResponse({ success: false, message, errors: [{ field: 'password', message }] }, 400)) });
    const { user: person } = renderReset();
    await person.type(await findNewPassword(), 'abc12!');
    await person.type(confirmation(), 'abc12!');
    await person.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(errorOf(newPassword())).toBe(message);
  });
});
