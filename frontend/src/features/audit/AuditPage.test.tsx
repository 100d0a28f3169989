import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { sessionOf, superAdmin, makeClubs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AuditPage } from './AuditPage';

const kavya = { _id: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'Kavya Nair', email: 'kavya@campus.ac.in' };

const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: `99999999-0000-4000-8000-${String(n).padStart(12, '0')}`,
  at: '2026-11-20T06:00:00.000Z',
  actor: kavya,
  action: 'event.updated',
  club: 'Tech Club',
  subject: { type: 'event', id: '00000000-0000-4000-8000-000000000777', label: 'Code Sprint' },
  changes: {
    maxApplications: { from: 60, to: null },
    isActive: { from: true, to: false },
    event_type: { from: 'solo', to: 'group' },
    hasGenderBasedTeams: { from: false, to: true },
  },
  ...overrides,
});

/** `total` may depend on the filter asked for, so a test sees which answer is shown. */
function renderAudit(entries: AuditEntry[], total: (query: URLSearchParams) => number = () => entries.length) {
  const fetchMock = stubApi({
    '/api/v1/clubs': () => jsonResponse({ success: true, clubs: makeClubs() }),
    '/api/v1/admin/audit': (request) => {
      const query = new URL(request.url).searchParams;
      return jsonResponse({ success: true, entries, page: Number(query.get('page')), limit: 20, total: total(query) });
    },
    '/api/v1/admin/users/all-admins': () => jsonResponse({ success: true, admins: [{ ...kavya, club: 'Tech Club', dept: 'CSE' }] }),
  });
  return { ...renderWithProviders(<AuditPage />, { preloadedState: sessionOf(superAdmin()) }), fetchMock };
}

const lastQuery = (fetchMock: ReturnType<typeof renderAudit>['fetchMock']) =>
  Object.fromEntries(new URL(requestsTo(fetchMock, '/api/v1/admin/audit').at(-1)!.url).searchParams);

describe('/admin/audit', () => {
  it('shows who did what, when, to what, and which fields changed', async () => {
    renderAudit([entry(1), entry(2, { action: 'invite.sent', subject: { type: 'invite', id: null, label: 'arun@campus.ac.in → Code Sprint' }, changes: {} })]);
    const [updated, invited] = within(await screen.findByRole('list', { name: '' })).getAllByRole('listitem');
    expect(updated).toHaveTextContent('Event updated');
    expect(updated).toHaveTextContent('20 Nov 2026, 11:30 am');
    expect(updated).toHaveTextContent('Code Sprint');
    expect(updated).toHaveTextContent('By Kavya Nair (kavya@campus.ac.in) · Tech Club');
    // Each field as its form labels it, each value in the form's words.
    expect(within(updated).getByText('Max applications').nextElementSibling).toHaveTextContent('60 → changed to Unlimited');
    expect(within(updated).getByText('Status').nextElementSibling).toHaveTextContent('Active → changed to Inactive');
    expect(within(updated).getByText('Event type').nextElementSibling).toHaveTextContent('Solo → changed to Team');
    expect(within(updated).getByText("Separate limits for boys' and girls' teams").nextElementSibling).toHaveTextContent('No → changed to Yes');
    expect(within(updated).queryByText('isActive')).not.toBeInTheDocument();
    expect(invited).toHaveTextContent('Invitation sent');
    expect(invited).toHaveTextContent('arun@campus.ac.in → Code Sprint');
    expect(screen.getByRole('heading', { name: '2 entries' })).toBeInTheDocument();
  });

  it('writes instants in campus time and lists item by item, people by name', async () => {
    const staff = [{ adminId: kavya._id, name: 'Kavya Nair', email: kavya.email, club: 'Tech Club' }];
    const changes = {
      maxApplications: { from: null, to: 40 },
      eventDate: { from: null, to: '2026-12-14T04:30:00.000Z' },
      rules: { from: [], to: ['One entry per student', 'Bring your ID'] },
      staff_incharges: { from: null, to: staff },
    };
    renderAudit([entry(1, { action: 'event.created', changes })]);
    const created = await screen.findByRole('listitem');
    expect(within(created).getByText('Event date').nextElementSibling).toHaveTextContent('— → changed to 14 Dec 2026, 10:00 am');
    expect(within(created).getByText('Rules').nextElementSibling).toHaveTextContent('— → changed to One entry per student; Bring your ID');
    expect(within(created).getByText('Staff in-charge').nextElementSibling).toHaveTextContent('— → changed to Kavya Nair');
    // A new event had nothing before, whatever the field: an empty capacity there is not "Unlimited".
    expect(within(created).getByText('Max applications').nextElementSibling).toHaveTextContent('— → changed to 40');
  });

  it("words an organiser's message as its dialog does: who it went to, its subject, how many it reached", async () => {
    const changes = { audience: { from: null, to: 'everyone' }, subject: { from: null, to: 'Venue moved' }, recipients: { from: null, to: 42 } };
    renderAudit([entry(1, { action: 'event.message_sent', changes })]);
    const sent = await screen.findByRole('listitem');
    expect(sent).toHaveTextContent('Message sent');
    expect(within(sent).getByText('Sent to').nextElementSibling).toHaveTextContent('— → changed to Registrants and waitlist');
    expect(within(sent).getByText('Subject').nextElementSibling).toHaveTextContent('— → changed to Venue moved');
    expect(within(sent).getByText('People reached').nextElementSibling).toHaveTextContent('— → changed to 42');
  });

  it("words a student's profile change as the profile page does", async () => {
    const changes = { fullName: { from: 'Priya Raman', to: 'Priya Iyer' }, year: { from: '3', to: '4' } };
    const subject = { type: 'user' as const, id: '00000000-0000-4000-8000-000000000778', label: 'Priya Raman (priya.23cse@campus.ac.in)' };
    renderAudit([entry(1, { action: 'user.profile_updated', club: null, subject, changes })]);
    const changed = await screen.findByRole('listitem');
    expect(changed).toHaveTextContent('Profile changed');
    expect(within(changed).getByText('Full name').nextElementSibling).toHaveTextContent('Priya Raman → changed to Priya Iyer');
    expect(within(changed).getByText('Year').nextElementSibling).toHaveTextContent('3rd Year → changed to 4th Year');
  });

  it('filters by club and by a person chosen from the admins, each time from the first page', async () => {
    const { user, fetchMock } = renderAudit([entry(1)], (query) => (query.has('actorId') ? 3 : 45));
    await screen.findByRole('heading', { name: '45 entries' });
    expect(lastQuery(fetchMock)).toEqual({ page: '1', limit: '20' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ page: '2', limit: '20' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '45 entries' })).toHaveFocus();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Club' }), 'Tech Club');
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ club: 'Tech Club', page: '1', limit: '20' }));

    await user.type(screen.getByRole('searchbox', { name: 'Person' }), 'kav');
    await user.click(within(await screen.findByRole('list', { name: 'Search results' })).getByRole('button', { name: /Kavya Nair/ }));
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ club: 'Tech Club', actorId: kavya._id, page: '1', limit: '20' }));
    expect(await screen.findByRole('heading', { name: '3 entries' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Person' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Kavya Nair' }));
    expect(await screen.findByRole('heading', { name: '45 entries' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Person' })).toBeEnabled();
  });

  it('says when nothing is recorded, and when nothing matches the filters', async () => {
    const { user } = renderAudit([]);
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Club' }), 'Drama Club');
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
  });

  it('says when the trail cannot be loaded', async () => {
    stubApi({
      '/api/v1/clubs': () => jsonResponse({ success: true, clubs: makeClubs() }),
      '/api/v1/admin/audit': () => jsonResponse({ success: false, message: 'Database unavailable' }, 503),
    });
    renderWithProviders(<AuditPage />, { preloadedState: sessionOf(superAdmin()) });
    expect(await screen.findByRole('heading', { name: 'Failed to load the audit trail' })).toBeInTheDocument();
  });
});
