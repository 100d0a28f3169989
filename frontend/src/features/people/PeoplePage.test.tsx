import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { clubAdmin, makeUser, sessionOf, superAdmin, makeClubs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PeoplePage } from './PeoplePage';

const person = (overrides: Partial<AdminUser> = {}): AdminUser => ({ ...makeUser(overrides), assignedEvent: null, ...overrides });

const priya = person();
const kavya: AdminUser = { ...clubAdmin({ rollNumber: null }), assignedEvent: { _id: 'eeeeeeee-0000-4000-8000-000000000001', name: 'Code Sprint' } };
const chief: AdminUser = { ...superAdmin(), assignedEvent: null };

const ROLE_URL = (id: string) => `/api/v1/admin/users/${id}/role`;

interface Answers {
  people?: AdminUser[];
  total?: number;
  /** The role change's answer for a request body. */
  change?: (body: { role: string; club?: string }) => Response;
}

function renderPeople({ people = [priya, kavya, chief], total = people.length, change }: Answers = {}, route = '/admin/people') {
  const routes: Record<string, (request: Request) => Response | Promise<Response>> = {
    '/api/v1/clubs': () => jsonResponse({ success: true, clubs: makeClubs() }),
    '/api/v1/admin/users': (request) => {
      const query = new URL(request.url).searchParams;
      return jsonResponse({ success: true, users: people, page: Number(query.get('page')), limit: 20, total });
    },
  };
  // What each role change sent, by the account it named.
  const sent = new Map<string, unknown[]>();
  for (const target of [priya, kavya, chief]) {
    routes[ROLE_URL(target._id)] = async (request) => {
      const body = (await request.json()) as { role: string; club?: string };
      sent.set(target._id, [...(sent.get(target._id) ?? []), body]);
      return change ? change(body) : jsonResponse({ success: true, message: 'Role updated', user: target });
    };
  }
  const fetchMock = stubApi(routes);
  return { ...renderWithProviders(<PeoplePage />, { preloadedState: sessionOf(superAdmin()), route }), fetchMock, sent };
}

const lastListQuery = (fetchMock: ReturnType<typeof renderPeople>['fetchMock']) =>
  Object.fromEntries(new URL(requestsTo(fetchMock, '/api/v1/admin/users').at(-1)!.url).searchParams);

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;

describe('/admin/people', () => {
  it('lists each person with their e-mail, roll number, role and club, and the event a club admin runs', async () => {
    renderPeople();
    expect(await screen.findByRole('heading', { level: 2, name: '3 people' })).toBeInTheDocument();
    expect(rowOf('Priya Raman')).toHaveTextContent('priya.23cse@campus.ac.in');
    expect(rowOf('Priya Raman')).toHaveTextContent('23CSE014');
    expect(rowOf('Priya Raman')).toHaveTextContent('Student');
    expect(rowOf('Kavya Nair')).toHaveTextContent('Club admin of Tech Club');
    expect(rowOf('Kavya Nair')).toHaveTextContent('Runs Code Sprint');
    expect(rowOf('Festival Super Admin')).toHaveTextContent('Super admin');
  });

  it('searches by the text typed and filters by role, each time from the first page', async () => {
    const { user, fetchMock } = renderPeople({ total: 45 });
    await screen.findByRole('heading', { name: '45 people' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListQuery(fetchMock)).toEqual({ page: '2', limit: '20' }));
    expect(screen.getByRole('heading', { name: '45 people' })).toHaveFocus();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '23cse');
    await waitFor(() => expect(lastListQuery(fetchMock)).toEqual({ search: '23cse', page: '1', limit: '20' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Club admin');
    await waitFor(() => expect(lastListQuery(fetchMock)).toEqual({ search: '23cse', role: 'admin', page: '1', limit: '20' }));
  });

  it('starts with the search a link gives', async () => {
    const { fetchMock } = renderPeople({}, '/admin/people?search=kavya%40campus.ac.in');
    await screen.findByRole('heading', { name: '3 people' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('kavya@campus.ac.in');
    expect(lastListQuery(fetchMock)).toEqual({ search: 'kavya@campus.ac.in', page: '1', limit: '20' });
  });

  it('makes a student a club admin of the club chosen, after saying what it does, and moves the focus to the result', async () => {
    const promoted = { ...priya, role: 'admin' as const, isAdmin: true, club: 'Music Club' };
    const { user, sent } = renderPeople({ change: () => jsonResponse({ success: true, message: 'Role updated', user: promoted }) });
    await user.click(await screen.findByRole('button', { name: 'Change role of Priya Raman' }));
    const dialog = screen.getByRole('dialog', { name: 'Change role of Priya Raman' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm role change' });
    expect(confirm).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Club admin' }));
    await user.click(confirm);
    expect(within(dialog).getByRole('combobox', { name: 'Club' })).toHaveAccessibleDescription('Please select a club');
    expect(within(dialog).getByRole('combobox', { name: 'Club' })).toHaveFocus();
    expect(sent.get(priya._id)).toBeUndefined();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Club' }), 'Music Club');
    expect(dialog).toHaveTextContent('Priya Raman becomes a club admin of Music Club.');
    expect(dialog).toHaveTextContent('They are signed out everywhere and sign in again under the new role.');
    await user.click(confirm);

    const note = await screen.findByText('Priya Raman is now a club admin of Music Club.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(note.closest('[tabindex="-1"]')).toHaveFocus());
    expect(sent.get(priya._id)).toEqual([{ role: 'admin', club: 'Music Club' }]);
  });

  it('says what moving an admin or making them a student does to the event they run, and sends no club for those roles', async () => {
    const { user, sent } = renderPeople({
      change: () => jsonResponse({ success: true, message: 'Role updated', user: { ...kavya, role: 'student', club: null } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change role of Kavya Nair' }));
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByRole('option', { name: 'Dance Club' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Club' }), 'Dance Club');
    expect(dialog).toHaveTextContent('Kavya Nair moves from Tech Club to Dance Club. They stop running Code Sprint.');
    await user.click(within(dialog).getByRole('radio', { name: 'Super admin' }));
    expect(dialog).toHaveTextContent('Kavya Nair becomes a super admin. They stop running Code Sprint.');
    await user.click(within(dialog).getByRole('radio', { name: 'Student' }));
    expect(dialog).toHaveTextContent('Kavya Nair becomes a student. They stop running Code Sprint.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm role change' }));

    expect(await screen.findByText('Kavya Nair is now a student.')).toBeInTheDocument();
    expect(sent.get(kavya._id)).toEqual([{ role: 'student' }]);
  });

  it("says the server's refusal in the dialog: the last super admin keeps the role", async () => {
    const refusal = 'The last super admin cannot be changed: make someone else a super admin first';
    const { user } = renderPeople({ change: () => jsonResponse({ success: false, message: refusal }, 409) });
    await user.click(await screen.findByRole('button', { name: 'Change role of Festival Super Admin' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Student' }));
    expect(dialog).toHaveTextContent('You will be signed out everywhere, and sign in again under your new role.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm role change' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByText(/is now/)).not.toBeInTheDocument();
  });

  it('says when nobody matches', async () => {
    renderPeople({ people: [], total: 0 }, '/admin/people?search=nobody');
    expect(await screen.findByRole('heading', { name: 'No people found' })).toBeInTheDocument();
    expect(screen.getByText('Nobody matches this search. Check the spelling, or choose All roles.')).toBeInTheDocument();
  });

  it('offers Try Again when the list fails to load', async () => {
    stubApi({
      '/api/v1/clubs': () => jsonResponse({ success: true, clubs: makeClubs() }),
      '/api/v1/admin/users': () => jsonResponse({ success: false, message: 'The service is temporarily unavailable.' }, 503),
    });
    renderWithProviders(<PeoplePage />, { preloadedState: sessionOf(superAdmin()) });
    expect(await screen.findByRole('heading', { name: 'Failed to load people' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try Again/ })).toBeInTheDocument();
  });
});
