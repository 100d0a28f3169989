import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Invite, SessionUser } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { makeInvite, makeUser, sessionOf, withoutDetails } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { SignInPage } from '../auth/SignInPage';
import { InvitePage } from './InvitePage';

const TOKEN = 'f3a9c1d2e4b5a6978877665544332211';
const divya = makeUser({ _id: 'aaaaaaaa-0000-4000-8000-000000000020', name: 'Divya Menon', email: 'divya.23cse@campus.ac.in' });

function renderInvite(viewer: SessionUser | null, route = `/invite/${TOKEN}`) {
  return renderRoutes(
    [
      {
        path: '/invite/:token',
        element: (
          <>
            <InvitePage />
            <ToastRegion />
          </>
        ),
      },
      { path: '/login', element: <SignInPage emailDomain="campus.ac.in" /> },
      { path: '/auth/signin', element: <SignInPage emailDomain="campus.ac.in" /> },
      { path: '*', element: <ToastRegion /> },
    ],
    { route, preloadedState: sessionOf(viewer) },
  );
}

const serveInvite = (invite: Invite | (() => Response), more: Record<string, () => Response> = {}) =>
  stubApi({
    [`/api/v1/teams/invite/${TOKEN}`]: typeof invite === 'function' ? invite : () => jsonResponse({ success: true, data: { invite } }),
    ...more,
  });

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

async function signIn(person: ReturnType<typeof renderInvite>['user']) {
  await person.type(screen.getByRole('textbox', { name: 'Email' }), divya.email);
  await person.type(screen.getByLabelText('Password', { selector: 'input' }), 'Student@123');
  await person.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Login successful! Redirecting...');
  await act(() => vi.advanceTimersByTime(1500));
}

describe('/invite/{token}', () => {
  it('sends a visitor to sign in, which says an invitation waits, keeping the token, and brings them back to the invite', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveInvite(makeInvite(), { '/api/v1/user/signin': () => jsonResponse({ success: true, message: 'Login successful!', user: divya }) });
    const { router, user } = renderInvite(null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('pendingInviteToken')).toBe(TOKEN);
    expect(await screen.findByText(/^Sign in to answer your team invitation: it opens as soon as you are in\./)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create an account' })[0]).toHaveAttribute('href', '/auth/signup');
    await signIn(user);
    expect(router.state.location.pathname).toBe(`/invite/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Byte Me' })).toBeInTheDocument();
    // Shown to its student, the kept token is let go.
    expect(localStorage.getItem('pendingInviteToken')).toBeNull();
  });

  it('returns to a kept invite after signing in later without the return address (signed up and verified first)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('pendingInviteToken', TOKEN);
    serveInvite(makeInvite(), { '/api/v1/user/signin': () => jsonResponse({ success: true, message: 'Login successful!', user: divya }) });
    const { router, user } = renderInvite(null, '/auth/signin');
    await signIn(user);
    expect(router.state.location.pathname).toBe(`/invite/${TOKEN}`);
  });

  it("shows a pending invite in full and joins the team, then goes to the team's event", async () => {
    const fetchMock = serveInvite(makeInvite(), {
      [`/api/v1/teams/invite/${TOKEN}/respond`]: () => jsonResponse({ success: true, message: 'Successfully joined the team!' }),
    });
    const { router, user } = renderInvite(divya);
    const details = await screen.findByRole('region', { name: 'Join Byte Me' });
    expect(details).toHaveTextContent('Asha Rao invited you to join their team for Hackathon.');
    const fact = (label: string) => within(details).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Event')).toBe('Hackathon');
    expect(fact('Team')).toBe('Byte Me');
    expect(fact('Invited by')).toBe('Asha Raoasha.23cse@campus.ac.in');
    expect(fact('Expires')).toBe('27 Nov 2026, 11:30 am');
    await user.click(within(details).getByRole('button', { name: 'Accept & Join Team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/00000000-0000-4000-8000-000000000099'));
    expect(router.state.location.search).toBe('?slug=hackathon');
    expect(toasts().getByText('Successfully joined the team!')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, `/api/v1/teams/invite/${TOKEN}/respond`)[0].json()).toEqual({ response: 'accept' });
  });

  it('declines with the fallback text, and a refusal stays on the page as a toast', async () => {
    let answer = () => jsonResponse({ success: false, message: 'This invite has expired' }, 410);
    serveInvite(makeInvite(), { [`/api/v1/teams/invite/${TOKEN}/respond`]: () => answer() });
    const { router, user } = renderInvite(divya);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await toasts().findByText('This invite has expired')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/invite/${TOKEN}`);
    answer = () => jsonResponse({ success: true });
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(toasts().getByText('Invite declined')).toBeInTheDocument();
  });

  it('says an answered invite was already answered, with a way to the events', async () => {
    serveInvite(makeInvite({ status: 'accepted' }));
    renderInvite(divya);
    expect(await screen.findByText('You have already accepted this invitation.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Accept & Join Team' })).not.toBeInTheDocument();
  });

  it.each([
    ['declined', 'You have already declined this invitation.'],
    ['expired', 'This invitation has expired.'],
    ['cancelled', 'This invitation was cancelled by the team leader.'],
    ['withdrawn', 'This invitation was withdrawn: its team registered, or you joined another team for this event.'],
  ] as const)('says what became of an invite that is %s', async (status, text) => {
    serveInvite(makeInvite({ status }));
    renderInvite(divya);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/You have already (expired|cancelled|withdrawn)/)).not.toBeInTheDocument();
  });

  it("shows 'Invalid or expired invite' with the server's reason", async () => {
    serveInvite(() => jsonResponse({ success: false, message: 'This invite belongs to another account' }, 403));
    renderInvite(divya);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid or expired invite' })).toBeInTheDocument();
    expect(screen.getByText('This invite belongs to another account')).toBeInTheDocument();
  });

  it('uses the fallback names when the invite comes without its details', async () => {
    serveInvite(makeInvite(withoutDetails));
    renderInvite(divya);
    const details = await screen.findByRole('region', { name: 'Join Unknown Team' });
    expect(details).toHaveTextContent('Unknown invited you to join their team for Unknown Event.');
  });
});
