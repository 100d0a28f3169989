import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { SignInPage } from './SignInPage';

const user = makeUser();

function renderSignIn(state?: unknown) {
  return renderRoutes(
    [
      {
        path: '/auth/signin',
        element: (
          <>
            <SignInPage emailDomain="campus.ac.in" />
            <ToastRegion />
          </>
        ),
      },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    { route: { pathname: '/auth/signin', state } as unknown as string },
  );
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText('Password', { selector: 'input' });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('sign-in page', () => {
  it('shows each rule under its field and sends nothing while one fails', async () => {
    const fetchMock = stubApi({});
    const { user: person } = renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(errorOf(email())).toBe('Email is required');
    expect(errorOf(password())).toBe('Password is required');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveFocus();
    await person.type(email(), 'priya@gmail.com');
    await person.type(password(), 'abc');
    expect(errorOf(email())).toBe('Please enter a valid institution email');
    expect(errorOf(password())).toBe('Password cannot be less than 4 characters.');
    expect(requestsTo(fetchMock, '/api/v1/user/signin')).toHaveLength(0);
  });

  it('says so when sign-up sent the user here to verify first', () => {
    stubApi({});
    renderSignIn({ notVerified: true });
    expect(screen.getByRole('status')).toHaveTextContent('Please verify your email before signing in');
  });

  it('signs in, says so, and goes home after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({ '/api/v1/user/signin': () => jsonResponse({ success: true, message: 'Login successful!', user }) });
    const { user: person, router, store } = renderSignIn();
    await person.type(email(), ' Priya.23cse@campus.ac.in ');
    await person.type(password(), 'Student@123');
    await person.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Login successful! Redirecting...')).toBeInTheDocument();
    expect(toasts().getByText('Login successful!')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, '/api/v1/user/signin')[0].json()).toEqual({ email: 'Priya.23cse@campus.ac.in', password: 'Student@123' });
    expect(store.getState().session).toEqual({ user, isAuthenticated: true, isLoading: false });
    // The clock also moves with real time here (for Testing Library's waiting), hence the margin.
    await act(() => vi.advanceTimersByTime(1300));
    expect(router.state.location.pathname).toBe('/auth/signin');
    await act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes back to the page the route guard sent the user from', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ '/api/v1/user/signin': () => jsonResponse({ success: true, message: 'Login successful!', user }) });
    const { user: person, router } = renderSignIn({ from: { pathname: '/my-registrations', search: '?tab=1', hash: '' } });
    await person.type(email(), 'priya.23cse@campus.ac.in');
    await person.type(password(), 'Student@123');
    await person.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Login successful! Redirecting...');
    await act(() => vi.advanceTimersByTime(1500));
    expect(router.state.location.pathname).toBe('/my-registrations');
    expect(router.state.location.search).toBe('?tab=1');
  });

  it("shows the server's refusal once, beside the form and not as a toast, keeping what was typed", async () => {
    stubApi({ '/api/v1/user/signin': () => jsonResponse({ success: false, message: 'Invalid email or password' }, 401) });
    const { user: person } = renderSignIn();
    await person.type(email(), 'priya.23cse@campus.ac.in');
    await person.type(password(), 'wrong-pass');
    await person.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getAllByText('Invalid email or password')).toHaveLength(1);
    expect(toasts().queryByText('Invalid email or password')).not.toBeInTheDocument();
    expect(email()).toHaveValue('priya.23cse@campus.ac.in');
    expect(password()).toHaveValue('wrong-pass');
  });

  it("puts the server's field errors under their fields, and only there", async () => {
    stubApi({
      '/api/v1/user/signin': () =>
        jsonResponse(
          { success: false, message: 'Please check the highlighted fields', errors: [{ field: 'email', message: 'This address cannot sign in' }] },
          400,
        ),
    });
    const { user: person } = renderSignIn();
    await person.type(email(), 'priya@campus.ac.in');
    await person.type(password(), 'abcd');
    await person.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(errorOf(email())).toBe('This address cannot sign in'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByText('This address cannot sign in')).toHaveLength(1);
    await person.type(email(), 'x');
    expect(errorOf(email())).toBe('Please enter a valid institution email');
    await person.type(email(), '{Backspace}');
    expect(errorOf(email())).toBeNull();
  });

  it('shows and hides the password', async () => {
    stubApi({});
    const { user: person } = renderSignIn();
    expect(password()).toHaveAttribute('type', 'password');
    await person.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await person.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });
});

describe('reset-request view', () => {
  async function openResetRequest() {
    const view = renderSignIn();
    await view.user.type(email(), 'priya.23cse@campus.ac.in');
    await view.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    return view;
  }

  it('opens from sign-in with the e-mail typed so far, and goes back', async () => {
    stubApi({});
    const { user: person } = await openResetRequest();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('priya.23cse@campus.ac.in');
    await person.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('checks the e-mail like every form', async () => {
    stubApi({});
    const { user: person } = await openResetRequest();
    await person.clear(screen.getByRole('textbox', { name: 'Email' }));
    await person.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(errorOf(screen.getByRole('textbox', { name: 'Email' }))).toBe('Email is required');
  });

  it('shows the message styled as success, then closes after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = 'If an account exists for this email, a password reset link has been sent to it.';
    const fetchMock = stubApi({ '/api/v1/user/password/forgot': () => jsonResponse({ success: true, message: sent }) });
    const { user: person } = await openResetRequest();
    await person.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const message = await screen.findByText(sent, { selector: '.alert' });
    expect(message).toHaveClass('alert--success');
    expect(await requestsTo(fetchMock, '/api/v1/user/password/forgot')[0].json()).toEqual({ email: 'priya.23cse@campus.ac.in' });
    await act(() => vi.advanceTimersByTime(2700));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTime(300));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('styles a message without "sent" or "success" as an error', async () => {
    stubApi({ '/api/v1/user/password/forgot': () => jsonResponse({ success: false, message: 'Too many attempts. Please try again in 5 minutes.' }, 429) });
    const { user: person } = await openResetRequest();
    await person.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Too many attempts. Please try again in 5 minutes.', { selector: '.alert' })).toHaveClass('alert--error');
  });
});
