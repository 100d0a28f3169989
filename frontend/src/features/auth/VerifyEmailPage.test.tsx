import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestsTo, stubApi, stubFetch } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { renderRoutes } from '../../test/render';
import { VerifyEmailPage } from './VerifyEmailPage';

const verifyPath = '/api/v1/user/verify/token-123';

function renderVerify(route = '/auth/verify/token-123') {
  return renderRoutes(
    [
      { path: '/auth/verify/:token', element: <VerifyEmailPage /> },
      { path: '/auth/verify', element: <VerifyEmailPage /> },
    ],
    { route, strict: true },
  );
}

describe('e-mail verification page', () => {
  it('says it is verifying, then shows the success with Go to Login', async () => {
    stubApi({ [verifyPath]: () => jsonResponse({ success: true, message: 'Email verified successfully! You can now sign in.' }) });
    renderVerify();
    expect(screen.getByRole('heading', { name: 'Verifying your email...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByText('Email verified successfully! You can now sign in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth/signin');
    expect(screen.queryByRole('link', { name: /sign up/i })).not.toBeInTheDocument();
  });

  it('checks the token once per page load, even in StrictMode and when coming back much later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({ [verifyPath]: () => jsonResponse({ success: true, message: 'Email verified successfully! You can now sign in.' }) });
    const { router } = renderVerify();
    await screen.findByRole('heading', { name: 'Email verified' });
    await act(() => router.navigate('/auth/verify'));
    // Long after RTK Query would normally drop an unused answer.
    await act(() => vi.advanceTimersByTime(10 * 60_000));
    await act(() => router.navigate('/auth/verify/token-123'));
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, verifyPath)).toHaveLength(1);
  });

  it("shows the server's refusal with Go to Login and a sign-up link", async () => {
    stubApi({ [verifyPath]: () => jsonResponse({ success: false, message: 'Invalid or expired verification link' }, 400) });
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByText('Invalid or expired verification link')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth/signin');
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/auth/signup');
  });

  it('says a link used before is verified already and offers sign-in, not a failure', async () => {
    const used = 'This email is already verified. You can sign in.';
    stubApi({ [verifyPath]: () => jsonResponse({ success: false, alreadyVerified: true, message: used }, 409) });
    renderVerify();
    expect(await screen.findByRole('heading', { level: 1, name: 'Email already verified' })).toBeInTheDocument();
    expect(screen.getByText(used)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/signin');
    expect(screen.queryByText(/failed/i)).not.toBeInTheDocument();
  });

  it('offers a new link after a refusal, sent with the address typed', async () => {
    const sent = 'If a sign-up is waiting for this email, a new verification link has been sent to it.';
    const fetchMock = stubApi({
      [verifyPath]: () => jsonResponse({ success: false, message: 'Invalid or expired verification link' }, 400),
      '/api/v1/user/verify/resend': () => jsonResponse({ success: true, message: sent }),
    });
    const { user } = renderVerify();
    await user.type(await screen.findByRole('textbox', { name: 'Email for the new link' }), 'priya.23cse@campus.ac.in');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(sent)).toBeInTheDocument();
    const [resend] = requestsTo(fetchMock, '/api/v1/user/verify/resend');
    expect(await resend.json()).toEqual({ email: 'priya.23cse@campus.ac.in' });
  });

  it('says the link is invalid when it has no token, without asking the server', () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true }));
    renderVerify('/auth/verify');
    expect(screen.getByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByText('Invalid verification link')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  describe('in another browser than the one that signed up', () => {
    const asked = 'This link was opened in another browser than the one that signed up. Enter the password you chose at sign-up to verify your email.';
    const wrong = 'This is not the password chosen at sign-up';
    const passwordField = () => screen.getByLabelText('Password chosen at sign-up', { selector: 'input' });

    function stubVerification(answerPost: (password: string) => Response | Promise<Response>) {
      return stubApi({
        [verifyPath]: async (request) =>
          request.method === 'POST'
            ? answerPost(((await request.json()) as { password: string }).password)
            : jsonResponse({ success: false, passwordRequired: true, message: asked }, 403),
      });
    }

    it("asks for the sign-up's password, says so while it checks, and then shows the success with Go to Login", async () => {
      let answer: (response: Response) => void = () => undefined;
      const sent: string[] = [];
      stubVerification((password) => {
        sent.push(password);
        return new Promise((resolve) => (answer = resolve));
      });
      const { user } = renderVerify();

      expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
      expect(screen.getByText(asked)).toBeInTheDocument();
      await user.type(passwordField(), 'Secret@123');
      await user.click(screen.getByRole('button', { name: 'Verify Email' }));

      expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
      answer(jsonResponse({ success: true, message: 'Email verified successfully! You can now sign in.' }));
      expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
      expect(screen.getByText('Email verified successfully! You can now sign in.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth/signin');
      expect(sent).toEqual(['Secret@123']);
    });

    it('requires the password before asking, and shows a wrong one under the field', async () => {
      const fetchMock = stubVerification((password) =>
        password === 'Secret@123'
          ? jsonResponse({ success: true, message: 'Email verified successfully! You can now sign in.' })
          : jsonResponse({ success: false, message: wrong, errors: [{ field: 'password', message: wrong }] }, 400),
      );
      const { user } = renderVerify();
      await user.click(await screen.findByRole('button', { name: 'Verify Email' }));
      expect(errorOf(passwordField())).toBe('Password is required');
      expect(requestsTo(fetchMock, verifyPath).filter((request) => request.method === 'POST')).toHaveLength(0);

      await user.type(passwordField(), 'Guess@123');
      await user.click(screen.getByRole('button', { name: 'Verify Email' }));
      await waitFor(() => expect(errorOf(passwordField())).toBe(wrong));
      expect(screen.getAllByText(wrong)).toHaveLength(1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(passwordField()).toHaveFocus();

      await user.clear(passwordField());
      await user.type(passwordField(), 'Secret@123');
      await user.click(screen.getByRole('button', { name: 'Verify Email' }));
      expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    });
  });
});
