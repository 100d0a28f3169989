import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Club } from '../../api/types';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { makeClubs, sessionOf, superAdmin } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ClubsPage } from './ClubsPage';

/** The page over a server holding `clubs`, which its changes change; what each change sent is kept. */
function renderClubs(clubs: Club[] = makeClubs(['Dance Club', 'Tech Club'])) {
  let held = clubs;
  const sent: { path: string; body: unknown }[] = [];
  const answer = (club: Club, message: string) => jsonResponse({ success: true, message, club });
  const routes: Record<string, (request: Request) => Promise<Response> | Response> = {
    '/api/v1/clubs': async (request) => {
      if (request.method === 'GET') return jsonResponse({ success: true, clubs: held });
      const body = (await request.json()) as { name: string; description?: string };
      sent.push({ path: '/api/v1/clubs', body });
      if (body.name.toLowerCase() === 'tech club') {
        const message = 'A club named Tech Club already exists.';
        return jsonResponse({ success: false, message, errors: [{ field: 'name', message }] }, 409);
      }
      const club = { ...makeClubs([body.name])[0], _id: 'c1ab0000-0000-4000-8000-0000000000ff', description: body.description ?? '' };
      held = [...held, club];
      return answer(club, `${club.name} created.`);
    },
  };
  for (const club of clubs) {
    routes[`/api/v1/clubs/${club._id}`] = async (request) => {
      const body = (await request.json()) as Partial<Club>;
      sent.push({ path: `/api/v1/clubs/${club._id}`, body });
      const changed = { ...club, ...body };
      held = held.map((other) => (other._id === club._id ? changed : other));
      return answer(changed, `${changed.name} saved.`);
    };
    routes[`/api/v1/clubs/${club._id}/retire`] = () => {
      const retired = { ...club, retiredAt: '2026-11-20T04:30:00.000Z' };
      held = held.map((other) => (other._id === club._id ? retired : other));
      sent.push({ path: `/api/v1/clubs/${club._id}/retire`, body: null });
      return answer(retired, `${club.name} is retired: it takes no new events, admins or invitations.`);
    };
  }
  stubApi(routes);
  return { ...renderWithProviders(<ClubsPage />, { preloadedState: sessionOf(superAdmin()), route: '/admin/clubs/manage' }), sent };
}

const clubItem = (name: string) => screen.getByRole('listitem', { name });

describe('/admin/clubs/manage', () => {
  it('lists the clubs with their state, and adds one, saying so and clearing the form', async () => {
    const { user, sent } = renderClubs(makeClubs(['Dance Club', { name: 'Drama Club', retiredAt: '2026-11-01T04:30:00.000Z' }, 'Tech Club']));
    expect(await screen.findByRole('listitem', { name: 'Dance Club' })).toHaveTextContent('Active');
    expect(clubItem('Drama Club')).toHaveTextContent('Retired 1 Nov 2026');
    expect(within(clubItem('Drama Club')).getByRole('button', { name: 'Bring Back' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add a club' });
    await user.type(within(form).getByLabelText('Club name'), 'Robotics Society');
    await user.type(within(form).getByLabelText('Description'), 'Robots.');
    await user.click(within(form).getByRole('button', { name: 'Add Club' }));

    expect(await within(form).findByText('Robotics Society created.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Club name')).toHaveValue('');
    expect(sent).toEqual([{ path: '/api/v1/clubs', body: { name: 'Robotics Society', description: 'Robots.' } }]);
    expect(await screen.findByRole('listitem', { name: 'Robotics Society' })).toBeInTheDocument();
  });

  it('shows a taken name under the name field, keeping what was typed', async () => {
    const { user } = renderClubs();
    const form = screen.getByRole('form', { name: 'Add a club' });
    await user.type(within(form).getByLabelText('Club name'), 'Tech Club');
    await user.click(within(form).getByRole('button', { name: 'Add Club' }));
    const name = within(form).getByLabelText('Club name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('A club named Tech Club already exists.'));
    expect(name).toHaveValue('Tech Club');
  });

  it('renames a club, sending only what changed', async () => {
    const { user, sent } = renderClubs();
    await user.click(within(await screen.findByRole('listitem', { name: 'Tech Club' })).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Tech Club' });
    await user.clear(within(form).getByLabelText('Club name'));
    await user.type(within(form).getByLabelText('Club name'), 'Technology Club');
    await user.click(within(form).getByRole('button', { name: 'Save Club' }));
    expect(await screen.findByText('Technology Club saved.')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toEqual({ name: 'Technology Club' });
  });

  it('retires a club only once asked to confirm, saying what it means', async () => {
    const { user, sent } = renderClubs();
    const dance = await screen.findByRole('listitem', { name: 'Dance Club' });
    await user.click(within(dance).getByRole('button', { name: 'Retire' }));
    expect(dance).toHaveTextContent(
      'Retire Dance Club? Its past events, admins and results stay; it takes no new events, admins or invitations until it is brought back.',
    );
    await user.click(within(dance).getByRole('button', { name: 'Keep It' }));
    expect(sent).toEqual([]);

    await user.click(within(dance).getByRole('button', { name: 'Retire' }));
    await user.click(within(dance).getByRole('button', { name: 'Retire Club' }));
    expect(await within(clubItem('Dance Club')).findByText('Dance Club is retired: it takes no new events, admins or invitations.')).toBeInTheDocument();
    await waitFor(() => expect(clubItem('Dance Club')).toHaveTextContent('Retired 20 Nov 2026'));
  });

  it('says when the clubs cannot be loaded', async () => {
    stubApi({ '/api/v1/clubs': () => jsonResponse({ success: false, message: 'The service is unavailable.' }, 503) });
    renderWithProviders(<ClubsPage />, { preloadedState: sessionOf(superAdmin()), route: '/admin/clubs/manage' });
    expect(await screen.findByRole('heading', { name: 'Failed to load the clubs' })).toBeInTheDocument();
  });
});
