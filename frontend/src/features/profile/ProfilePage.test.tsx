import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { type Profile } from './profile-api';
import { ProfilePage } from './ProfilePage';

const PROFILE_URL = '/api/v1/users/me/profile';

const priya: Profile = { name: 'Priya Raman', email: 'priya.23cse@campus.ac.in', dept: 'CSE', year: '3', gender: 'Female', rollNumber: '23CSE014' };

/** The page with the server answering GET with `reads` in turn (the last one repeated) and PUT with `save`. */
function renderProfile({ reads = [() => jsonResponse({ success: true, profile: priya })], save }: { reads?: (() => Response)[]; save?: () => Response } = {}) {
  let read = 0;
  /** The bodies of the saves sent. */
  const sent: Record<string, unknown>[] = [];
  stubApi({
    // The page's data panel: nothing prepared yet.
    '/api/v1/users/me/data-export': () => jsonResponse({ success: true, export: null }),
    [PROFILE_URL]: async (request) => {
      if (request.method === 'PUT') {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return save ? save() : jsonResponse({ success: true, message: 'Your profile is saved.', profile: { ...priya, ...body, name: 'Priya Raman Iyer' } });
      }
      const answer = reads[Math.min(read, reads.length - 1)];
      read += 1;
      return answer();
    },
  });
  const view = renderWithProviders(
    <>
      <ProfilePage />
      <ToastRegion />
    </>,
    { preloadedState: sessionOf(makeUser()), route: '/profile' },
  );
  return { ...view, sent };
}

const saveButton = () => screen.getByRole('button', { name: 'Save Profile' });

describe('/profile', () => {
  it("shows the e-mail as the account's identity, not to be changed, and the details as they stand", async () => {
    renderProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');

    const name = await screen.findByLabelText('Full name');
    expect(name).toHaveValue('Priya Raman');
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue('priya.23cse@campus.ac.in');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(
      "Your e-mail address is your account's identity: you sign in with it and the festival writes to it, so it does not change here.",
    );
    expect(screen.getByLabelText('Roll number')).toHaveValue('23CSE014');
    expect(screen.getByLabelText('Roll number')).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveValue('CSE');
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('3');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(name).toHaveAccessibleDescription(
      'From now on your teams, registrations and results show the name you save; e-mails already sent keep the one they were sent with, and certificates already issued keep theirs until the organisers re-issue them.',
    );
    // Under the form, the account's data and its deletion.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Your data', 'Delete account']);
  });

  it("offers the department's years only, saves the details and says so in a toast, showing the name as kept", async () => {
    const { user, sent } = renderProfile();
    const name = await screen.findByLabelText('Full name');
    await user.type(name, '  Iyer ');
    const year = screen.getByRole('combobox', { name: 'Year' });

    // Year 3 is not an MBA year: choosing MBA clears it and offers MBA's years.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'MBA');
    expect(year).toHaveValue('');
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select year', '1st Year', '2nd Year']);
    await user.selectOptions(year, '2');
    await user.click(saveButton());

    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Priya Raman Iyer', dept: 'MBA', year: '2', gender: 'Female' }]);
    expect(name).toHaveValue('Priya Raman Iyer');
    await waitFor(() => expect(saveButton()).toHaveFocus());
  });

  it("checks sign-up's rules before sending, with focus on the first field in error", async () => {
    const { user, sent } = renderProfile();
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'Ph.D');
    await user.click(saveButton());

    expect(errorOf(name)).toBe('Name is required');
    expect(name).toHaveFocus();
    // Ph.D keeps year 3: the department and the year go together.
    expect(errorOf(screen.getByRole('combobox', { name: 'Year' }))).toBe(null);
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal of a field under that field, with focus on it", async () => {
    const message = 'Undergraduate students can only select 3rd or 4th year';
    const { user } = renderProfile({ save: () => jsonResponse({ success: false, message, errors: [{ field: 'year', message }] }, 400) });
    await screen.findByLabelText('Full name');
    await user.click(saveButton());

    const year = screen.getByRole('combobox', { name: 'Year' });
    await waitFor(() => expect(errorOf(year)).toBe(message));
    expect(year).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says a refused gender change beside Save Profile, takes focus there and keeps the student's choice", async () => {
    const message =
      'Your gender cannot change while you are in "Asha Rao\'s team" for Treasure Trail, a gender-based event: its members share one gender. Leave the team first, then change it.';
    const { user } = renderProfile({ save: () => jsonResponse({ success: false, message }, 409) });
    await screen.findByLabelText('Full name');
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'Other' })).toBeChecked();
  });

  it('says when the profile could not be loaded, and loads it on Try Again', async () => {
    const { user } = renderProfile({
      reads: [
        () => jsonResponse({ success: false, message: 'The database is not answering. Please try again.' }, 503),
        () => jsonResponse({ success: true, profile: priya }),
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Failed to load user profile' })).toBeInTheDocument();
    expect(screen.getByText('The database is not answering. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByLabelText('Full name')).toHaveValue('Priya Raman');
  });

  it('gives staff their data and the deletion, without a profile to edit (theirs is not asked for)', async () => {
    const asked: string[] = [];
    stubApi({
      '/api/v1/users/me/data-export': () => jsonResponse({ success: true, export: null }),
      [PROFILE_URL]: () => {
        asked.push(PROFILE_URL);
        return jsonResponse({ success: false, message: 'Admin Account - Admins cannot register for events' }, 403);
      },
    });
    renderWithProviders(<ProfilePage />, {
      preloadedState: sessionOf(makeUser({ role: 'admin', isAdmin: true, name: 'Asha Admin', email: 'asha.admin@campus.ac.in' })),
      route: '/profile',
    });

    expect(await screen.findByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Delete account' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
