import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '../../session/RequireAuth';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { clubAdmin, sessionOf } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { AcceptInvitePage, AdminSignupPage } from './AcceptInvitePage';

const TOKEN = '9b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e';
const invitation = {
  event: { _id: '00000000-0000-4000-8000-000000000777', name: 'Code Sprint', event_type: 'competition' },
  clubName: 'Tech Club',
  email: 'arun.staff@campus.ac.in',
  expiresAt: '2026-11-27T06:00:00.000Z',
};
const arun = clubAdmin({ name: 'Arun Kumar', email: 'arun.staff@campus.ac.in', dept: 'Staff', year: '0' });

function renderAccept(route: string, answers: { details?: () => Response; signup?: (request: Request) => Response } = {}) {
  const fetchMock = stubApi({
    [`/api/v1/admin/invite/${TOKEN}`]: answers.details ?? (() => jsonResponse({ success: true, data: invitation })),
    [`/api/v1/admin/signup/${TOKEN}`]:
      answers.signup ?? (() => jsonResponse({ success: true, message: 'Admin account created successfully!', user: arun }, 201)),
    // The session the answer set is the one the dashboard's guard sees.
    '/api/v1/user/load': () => jsonResponse({ success: true, user: arun }),
  });
  const view = renderRoutes(
    [
      {
        // The toasts outlive the page, as in the app's layout: the welcome toast stays through the
        // redirect to the dashboard, which on a busy machine can come before the test looks.
        element: (
          <>
            <Outlet />
            <ToastRegion />
          </>
        ),
        children: [
          { path: '/admin/invite/:token', element: <AcceptInvitePage /> },
          { path: '/admin/signup/:token', element: <AdminSignupPage /> },
          { element: <RequireAuth access="admin" />, children: [{ path: '/admin/dashboard', element: <h1>Admin Dashboard</h1> }] },
          { path: '*', element: null },
        ],
      },
    ],
    { route, preloadedState: sessionOf(null) },
  );
  return { ...view, fetchMock };
}

const fill = async (
  user: ReturnType<typeof renderAccept>['user'],
  { name = 'Arun Kumar', password = 'Festival2026' }: { name?: string; password?: string } = {},
) => {
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), name);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), password);
  await user.click(screen.getByRole('radio', { name: 'Male' }));
};

describe('/admin/invite/{token} and /admin/signup/{token}', () => {
  it('shows the event assignment first: the club admin role it starts, event, club, type and e-mail, with a way to sign in', async () => {
    renderAccept(`/admin/invite/${TOKEN}`);
    const assignment = await screen.findByRole('region', { name: 'Your event assignment' });
    expect(assignment).toHaveTextContent(
      "You are invited to be a club admin of Tech Club, starting with Code Sprint. A club admin runs all of the club's events: creating and changing them, approving registrations, and on the day, attendance and winners.",
    );
    const fact = (label: string) => within(assignment).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Event')).toBe('Code Sprint');
    expect(fact('Club')).toBe('Tech Club');
    expect(fact('Event type')).toBe('Competition');
    expect(fact('Email')).toBe('arun.staff@campus.ac.in');
    expect(screen.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/auth/signin');
  });

  it("checks the form: name, the password's four rules with the checklist, the match and the gender", async () => {
    const { user, fetchMock } = renderAccept(`/admin/invite/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Create Admin Account' }));
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(errorOf(screen.getByRole('textbox', { name: 'Full name' }))).toBe('Name is required');
    expect(errorOf(password)).toBe('Password is required');
    expect(errorOf(screen.getByLabelText('Confirm password', { selector: 'input' }))).toBe('Passwords must match');
    expect(screen.getByText('Gender is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'A');
    expect(errorOf(screen.getByRole('textbox', { name: 'Full name' }))).toBe('Name must be at least 2 characters');
    await user.type(password, 'festival');
    expect(errorOf(password)).toBe('Password must contain a lowercase letter, an uppercase letter and a digit');
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    const met = () =>
      within(checklist)
        .getAllByRole('listitem')
        .map((item) => item.dataset.met);
    expect(met()).toEqual(['true', 'true', 'false', 'false']);
    await user.clear(password);
    await user.type(password, 'Fest1');
    expect(errorOf(password)).toBe('Password must be at least 8 characters');
    expect(met()).toEqual(['false', 'true', 'true', 'true']);
    expect(requestsTo(fetchMock, `/api/v1/admin/signup/${TOKEN}`)).toHaveLength(0);
  });

  it('creates the account, signs in, says "Admin invitation accepted successfully!" and opens the Admin Dashboard', async () => {
    const { user, router, fetchMock } = renderAccept(`/admin/invite/${TOKEN}`);
    await screen.findByRole('region', { name: 'Your event assignment' });
    await fill(user, { name: '  Arun   Kumar ' });
    await user.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    expect(await screen.findByText('Admin invitation accepted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await requestsTo(fetchMock, `/api/v1/admin/signup/${TOKEN}`)[0].json()).toEqual({
      name: 'Arun Kumar',
      password: 'Festival2026',
      confirmPassword: 'Festival2026',
      gender: 'Male',
    });
  });

  it('asks on the older form (/admin/signup) for the department, Staff unless changed, and names the club', async () => {
    const { user, fetchMock } = renderAccept(`/admin/signup/${TOKEN}`);
    const department = await screen.findByRole('combobox', { name: 'Department' });
    expect(department).toHaveValue('Staff');
    expect(
      within(department)
        .getAllByRole('option')
        .map(({ textContent }) => textContent),
    ).toEqual(['Select department', 'CSE', 'IT', 'ECE', 'EEE', 'MECH', 'CIVIL', 'CHEM', 'BME', 'Staff']);
    const club = screen.getByRole('textbox', { name: 'Club / Organization' });
    expect(club).toHaveValue('Tech Club');
    expect(club).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    expect(errorOf(screen.getByLabelText('Confirm password', { selector: 'input' }))).toBe('Please confirm your password');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Festival2026');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'Festival2025');
    // The older form's own words (admin-side §5), where the newer form says "Passwords must match".
    expect(errorOf(screen.getByLabelText('Confirm password', { selector: 'input' }))).toBe('Passwords do not match');
    await user.clear(screen.getByLabelText('Confirm password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'Festival2026');
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Arun Kumar');
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.selectOptions(department, 'ECE');
    await user.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    expect(await screen.findByText('Admin invitation accepted successfully!')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, `/api/v1/admin/signup/${TOKEN}`)[0].json()).toEqual({
      name: 'Arun Kumar',
      password: 'Festival2026',
      confirmPassword: 'Festival2026',
      gender: 'Male',
      dept: 'ECE',
      club: 'Tech Club',
    });
  });

  it("shows the server's refusal beside the form, and a field's under its field", async () => {
    let answer = () => jsonResponse({ success: false, message: 'An account with this email already exists' }, 409);
    const { user, router } = renderAccept(`/admin/invite/${TOKEN}`, { signup: () => answer() });
    await screen.findByRole('region', { name: 'Your event assignment' });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    answer = () => jsonResponse({ success: false, message: 'Validation failed', errors: [{ field: 'name', message: 'Name must start with a letter' }] }, 400);
    await user.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    await waitFor(() => expect(errorOf(screen.getByRole('textbox', { name: 'Full name' }))).toBe('Name must start with a letter'));
    expect(router.state.location.pathname).toBe(`/admin/invite/${TOKEN}`);
  });

  it('says an unknown, used or expired link is invalid, with Go Home', async () => {
    renderAccept(`/admin/invite/${TOKEN}`, { details: () => jsonResponse({ success: false, message: 'Invalid or expired invitation link' }, 404) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Invitation Link' })).toBeInTheDocument();
    expect(screen.getByText('This invitation link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('offers Try Again when the details cannot be loaded', async () => {
    renderAccept(`/admin/invite/${TOKEN}`, {
      details: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to load invitation details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
