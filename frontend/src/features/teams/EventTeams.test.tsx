import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FestEvent, SessionUser, Team } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { clubAdmin, makeClassmate, makeEvent, makeTeam, makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { EventDetailPage } from '../events/EventDetailPage';
import { EventTeams } from './EventTeams';

type Handler = (request: Request) => Response | Promise<Response>;

const leader = makeUser({ name: 'Asha Rao' });
const member = makeUser({ _id: 'aaaaaaaa-0000-4000-8000-000000000020', name: 'Divya Menon' });
const hackathon = makeEvent({ name: 'Hackathon', event_type: 'group', minTeamSize: 2, maxTeamSize: 3, maxApplications: 20, actualSeatsTaken: 4 });
const noStats = () => jsonResponse({ success: true, hasGenderBasedTeams: false, stats: null });

function serve(event: FestEvent, teams: Team[] | (() => Team[]), routes: Record<string, Handler> = {}) {
  return stubApi({
    [`/api/v1/events/${event._id}`]: () => jsonResponse({ success: true, event }),
    [`/api/v1/teams/event/${event._id}`]: () => jsonResponse({ success: true, teams: typeof teams === 'function' ? teams() : teams }),
    [`/api/v1/teams/event/${event._id}/stats`]: noStats,
    ...routes,
  });
}

function renderPage(event: FestEvent, viewer: SessionUser | null) {
  return renderWithProviders(
    <>
      <EventDetailPage teamsArea={EventTeams} />
      <ToastRegion />
    </>,
    { path: '/event/:eventId', route: `/event/${event._id}`, preloadedState: sessionOf(viewer) },
  );
}

const yourTeams = () => screen.getByRole('region', { name: 'Your Teams' });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
/** Each toast as it reads aloud, its kind first, in the order they came. */
const toastTexts = () =>
  toasts()
    .getAllByRole('paragraph')
    .map(({ textContent }) => textContent);
const dialog = (name: string) => screen.getByRole('dialog', { name });
/** A person offered by the member search (not their chip among the chosen). */
const found = async (modal: HTMLElement, name: string) =>
  within(await within(modal).findByRole('list', { name: 'Search results' })).getByRole('button', { name: new RegExp(name) });

describe('event page: Your Teams', () => {
  it('shows a visitor the gender counters but no teams', async () => {
    const event = makeEvent({ event_type: 'group', hasGenderBasedTeams: true, maxBoyTeams: 6, maxGirlTeams: 4 });
    const fetchMock = serve(event, [], {
      [`/api/v1/teams/event/${event._id}/stats`]: () =>
        jsonResponse({
          success: true,
          hasGenderBasedTeams: true,
          stats: { boyTeams: { registered: 2, remaining: 4, max: 6 }, girlTeams: { registered: 4, remaining: 0, max: 4 } },
        }),
    });
    renderPage(event, null);
    const counters = await screen.findByText('Team limits');
    const panel = counters.closest('.panel')!;
    expect(within(panel as HTMLElement).getByText('Boy teams').nextElementSibling).toHaveTextContent('2 / 6 registered4 left');
    expect(within(panel as HTMLElement).getByText('Girl teams').nextElementSibling).toHaveTextContent('4 / 4 registered0 left');
    expect(screen.queryByRole('region', { name: 'Your Teams' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to register' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/teams/event/${event._id}`)).toHaveLength(0);
  });

  it('says when one gender has no limit', async () => {
    const event = makeEvent({ event_type: 'group', hasGenderBasedTeams: true, maxBoyTeams: 6, maxGirlTeams: null });
    serve(event, [], {
      [`/api/v1/teams/event/${event._id}/stats`]: () =>
        jsonResponse({
          success: true,
          hasGenderBasedTeams: true,
          stats: { boyTeams: { registered: 2, remaining: 4, max: 6 }, girlTeams: { registered: 3, remaining: null, max: null } },
        }),
    });
    renderPage(event, null);
    const panel = (await screen.findByText('Team limits')).closest('.panel') as HTMLElement;
    expect(within(panel).getByText('Girl teams').nextElementSibling).toHaveTextContent('3 registered, no limit');
  });

  it('offers Create Team to a student without a team, and says so', async () => {
    serve(hackathon, []);
    renderPage(hackathon, leader);
    expect(await within(await screen.findByRole('region', { name: 'Your Teams' })).findByText('You have no team for this event yet.')).toBeInTheDocument();
    expect(within(yourTeams()).getByRole('button', { name: 'Create Team' })).toBeEnabled();
  });

  it("tells a student of neither gender why a boys' and girls' event takes no team from them, and whom to ask", async () => {
    const tug = makeEvent({
      name: 'Tug of War',
      event_type: 'group',
      hasGenderBasedTeams: true,
      staff_incharges: [{ adminId: null, name: 'Dr. Meena Iyer', email: 'meena.iyer@campus.ac.in', club: 'Sports Club' }],
    });
    serve(tug, []);
    renderPage(tug, makeUser({ name: 'Sam Joseph', gender: 'Other' }));
    const teams = await screen.findByRole('region', { name: 'Your Teams' });
    expect(
      await within(teams).findByText(
        "Teams in Tug of War are boys' or girls' teams, formed by a boy or a girl, so it cannot take a team from you. To take part, write to its staff in-charge, Dr. Meena Iyer (meena.iyer@campus.ac.in).",
      ),
    ).toBeInTheDocument();
    expect(within(teams).queryByRole('button', { name: 'Create Team' })).not.toBeInTheDocument();
  });

  it('creates a team of one on an event that takes one, inviting nobody, and offers it Register at once', async () => {
    const paper = makeEvent({ name: 'Paper Presentation', event_type: 'group', minTeamSize: 1, maxTeamSize: 3 });
    let teams: Team[] = [];
    const fetchMock = serve(paper, () => teams, {
      '/api/v1/teams/create': () => {
        teams = [makeTeam(paper, leader, { teamName: 'Solo Voice' })];
        return jsonResponse({ success: true, message: 'Team "Solo Voice" created successfully!', team: teams[0] }, 201);
      },
    });
    const { user } = renderPage(paper, leader);
    await user.click(await within(await screen.findByRole('region', { name: 'Your Teams' })).findByRole('button', { name: 'Create Team' }));
    const modal = dialog('Create Team');
    expect(within(modal).getByText('Inviting is optional: a team of one can register as it is.')).toBeInTheDocument();
    await user.type(within(modal).getByRole('textbox', { name: 'Team name' }), 'Solo Voice');
    await user.click(within(modal).getByRole('button', { name: 'Create Team' }));

    expect(await toasts().findByText('Team "Solo Voice" created successfully!')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, '/api/v1/teams/create')[0].json()).toEqual({ eventId: paper._id, teamName: 'Solo Voice' });
    expect(requestsTo(fetchMock, '/api/v1/teams/create-with-invites')).toHaveLength(0);
    expect(await within(yourTeams()).findByRole('button', { name: /^Register/ })).toBeEnabled();
  });

  it('creates a team with invites: name and a member required, search from 2 characters after 300 ms, chosen people leave the results', async () => {
    const ravi = makeClassmate('Ravi Kumar');
    const meena = makeClassmate('Meena Das');
    let teams: Team[] = [];
    const fetchMock = serve(hackathon, () => teams, {
      '/api/v1/users/search': () => jsonResponse({ success: true, users: [ravi, meena] }),
      '/api/v1/teams/create-with-invites': () => {
        teams = [makeTeam(hackathon, leader, { teamName: 'Byte Me' })];
        return jsonResponse(
          {
            success: true,
            message: 'Team "Byte Me" created successfully!',
            team: teams[0],
            invites: { sent: 1, errors: [{ userId: meena._id, message: 'Meena Das already has a team for this event' }] },
          },
          201,
        );
      },
    });
    const { user } = renderPage(hackathon, leader);
    await user.click(await within(await screen.findByRole('region', { name: 'Your Teams' })).findByRole('button', { name: 'Create Team' }));
    const modal = dialog('Create Team');
    const search = within(modal).getByRole('searchbox', { name: 'Search members' });

    await user.click(within(modal).getByRole('button', { name: 'Create Team' }));
    expect(errorOf(within(modal).getByRole('textbox', { name: 'Team name' }))).toBe('Please enter a team name');
    expect(errorOf(search)).toBe('Please invite at least one member to your team');

    await user.type(search, 'r');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requestsTo(fetchMock, '/api/v1/users/search')).toHaveLength(0);
    await user.type(search, 'a');
    await user.click(await found(modal, 'Ravi Kumar'));
    expect(new URL(requestsTo(fetchMock, '/api/v1/users/search')[0].url).searchParams.get('q')).toBe('ra');
    expect(within(modal).queryByRole('list', { name: 'Search results' })).not.toHaveTextContent('Ravi Kumar');
    expect(within(within(modal).getByRole('list', { name: 'Selected members' })).getByText('Ravi Kumar')).toBeInTheDocument();
    await user.click(await found(modal, 'Meena Das'));
    // Two chosen for a team of at most 3 with its leader: the search closes.
    expect(search).toBeDisabled();
    expect(within(modal).getByText('The team is full.')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Remove Meena Das' }));
    await user.click(await found(modal, 'Meena Das'));

    await user.type(within(modal).getByRole('textbox', { name: 'Team name' }), '  Byte Me ');
    await user.click(within(modal).getByRole('button', { name: 'Create Team' }));
    expect(await toasts().findByText('Team "Byte Me" created successfully!')).toBeInTheDocument();
    expect(toastTexts()).toEqual([
      'Success: Team "Byte Me" created successfully!',
      'Success: Invites sent to 1 users',
      'Error: Meena Das already has a team for this event',
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await requestsTo(fetchMock, '/api/v1/teams/create-with-invites')[0].json()).toEqual({
      eventId: hackathon._id,
      teamName: 'Byte Me',
      userIds: [ravi._id, meena._id],
    });
    // My teams reload: the new team shows and a second one cannot be formed.
    expect(await within(yourTeams()).findByRole('heading', { name: 'Byte Me' })).toBeInTheDocument();
    expect(within(yourTeams()).getByRole('button', { name: 'Team Already Formed' })).toBeDisabled();
  });

  it('leaves focus on what each action came to: the chosen member, the new team, the panel once the team is discarded', async () => {
    const ravi = makeClassmate('Ravi Kumar');
    const team = makeTeam(hackathon, leader);
    let teams: Team[] = [];
    serve(hackathon, () => teams, {
      '/api/v1/users/search': () => jsonResponse({ success: true, users: [ravi] }),
      '/api/v1/teams/create-with-invites': () => {
        teams = [team];
        return jsonResponse({ success: true, message: 'Team "Byte Me" created successfully!', team, invites: { sent: 1, errors: [] } }, 201);
      },
      [`/api/v1/teams/${team._id}`]: () => {
        teams = [];
        return jsonResponse({ success: true, message: 'Team discarded successfully!' });
      },
    });
    const { user } = renderPage(hackathon, leader);
    await user.click(await within(await screen.findByRole('region', { name: 'Your Teams' })).findByRole('button', { name: 'Create Team' }));
    const modal = dialog('Create Team');
    await user.type(within(modal).getByRole('textbox', { name: 'Team name' }), 'Byte Me');
    await user.type(within(modal).getByRole('searchbox', { name: 'Search members' }), 'ra');
    await user.click(await found(modal, 'Ravi Kumar'));
    // The result pressed went with the choice: its chip says who was chosen.
    await waitFor(() => expect(within(within(modal).getByRole('list', { name: 'Selected members' })).getByText('Ravi Kumar')).toHaveFocus());

    await user.click(within(modal).getByRole('button', { name: 'Create Team' }));
    // Create Team became Team Already Formed, which is off: focus is on the new team instead.
    await waitFor(() => expect(within(yourTeams()).getByRole('heading', { name: 'Byte Me' })).toHaveFocus());

    await user.click(within(yourTeams()).getByRole('button', { name: 'Discard Team' }));
    await user.click(within(dialog('Discard Team')).getByRole('button', { name: 'Discard Team' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your Teams' })).toHaveFocus());
  });

  it('keeps the modal open with the server message when creating fails, and the fallback without one', async () => {
    const ravi = makeClassmate('Ravi Kumar');
    serve(hackathon, [], {
      '/api/v1/users/search': () => jsonResponse({ success: true, users: [ravi] }),
      '/api/v1/teams/create-with-invites': () =>
        jsonResponse({ success: false, message: 'You already have a team for this event. Please discard your current team to form a new one.' }, 409),
    });
    const { user } = renderPage(hackathon, leader);
    await user.click(await within(await screen.findByRole('region', { name: 'Your Teams' })).findByRole('button', { name: 'Create Team' }));
    const modal = dialog('Create Team');
    await user.type(within(modal).getByRole('textbox', { name: 'Team name' }), 'Byte Me');
    await user.type(within(modal).getByRole('searchbox', { name: 'Search members' }), 'ravi');
    await user.click(await found(modal, 'Ravi Kumar'));
    await user.click(within(modal).getByRole('button', { name: 'Create Team' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'You already have a team for this event. Please discard your current team to form a new one.',
    );
  });

  it('shows a search refusal and an empty result', async () => {
    let answer: Handler = () => jsonResponse({ success: true, users: [] });
    serve(hackathon, [], { '/api/v1/users/search': (request) => answer(request) });
    const { user } = renderPage(hackathon, leader);
    await user.click(await within(await screen.findByRole('region', { name: 'Your Teams' })).findByRole('button', { name: 'Create Team' }));
    const search = within(dialog('Create Team')).getByRole('searchbox', { name: 'Search members' });
    await user.type(search, 'zz');
    expect(await within(dialog('Create Team')).findByText('No students found')).toBeInTheDocument();
    answer = () => jsonResponse({ success: false, message: 'Too many searches, please wait a minute' }, 429);
    await user.type(search, 'z');
    expect(await within(dialog('Create Team')).findByText('Too many searches, please wait a minute')).toBeInTheDocument();
  });

  it('lets the leader register only with enough members, confirmed by the event name, then goes to My Registrations', async () => {
    const alone = makeTeam(hackathon, leader, { teamName: 'Solo Act' });
    serve(hackathon, [alone]);
    const first = renderPage(hackathon, leader);
    const card = await screen.findByRole('region', { name: 'Solo Act' });
    expect(within(card).getByRole('button', { name: 'Register Team' })).toBeDisabled();
    expect(within(card).getByText('At least 2 members are needed to register.')).toBeInTheDocument();
    first.unmount();

    const full = makeTeam(hackathon, leader, {
      members: [alone.members[0], { userId: { _id: member._id, name: member.name }, joinedAt: '2026-11-21T06:00:00.000Z' }],
      pendingInvites: [{ _id: 'eeeeeeee-0000-4000-8000-000000000001', inviteeId: { _id: 'x', name: 'Ravi Kumar' }, expiresAt: '2026-11-27T06:00:00.000Z' }],
    });
    let registered = false;
    const fetchMock = serve(hackathon, () => [{ ...full, isRegistered: registered }], {
      '/api/v1/teams/register': () => {
        registered = true;
        return jsonResponse({ success: true, message: 'Team registered successfully!', team: { ...full, isRegistered: true } });
      },
    });
    const { user, router, store } = renderPage(hackathon, leader);
    const team = await screen.findByRole('region', { name: 'Byte Me' });
    expect(within(team).getByRole('list', { name: 'Members of Byte Me' })).toHaveTextContent('Asha RaoLeaderYouDivya Menon');
    expect(within(team).getByRole('list', { name: 'Pending invites of Byte Me' })).toHaveTextContent('Ravi Kumar');
    // 2 members and 1 pending invite fill a team of 3.
    expect(within(team).getByRole('button', { name: 'Add Members' })).toBeDisabled();
    await user.click(within(team).getByRole('button', { name: 'Register Team' }));
    const modal = dialog('Register Team');
    await user.type(within(modal).getByRole('textbox', { name: 'Event name' }), 'hackathon');
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    expect(errorOf(within(modal).getByRole('textbox', { name: 'Event name' }))).toBe("Event name doesn't match. Please type the exact event name.");
    await user.clear(within(modal).getByRole('textbox', { name: 'Event name' }));
    await user.type(within(modal).getByRole('textbox', { name: 'Event name' }), 'Hackathon');
    const eventReads = requestsTo(fetchMock, `/api/v1/events/${hackathon._id}`).length;
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-registrations'));
    // The page is left, so the toast is in the store, for the next page's toast area.
    expect(store.getState().toasts.map(({ message }) => message)).toContain('Team registered successfully!');
    expect(await requestsTo(fetchMock, '/api/v1/teams/register')[0].json()).toEqual({ teamId: full._id });
    // The seat count and the registered state come from the event, read again.
    await waitFor(() => expect(requestsTo(fetchMock, `/api/v1/events/${hackathon._id}`).length).toBeGreaterThan(eventReads));
  });

  it('says "Failed to register team" when the server gives no reason', async () => {
    const team = makeTeam(hackathon, leader, {
      members: [makeTeam(hackathon, leader).members[0], { userId: { _id: member._id, name: member.name }, joinedAt: '2026-11-21T06:00:00.000Z' }],
    });
    serve(hackathon, [team], { '/api/v1/teams/register': () => new Response('', { status: 502 }) });
    const { user } = renderPage(hackathon, leader);
    await user.click(await within(await screen.findByRole('region', { name: 'Byte Me' })).findByRole('button', { name: 'Register Team' }));
    await user.type(within(dialog('Register Team')).getByRole('textbox', { name: 'Event name' }), 'Hackathon');
    await user.click(within(dialog('Register Team')).getByRole('button', { name: 'Confirm' }));
    // An empty answer is the client's own failure, which names itself.
    expect(await within(dialog('Register Team')).findByRole('alert')).toHaveTextContent('Empty response from server');
  });

  it('adds members to a team with room: at least one must be chosen; each refused invitee is a toast of its own', async () => {
    const team = makeTeam(hackathon, leader);
    const ravi = makeClassmate('Ravi Kumar');
    const meena = makeClassmate('Meena Das');
    const fetchMock = serve(hackathon, [team], {
      '/api/v1/users/search': () => jsonResponse({ success: true, users: [ravi, meena] }),
      [`/api/v1/teams/${team._id}/add-members`]: () =>
        jsonResponse({
          success: true,
          message: 'Successfully invited 1 user(s)!',
          team,
          invites: { sent: 1, errors: [{ userId: meena._id, message: 'Meena Das already has a team for this event' }] },
        }),
    });
    const { user } = renderPage(hackathon, leader);
    await user.click(await within(await screen.findByRole('region', { name: 'Byte Me' })).findByRole('button', { name: 'Add Members' }));
    const modal = dialog('Add Members to Byte Me');
    await user.click(within(modal).getByRole('button', { name: 'Send Invites' }));
    expect(errorOf(within(modal).getByRole('searchbox', { name: 'Search members' }))).toBe('Please select at least one member to invite');
    await user.type(within(modal).getByRole('searchbox', { name: 'Search members' }), 'ra');
    await user.click(await found(modal, 'Ravi Kumar'));
    await user.click(await found(modal, 'Meena Das'));
    await user.click(within(modal).getByRole('button', { name: 'Send Invites' }));
    expect(await toasts().findByText('Members invited successfully!')).toBeInTheDocument();
    expect(toastTexts()).toEqual(['Success: Members invited successfully!', 'Error: Meena Das already has a team for this event']);
    expect(await requestsTo(fetchMock, `/api/v1/teams/${team._id}/add-members`)[0].json()).toEqual({ userIds: [ravi._id, meena._id] });
  });

  it('discards after a confirmation that Escape closes', async () => {
    const team = makeTeam(hackathon, leader);
    let teams = [team];
    const fetchMock = serve(hackathon, () => teams, {
      [`/api/v1/teams/${team._id}`]: () => {
        teams = [];
        return jsonResponse({ success: true, message: 'Team discarded successfully!' });
      },
    });
    const { user } = renderPage(hackathon, leader);
    await user.click(await within(await screen.findByRole('region', { name: 'Byte Me' })).findByRole('button', { name: 'Discard Team' }));
    expect(dialog('Discard Team')).toHaveTextContent('Discard Byte Me?');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/teams/${team._id}`)).toHaveLength(0);
    await user.click(within(screen.getByRole('region', { name: 'Byte Me' })).getByRole('button', { name: 'Discard Team' }));
    await user.click(within(dialog('Discard Team')).getByRole('button', { name: 'Discard Team' }));
    expect(await toasts().findByText('Team discarded successfully!')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/teams/${team._id}`)[0].method).toBe('DELETE');
    expect(await within(yourTeams()).findByRole('button', { name: 'Create Team' })).toBeEnabled();
  });

  it('lets a member leave (and only leave), with the fallback text when the server gives none', async () => {
    const team = makeTeam(hackathon, leader, {
      members: [makeTeam(hackathon, leader).members[0], { userId: { _id: member._id, name: member.name }, joinedAt: '2026-11-21T06:00:00.000Z' }],
    });
    const fetchMock = serve(hackathon, [team], { [`/api/v1/teams/${team._id}/leave`]: () => jsonResponse({ success: true }) });
    const { user } = renderPage(hackathon, member);
    const card = await screen.findByRole('region', { name: 'Byte Me' });
    expect(within(card).getByText('2 of 3 members · Led by Asha Rao')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Register Team' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Discard Team' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Leave Team' }));
    await user.click(within(dialog('Leave Team')).getByRole('button', { name: 'Leave Team' }));
    expect(await toasts().findByText('Left team successfully!')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/teams/${team._id}/leave`)[0].method).toBe('POST');
  });

  it('puts "You\'re Registered!" first and leaves a registered team without actions', async () => {
    const event = { ...hackathon, isRegistered: true };
    serve(event, [makeTeam(event, leader, { isRegistered: true })]);
    renderPage(event, leader);
    const card = await screen.findByRole('region', { name: 'Byte Me' });
    expect(screen.getByText("You're Registered!")).toBeInTheDocument();
    expect(within(card).getByText('Registered')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(yourTeams()).queryByRole('button', { name: /Create Team|Team Already Formed/ })).not.toBeInTheDocument();
  });

  it('offers no team forming on a full event, and nothing of teams to an admin', async () => {
    const full = { ...hackathon, actualSeatsTaken: 20 };
    serve(full, []);
    const first = renderPage(full, leader);
    await screen.findByRole('region', { name: 'Your Teams' });
    expect(screen.getByText('Registration Full')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Team' })).not.toBeInTheDocument();
    first.unmount();

    serve(hackathon, []);
    renderPage(hackathon, clubAdmin());
    expect(await screen.findByText('Admin Account')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your Teams' })).not.toBeInTheDocument();
  });

  it('shows the load failure with Try Again', async () => {
    let fail = true;
    serve(hackathon, [], {
      [`/api/v1/teams/event/${hackathon._id}`]: () =>
        fail ? jsonResponse({ success: false, message: 'Database unavailable' }, 503) : jsonResponse({ success: true, teams: [] }),
    });
    const { user } = renderPage(hackathon, leader);
    expect(await screen.findByRole('heading', { name: 'Failed to load your teams' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('You have no team for this event yet.')).toBeInTheDocument();
  });
});
