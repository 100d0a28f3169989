import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminInvite, EventWithAdminStatus } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeAdminInvite, makeEventWithAdminStatus, sessionOf, superAdmin, makeClubs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { InviteAdminPage } from './InviteAdminPage';

const codeSprint = makeEventWithAdminStatus('Code Sprint', 'Tech Club');
const roboRace = makeEventWithAdminStatus('Robo Race', 'Tech Club', { status: 'pending', inviteEmail: 'meera@campus.ac.in' });
const hackathon = makeEventWithAdminStatus('Hackathon', 'Tech Club', { status: 'assigned', adminEmail: 'kavya@campus.ac.in' });
const poetrySlam = makeEventWithAdminStatus('Poetry Slam', 'Literary Club');

interface Serve {
  events?: EventWithAdminStatus[];
  invites?: () => AdminInvite[];
  send?: (request: Request) => Response | Promise<Response>;
  cancel?: () => Response;
}

function renderInvitePage({ events = [codeSprint, roboRace, hackathon, poetrySlam], invites = () => [], send, cancel }: Serve = {}) {
  const fetchMock = stubApi({
    '/api/v1/clubs': () => jsonResponse({ success: true, clubs: makeClubs() }),
    '/api/v1/admin/events-with-admin-status': () => jsonResponse({ success: true, events }),
    '/api/v1/admin/invites': () => jsonResponse({ success: true, data: invites() }),
    '/api/v1/admin/invite': (request) => (send ? send(request) : jsonResponse({ success: false, message: 'Not expected' }, 500)),
    ...Object.fromEntries(
      invites().map(({ _id }) => [`/api/v1/admin/invite/${_id}`, () => (cancel ? cancel() : jsonResponse({ success: false, message: 'Not expected' }, 500))]),
    ),
  });
  const view = renderWithProviders(
    <>
      <InviteAdminPage emailDomain="campus.ac.in" />
      <ToastRegion />
    </>,
    { preloadedState: sessionOf(superAdmin()) },
  );
  return { ...view, fetchMock };
}

const field = (name: string) => screen.getByRole(name === 'Email' ? 'textbox' : 'combobox', { name });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => ({ label: option.textContent, disabled: (option as HTMLOptionElement).disabled }));

describe('/admin/invite', () => {
  it("shows the form's rule messages: required, malformed and outside the institution", async () => {
    const { user, fetchMock } = renderInvitePage();
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(errorOf(field('Email'))).toBe('Email is required');
    expect(errorOf(field('Club'))).toBe('Please select a club');
    expect(errorOf(field('Event'))).toBe('Please select an event');
    expect(field('Email')).toHaveFocus();
    await user.type(field('Email'), 'arun');
    expect(errorOf(field('Email'))).toBe('Invalid email address');
    await user.type(field('Email'), '@gmail.com');
    expect(errorOf(field('Email'))).toBe('Please enter a valid institution email');
    expect(requestsTo(fetchMock, '/api/v1/admin/invite')).toHaveLength(0);
  });

  it("lists the chosen club's events, those with an admin or an invitation disabled and saying whose; another club clears the event", async () => {
    const { user } = renderInvitePage();
    expect(field('Event')).toBeDisabled();
    // The clubs come from the server.
    await screen.findByRole('option', { name: 'Tech Club' });
    await user.selectOptions(field('Club'), 'Tech Club');
    await waitFor(() => expect(field('Event')).toBeEnabled());
    expect(field('Event')).toHaveAccessibleDescription(/^The invitee becomes a club admin of Tech Club, running all its events, starting with this one\./);
    expect(optionsOf(field('Event'))).toEqual([
      { label: 'Select an event', disabled: false },
      { label: 'Code Sprint', disabled: false },
      { label: 'Robo Race — invited: meera@campus.ac.in', disabled: true },
      { label: 'Hackathon — admin: kavya@campus.ac.in', disabled: true },
    ]);
    await user.selectOptions(field('Event'), 'Code Sprint');
    expect(field('Event')).toHaveValue(codeSprint._id);
    await user.selectOptions(field('Club'), 'Literary Club');
    expect(field('Event')).toHaveValue('');
    expect(optionsOf(field('Event')).map(({ label }) => label)).toEqual(['Select an event', 'Poetry Slam']);
    // Back to the first club, the event chosen there is gone too.
    await user.selectOptions(field('Club'), 'Tech Club');
    expect(field('Event')).toHaveValue('');
    await user.selectOptions(field('Club'), 'Drama Club');
    expect(field('Event')).toBeDisabled();
    expect(optionsOf(field('Event'))[0].label).toBe('No events for this club');
  });

  it('sends the invitation and says so, clearing the form', async () => {
    const { user, fetchMock } = renderInvitePage({
      send: () => jsonResponse({ success: true, message: 'Admin invitation sent successfully!', invite: makeAdminInvite() }, 201),
    });
    await user.type(field('Email'), ' arun.staff@campus.ac.in ');
    await user.selectOptions(field('Club'), 'Tech Club');
    await waitFor(() => expect(field('Event')).toBeEnabled());
    await user.selectOptions(field('Event'), 'Code Sprint');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Admin invitation sent successfully!')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, '/api/v1/admin/invite')[0].json()).toEqual({
      email: 'arun.staff@campus.ac.in',
      club: 'Tech Club',
      eventId: codeSprint._id,
    });
    expect(field('Email')).toHaveValue('');
    expect(field('Club')).toHaveValue('');
  });

  it('leaves focus on what Send Invitation came to, the button being off while it sent', async () => {
    const { user } = renderInvitePage({
      send: () => jsonResponse({ success: true, message: 'Admin invitation sent successfully!', invite: makeAdminInvite() }, 201),
    });
    await user.type(field('Email'), 'arun.staff@campus.ac.in');
    await user.selectOptions(field('Club'), 'Tech Club');
    await waitFor(() => expect(field('Event')).toBeEnabled());
    await user.selectOptions(field('Event'), 'Code Sprint');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    const said = await screen.findByText('Admin invitation sent successfully!');
    await waitFor(() => expect(said).toHaveFocus());
  });

  it.each([
    ['an existing account', () => jsonResponse({ success: false, message: 'User with this email already exists' }, 409), 'User with this email already exists'],
    [
      'a repeated invitation',
      () => jsonResponse({ success: false, message: 'Invitation already sent to this address' }, 409),
      'Invitation already sent for this email and event',
    ],
    [
      'an address invited for another event, naming that event',
      () => jsonResponse({ success: false, message: 'This email already has a pending invitation for Hackathon. Cancel it to invite them for this one.' }, 409),
      'This email already has a pending invitation for Hackathon. Cancel it to invite them for this one.',
    ],
    [
      'a taken event',
      () => jsonResponse({ success: false, message: 'This event already has an admin assigned' }, 409),
      'This event already has an admin assigned',
    ],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Network error. Please try again.',
    ],
  ])('words the refusal of %s as the spec does, keeping what was typed', async (_case, send, text) => {
    const { user } = renderInvitePage({ send });
    await user.type(field('Email'), 'arun.staff@campus.ac.in');
    await user.selectOptions(field('Club'), 'Tech Club');
    await waitFor(() => expect(field('Event')).toBeEnabled());
    await user.selectOptions(field('Event'), 'Code Sprint');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(field('Email')).toHaveValue('arun.staff@campus.ac.in');
  });

  it('shows a field refusal under its field', async () => {
    const { user } = renderInvitePage({
      send: () =>
        jsonResponse(
          { success: false, message: 'Validation failed', errors: [{ field: 'eventId', message: 'This event does not belong to the chosen club' }] },
          400,
        ),
    });
    await user.type(field('Email'), 'arun.staff@campus.ac.in');
    await user.selectOptions(field('Club'), 'Tech Club');
    await waitFor(() => expect(field('Event')).toBeEnabled());
    await user.selectOptions(field('Event'), 'Code Sprint');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(errorOf(field('Event'))).toBe('This event does not belong to the chosen club'));
  });

  it('sends an address that has an account to the People page, searching for it', async () => {
    const refusal = 'User with this email already exists. To make them a club admin, change their role on the People page.';
    const { user } = renderInvitePage({ send: () => jsonResponse({ success: false, message: refusal, errors: [{ field: 'email', message: refusal }] }, 409) });
    await user.type(field('Email'), 'priya.23cse@campus.ac.in');
    await user.selectOptions(field('Club'), 'Tech Club');
    await waitFor(() => expect(field('Event')).toBeEnabled());
    await user.selectOptions(field('Event'), 'Code Sprint');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));

    await waitFor(() => expect(errorOf(field('Email'))).toBe(refusal));
    expect(screen.getByRole('link', { name: 'Find priya.23cse@campus.ac.in on the People page' })).toHaveAttribute(
      'href',
      '/admin/people?search=priya.23cse%40campus.ac.in',
    );
    // Another address is not the one refused.
    await user.type(field('Email'), 'x');
    expect(screen.queryByRole('link', { name: /on the People page/ })).not.toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys; the manage tab counts and lists the invitations', async () => {
    const pending = makeAdminInvite();
    const accepted = makeAdminInvite({ email: 'kavya@campus.ac.in', status: 'Accepted', isUsed: true, eventId: { _id: hackathon._id, name: 'Hackathon' } });
    const { user } = renderInvitePage({ invites: () => [pending, accepted] });
    const manage = await screen.findByRole('tab', { name: 'Manage Invitations (2)' });
    screen.getByRole('tab', { name: 'Send Invitation' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(manage).toHaveFocus();
    expect(manage).toHaveAttribute('aria-selected', 'true');
    const table = within(screen.getByRole('tabpanel')).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Code Sprint', 'Tech Club', 'Pending', '20 Nov 2026', 'Cancel'],
      ['Hackathon', 'Tech Club', 'Accepted', '20 Nov 2026', ''],
    ]);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Send Invitation' })).toHaveAttribute('aria-selected', 'true');
  });

  it('cancels a pending invitation after the confirmation, and keeps it on "Keep Invitation"', async () => {
    const pending = makeAdminInvite();
    let invites = [pending];
    const { user, fetchMock } = renderInvitePage({
      invites: () => invites,
      cancel: () => {
        invites = [];
        return jsonResponse({ success: true, message: 'Invitation cancelled successfully' });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Manage Invitations (1)' }));
    const cancel = screen.getByRole('button', { name: 'Cancel the invitation for arun.staff@campus.ac.in' });
    await user.click(cancel);
    let dialog = screen.getByRole('dialog', { name: 'Cancel invitation' });
    expect(dialog).toHaveTextContent('Are you sure you want to cancel this invitation?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Invitation' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancel).toHaveFocus();
    expect(requestsTo(fetchMock, `/api/v1/admin/invite/${pending._id}`)).toHaveLength(0);

    await user.click(cancel);
    dialog = screen.getByRole('dialog', { name: 'Cancel invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Invitation' }));
    expect(await screen.findByText('Invitation cancelled successfully')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/admin/invite/${pending._id}`)[0].method).toBe('DELETE');
    expect(await screen.findByRole('heading', { name: 'No invitations yet' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Manage Invitations (0)' })).toBeInTheDocument();
  });

  it('leaves focus on the next pending invitation once one is cancelled, and on the tab once none is left', async () => {
    const first = makeAdminInvite({ _id: 'ffffffff-0000-4000-8000-000000000001', email: 'arun.staff@campus.ac.in' });
    const second = makeAdminInvite({ _id: 'ffffffff-0000-4000-8000-000000000002', email: 'bina.staff@campus.ac.in' });
    let invites = [first, second];
    const { user } = renderInvitePage({
      invites: () => invites,
      cancel: () => {
        invites = invites.slice(1);
        return jsonResponse({ success: true, message: 'Invitation cancelled successfully' });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Manage Invitations (2)' }));
    await user.click(screen.getByRole('button', { name: 'Cancel the invitation for arun.staff@campus.ac.in' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel invitation' })).getByRole('button', { name: 'Cancel Invitation' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel the invitation for bina.staff@campus.ac.in' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Cancel the invitation for bina.staff@campus.ac.in' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel invitation' })).getByRole('button', { name: 'Cancel Invitation' }));
    expect(await screen.findByRole('tab', { name: 'Manage Invitations (0)' })).toHaveFocus();
  });

  it('keeps the dialog open with the reason when cancelling fails', async () => {
    const invite = makeAdminInvite();
    const { user } = renderInvitePage({
      invites: () => [invite],
      cancel: () => jsonResponse({ success: false, message: 'Only a pending invitation can be cancelled' }, 409),
    });
    await user.click(await screen.findByRole('tab', { name: 'Manage Invitations (1)' }));
    await user.click(screen.getByRole('button', { name: /^Cancel the invitation/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only a pending invitation can be cancelled');
  });

  it('says when the invitations or the events cannot be loaded, with Try Again', async () => {
    stubApi({
      '/api/v1/clubs': () => jsonResponse({ success: true, clubs: makeClubs() }),
      '/api/v1/admin/events-with-admin-status': () => jsonResponse({ success: false, message: 'Database unavailable' }, 503),
      '/api/v1/admin/invites': () => jsonResponse({ success: false, message: 'Database unavailable' }, 503),
    });
    const { user } = renderWithProviders(<InviteAdminPage emailDomain="campus.ac.in" />, { preloadedState: sessionOf(superAdmin()) });
    expect(await screen.findByRole('heading', { name: 'Failed to load data' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Manage Invitations (0)' }));
    expect(await screen.findByRole('heading', { name: 'Failed to load invitations' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });
});
