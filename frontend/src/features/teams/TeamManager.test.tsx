import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FestEvent, SessionUser, Team, WaitlistEntry } from '../../api/types';
import { TeamRegisterPage } from '../../app/routes/team-event-pages';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeClassmate, makeEvent, makeTeam, makeUser, makeWaitlistEntry, offered, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';

type Handler = (request: Request) => Response | Promise<Response>;

const leader = makeUser({ name: 'Asha Rao' });
const robo = makeEvent({ name: 'Robo Race', event_type: 'group', minTeamSize: 3, maxTeamSize: 3 });
const divya = { _id: 'aaaaaaaa-0000-4000-8000-000000000020', name: 'Divya Menon' };
const joined = (person: { _id: string; name: string }) => ({ userId: person, joinedAt: '2026-11-21T06:00:00.000Z' });

function serve(event: FestEvent, teams: Team[] | (() => Team[]), routes: Record<string, Handler> = {}) {
  return stubApi({
    [`/api/v1/events/${event._id}`]: () => jsonResponse({ success: true, event }),
    [`/api/v1/teams/event/${event._id}`]: () => jsonResponse({ success: true, teams: typeof teams === 'function' ? teams() : teams }),
    ...routes,
  });
}

function renderManager(event: FestEvent, viewer: SessionUser | null = leader) {
  return renderWithProviders(
    <>
      <TeamRegisterPage />
      <ToastRegion />
    </>,
    { path: '/register/:eventId', route: `/register/${event._id}`, preloadedState: sessionOf(viewer) },
  );
}

const myTeams = () => screen.findByRole('region', { name: 'My Teams' });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('/register/{eventId}: My Teams', () => {
  it('creates a team, with Create Team disabled while the name is blank', async () => {
    let teams: Team[] = [];
    const fetchMock = serve(robo, () => teams, {
      '/api/v1/teams/create': () => {
        teams = [makeTeam(robo, leader, { teamName: 'Gear Heads' })];
        return jsonResponse({ success: true, message: 'Team "Gear Heads" created successfully!', team: teams[0] }, 201);
      },
    });
    const { user } = renderManager(robo);
    const manager = await myTeams();
    const create = await within(manager).findByRole('button', { name: 'Create Team' });
    expect(create).toBeDisabled();
    await user.type(within(manager).getByRole('textbox', { name: 'Team name' }), '   ');
    expect(create).toBeDisabled();
    await user.type(within(manager).getByRole('textbox', { name: 'Team name' }), 'Gear Heads');
    await user.click(create);
    expect(await toasts().findByText('Team "Gear Heads" created successfully!')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, '/api/v1/teams/create')[0].json()).toEqual({ eventId: robo._id, teamName: 'Gear Heads' });
    expect(await within(manager).findByRole('heading', { name: 'Gear Heads' })).toBeInTheDocument();
  });

  it('leaves focus on the team after creating it, sending an invitation and cancelling one', async () => {
    const ravi = makeClassmate('Ravi Kumar');
    const team = makeTeam(robo, leader, { teamName: 'Gear Heads' });
    const invite = { _id: 'eeeeeeee-0000-4000-8000-000000000009', inviteeId: { _id: ravi._id, name: ravi.name }, expiresAt: '2026-11-27T06:00:00.000Z' };
    let teams: Team[] = [];
    serve(robo, () => teams, {
      '/api/v1/teams/create': () => {
        teams = [team];
        return jsonResponse({ success: true, message: 'Team "Gear Heads" created successfully!', team }, 201);
      },
      '/api/v1/users/search': () => jsonResponse({ success: true, users: [ravi] }),
      '/api/v1/teams/invite': () => {
        teams = [{ ...team, pendingInvites: [invite] }];
        return jsonResponse({ success: true, message: 'Successfully invited 1 user(s)!', team: teams[0], invites: { sent: 1, errors: [] } });
      },
      [`/api/v1/teams/invite/${invite._id}`]: () => {
        teams = [team];
        return jsonResponse({ success: true, message: 'Invite cancelled successfully' });
      },
    });
    const { user } = renderManager(robo);
    const manager = await myTeams();
    await user.type(await within(manager).findByRole('textbox', { name: 'Team name' }), 'Gear Heads');
    await user.click(within(manager).getByRole('button', { name: 'Create Team' }));
    // The form made way for the team: focus is on it.
    const heading = await within(manager).findByRole('heading', { name: 'Gear Heads' });
    await waitFor(() => expect(heading).toHaveFocus());

    await user.type(within(manager).getByRole('searchbox', { name: 'Search members' }), 'r');
    await user.click(within(await within(manager).findByRole('list', { name: 'Search results' })).getByRole('button', { name: /Ravi Kumar/ }));
    await user.click(within(manager).getByRole('button', { name: 'Invite Members' }));
    await within(manager).findByRole('button', { name: 'Cancel invite for Ravi Kumar' });
    await waitFor(() => expect(within(manager).getByRole('heading', { name: 'Gear Heads' })).toHaveFocus());

    await user.click(within(manager).getByRole('button', { name: 'Cancel invite for Ravi Kumar' }));
    // The invite and its Cancel are gone: focus is back on the team, not on the page.
    await waitFor(() => expect(within(manager).queryByRole('button', { name: 'Cancel invite for Ravi Kumar' })).not.toBeInTheDocument());
    expect(within(manager).getByRole('heading', { name: 'Gear Heads' })).toHaveFocus();
  });

  it('shows the server refusal under the team name', async () => {
    serve(robo, [], {
      '/api/v1/teams/create': () =>
        jsonResponse({ success: false, message: 'Cannot create team! Maximum limit of 4 girl teams has been reached for Robo Race' }, 409),
    });
    const { user } = renderManager(robo);
    const manager = await myTeams();
    await user.type(await within(manager).findByRole('textbox', { name: 'Team name' }), 'Gear Heads');
    await user.click(within(manager).getByRole('button', { name: 'Create Team' }));
    await waitFor(() =>
      expect(errorOf(within(manager).getByRole('textbox', { name: 'Team name' }))).toBe(
        'Cannot create team! Maximum limit of 4 girl teams has been reached for Robo Race',
      ),
    );
  });

  it('invites: nobody chosen is refused, a member is "already selected", any text searches, refusals are toasts of their own', async () => {
    const ravi = makeClassmate('Ravi Kumar');
    const team = makeTeam(robo, leader, { members: [joined({ _id: leader._id, name: leader.name }), joined(divya)] });
    const fetchMock = serve(robo, [team], {
      '/api/v1/users/search': () => jsonResponse({ success: true, users: [makeClassmate('Divya Menon', { _id: divya._id }), ravi] }),
      '/api/v1/teams/invite': () =>
        jsonResponse({
          success: true,
          message: 'Successfully invited 0 user(s)!',
          team,
          invites: { sent: 0, errors: [{ userId: ravi._id, message: 'Ravi Kumar is not verified' }] },
        }),
    });
    const { user } = renderManager(robo);
    const manager = await myTeams();
    // 2 members of 3: Register waits for the third; one place is left to invite into.
    expect(await within(manager).findByRole('button', { name: 'Register Team' })).toBeDisabled();
    expect(within(manager).getByText('At least 3 members are needed to register.')).toBeInTheDocument();
    const invite = within(manager).getByRole('button', { name: 'Invite Members' });
    expect(invite).toBeEnabled();
    await user.click(invite);
    const search = within(manager).getByRole('searchbox', { name: 'Search members' });
    expect(errorOf(search)).toBe('Please select users to invite');

    await user.type(search, 'd');
    const results = await within(manager).findByRole('list', { name: 'Search results' });
    expect(new URL(requestsTo(fetchMock, '/api/v1/users/search')[0].url).searchParams.get('q')).toBe('d');
    await user.click(within(results).getByRole('button', { name: /Divya Menon/ }));
    expect(errorOf(search)).toBe('User already selected');
    await user.click(within(results).getByRole('button', { name: /Ravi Kumar/ }));
    expect(within(manager).getByRole('list', { name: 'Selected members' })).toHaveTextContent('Ravi Kumar');
    await user.click(invite);
    expect(await toasts().findByText('Successfully invited 0 user(s)!')).toBeInTheDocument();
    expect(toasts().getByText('Ravi Kumar is not verified')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, '/api/v1/teams/invite')[0].json()).toEqual({ teamId: team._id, userIds: [ravi._id] });
  });

  it("says a boys' team of a gender-based event finds boys only, before searching and when nobody is found", async () => {
    const hunt = makeEvent({ name: 'Campus Hunt', event_type: 'group', minTeamSize: 2, maxTeamSize: 4, hasGenderBasedTeams: true });
    const team = { ...makeTeam(hunt, leader), gender: 'boy' as const };
    serve(hunt, [team], { '/api/v1/users/search': () => jsonResponse({ success: true, users: [] }) });
    const { user } = renderManager(hunt);
    const manager = await myTeams();
    const note = "This team takes boys only: the event has separate boys' and girls' teams.";
    const search = await within(manager).findByRole('searchbox', { name: 'Search members' });
    expect(search).toHaveAccessibleDescription(`Type part of a name or e-mail. ${note}`);
    await user.type(search, 'Priya');
    expect(await within(manager).findByText(`No students found. ${note}`)).toBeInTheDocument();
  });

  it('disables Invite once members and pending invites fill the team, and cancels an invite', async () => {
    const invite = { _id: 'eeeeeeee-0000-4000-8000-000000000007', inviteeId: { _id: 'x', name: 'Ravi Kumar' }, expiresAt: '2026-11-27T06:00:00.000Z' };
    let pending = [invite];
    const team = () =>
      makeTeam(robo, leader, {
        _id: 'cccccccc-0000-4000-8000-000000000500',
        members: [joined({ _id: leader._id, name: leader.name }), joined(divya)],
        pendingInvites: pending,
      });
    const fetchMock = serve(robo, () => [team()], {
      [`/api/v1/teams/invite/${invite._id}`]: () => {
        pending = [];
        return jsonResponse({ success: true, message: 'Invite cancelled successfully' });
      },
    });
    const { user } = renderManager(robo);
    const manager = await myTeams();
    expect(await within(manager).findByRole('button', { name: 'Invite Members' })).toBeDisabled();
    expect(within(manager).getByRole('searchbox', { name: 'Search members' })).toBeDisabled();
    await user.click(within(manager).getByRole('button', { name: 'Cancel invite for Ravi Kumar' }));
    expect(await toasts().findByText('Invite cancelled successfully')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/teams/invite/${invite._id}`)[0].method).toBe('DELETE');
    await waitFor(() => expect(within(manager).getByRole('button', { name: 'Invite Members' })).toBeEnabled());
  });

  it('says "Failed to cancel invite" when the answer carries no message', async () => {
    const invite = { _id: 'eeeeeeee-0000-4000-8000-000000000008', inviteeId: { _id: 'x', name: 'Ravi Kumar' }, expiresAt: '2026-11-27T06:00:00.000Z' };
    serve(robo, [makeTeam(robo, leader, { pendingInvites: [invite] })], {
      [`/api/v1/teams/invite/${invite._id}`]: () => jsonResponse({ success: false }, 409),
    });
    const { user } = renderManager(robo);
    await user.click(await within(await myTeams()).findByRole('button', { name: 'Cancel invite for Ravi Kumar' }));
    // An envelope without a message is unreadable: the client's own text names the problem.
    expect(await toasts().findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('registers a full team after the name confirmation', async () => {
    const carol = { _id: 'aaaaaaaa-0000-4000-8000-000000000021', name: 'Carol Dsouza' };
    const team = makeTeam(robo, leader, { members: [joined({ _id: leader._id, name: leader.name }), joined(divya), joined(carol)] });
    const fetchMock = serve(robo, [team], { '/api/v1/teams/register': () => jsonResponse({ success: true, message: 'Team registered successfully!', team }) });
    const { user, router } = renderManager(robo);
    await user.click(await within(await myTeams()).findByRole('button', { name: 'Register Team' }));
    const modal = screen.getByRole('dialog', { name: 'Register Team' });
    await user.type(within(modal).getByRole('textbox', { name: 'Event name' }), 'Robo Race');
    await user.click(within(modal).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-registrations'));
    expect(requestsTo(fetchMock, '/api/v1/teams/register')).toHaveLength(1);
  });

  it('shows a member the team without leader controls', async () => {
    const member = makeUser({ _id: divya._id, name: divya.name });
    serve(robo, [makeTeam(robo, leader, { members: [joined({ _id: leader._id, name: leader.name }), joined(divya)] })]);
    renderManager(robo, member);
    const manager = await myTeams();
    expect(await within(manager).findByRole('heading', { name: 'Byte Me' })).toBeInTheDocument();
    expect(within(manager).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells a solo event apart, says Event not found for other types, and sends an unknown event home', async () => {
    const solo = makeEvent({ name: 'Chess Blitz' });
    serve(solo, []);
    const first = renderManager(solo);
    expect(await screen.findByText('This is a solo event. You can register directly from the events page.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My Teams' })).not.toBeInTheDocument();
    first.unmount();

    // Neither solo nor a team event: the spec's 'Event not found', not "a solo event".
    const workshop = makeEvent({ name: 'Kite Making', event_type: 'workshop' });
    serve(workshop, []);
    const second = renderManager(workshop);
    expect(await within(await screen.findByRole('region', { name: 'Registration' })).findByText('Event not found')).toBeInTheDocument();
    expect(screen.queryByText(/solo event/)).not.toBeInTheDocument();
    second.unmount();

    stubApi({});
    const { router } = renderManager(makeEvent());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe("/register/{eventId}: a full team event's line", () => {
  const full = { ...robo, maxApplications: 10, actualSeatsTaken: 10, availableSeats: 0 };
  const ravi = { _id: 'aaaaaaaa-0000-4000-8000-000000000030', name: 'Ravi Kumar' };
  const complete = makeTeam(full, leader, {
    teamName: 'Gear Heads',
    members: [joined({ _id: leader._id, name: leader.name }), joined(divya), joined(ravi)],
  });
  const lineOf = (team: Team, overrides: Partial<WaitlistEntry> = {}) => makeWaitlistEntry(full, { team: { id: team._id, name: team.teamName }, ...overrides });
  const teamCard = async () => within(await screen.findByRole('region', { name: 'Gear Heads' }));

  it('lets the leader put a complete, unregistered team in line, then shows its place', async () => {
    let entries: WaitlistEntry[] = [];
    const fetchMock = serve(full, [complete], {
      '/api/v1/waitlist': () => jsonResponse({ success: true, entries }),
      [`/api/v1/events/${full._id}/waitlist`]: () => {
        entries = [lineOf(complete, { place: 2 })];
        return jsonResponse({ success: true, message: 'You are number 2 in line for Robo Race.', entry: entries[0] }, 201);
      },
    });
    const { user } = renderManager(full);
    const card = await teamCard();
    expect(card.queryByRole('button', { name: 'Register Team' })).not.toBeInTheDocument();
    await user.click(await card.findByRole('button', { name: 'Put team in line' }));
    expect(await toasts().findByText('You are number 2 in line for Robo Race.')).toBeInTheDocument();
    expect(await card.findByText('Your team is number 2 in line')).toHaveFocus();
    expect(card.getByText('In line')).toHaveClass('badge');
    expect(card.queryByText('Forming')).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Leave the waitlist for Robo Race' })).toBeInTheDocument();
    expect(await requestsTo(fetchMock, `/api/v1/events/${full._id}/waitlist`)[0].json()).toEqual({ teamId: complete._id });
  });

  it('tells the leader of a team short of members what it lacks, instead of a way into the line', async () => {
    const short = { ...complete, members: complete.members.slice(0, 2) };
    const fetchMock = serve(full, [short], { '/api/v1/waitlist': () => jsonResponse({ success: true, entries: [] }) });
    renderManager(full);
    const card = await teamCard();
    expect(await card.findByText('At least 3 members are needed to put the team in line.')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Put team in line' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/v1/waitlist')).toHaveLength(1);
  });

  it('shows a member the seat held for the team, answered by its leader', async () => {
    serve(full, [complete], {
      '/api/v1/waitlist': () => jsonResponse({ success: true, entries: [offered(lineOf(complete, { canAnswer: false }), '2026-11-24T12:30:00.000Z')] }),
    });
    renderManager(full, makeUser({ _id: divya._id, name: divya.name }));
    const card = await teamCard();
    expect(await card.findByText('A seat is held for your team until 24 Nov 2026, 6:00 pm')).toBeInTheDocument();
    expect(card.getByText('Seat offered')).toHaveClass('badge');
    expect(card.getByText("Your team's leader answers for the team.")).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Accept|Decline|Put team in line/ })).not.toBeInTheDocument();
  });
});
