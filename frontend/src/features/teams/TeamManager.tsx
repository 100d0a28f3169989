import { useState } from 'react';
import { failureMessage } from '../../api/base-api';
import type { Classmate, FestEvent, SessionUser, Team } from '../../api/types';
import { TextField } from '../../components/FormField';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useFocusLater } from '../../lib/use-focus-later';
import { useSelection } from '../../lib/use-selection';
import { useSession } from '../../session/use-session';
import { MemberPicker } from './MemberPicker';
import { hasEnoughMembers, isInTeam, isLeaderOf, minTeamSize, placesLeft, teamMessages } from './team-rules';
import { TeamCard, teamHeading } from './TeamCard';
import { RegisterTeamModal } from './TeamModals';
import { TeamPlaceInLine } from './TeamPlaceInLine';
import { useCancelInviteMutation, useCreateTeamMutation, useGetEventTeamsQuery, useInviteMembersMutation } from './teams-api';
import { useTeamToasts } from './use-team-toasts';
import './teams.css';

/** The manager searches from the first character (spec §5). */
const MANAGER_MIN_SEARCH = 1;

interface TeamManagerProps {
  event: FestEvent;
  /** Registration is open to this viewer; otherwise the teams show without create and register. */
  canRegister: boolean;
  /** Full, but otherwise open: the leader may put a complete team in line. */
  canQueue: boolean;
}

/** /register/{eventId}'s My Teams: create a team, invite and cancel invites, register it. */
export function TeamManager({ event, canRegister, canQueue }: TeamManagerProps) {
  const { user } = useSession();
  const { data: teams, error, isFetching, refetch } = useGetEventTeamsQuery(event._id);
  const focusLater = useFocusLater();
  // The control used may be gone once the list changes (the form, a cancelled invite's button):
  // focus goes to the team it changed.
  const focusTeam = (teamId: string) => focusLater(() => teamHeading(teamId));
  if (!user) return null;
  return (
    <section className="panel team-manager" aria-labelledby="my-teams">
      <h2 id="my-teams" className="panel__title">
        My Teams
      </h2>
      {error ? (
        <LoadError title="Failed to load your teams" headingLevel={3} error={error} retrying={isFetching} onRetry={() => void refetch()} />
      ) : !teams ? (
        <Spinner label="Loading your teams…" />
      ) : teams.length === 0 ? (
        canRegister ? (
          <CreateTeamForm eventId={event._id} onCreated={focusTeam} />
        ) : (
          <p className="panel__hint">You have no team for this event.</p>
        )
      ) : (
        teams.map((team) => (
          <ManagedTeam key={team._id} team={team} user={user} canRegister={canRegister} canQueue={canQueue} onChanged={() => focusTeam(team._id)} />
        ))
      )}
    </section>
  );
}

function CreateTeamForm({ eventId, onCreated }: { eventId: string; onCreated: (teamId: string) => void }) {
  const [teamName, setTeamName] = useState('');
  const [create, { isLoading, error }] = useCreateTeamMutation();
  const toasts = useTeamToasts();
  const submit = async () => {
    const result = await create({ eventId, teamName: teamName.trim() });
    if (result.error) return;
    toasts.succeeded(result.data);
    onCreated(result.data.team._id);
  };
  return (
    <form
      className="team-manager__row"
      onSubmit={(domEvent) => {
        domEvent.preventDefault();
        void submit();
      }}
    >
      <TextField
        label="Team name"
        autoComplete="off"
        maxLength={100}
        value={teamName}
        onValueChange={setTeamName}
        error={error ? failureMessage(error, 'Failed to create team') : undefined}
      />
      <button type="submit" className="button button--primary" disabled={!teamName.trim() || isLoading}>
        {isLoading ? 'Creating...' : 'Create Team'}
      </button>
    </form>
  );
}

interface ManagedTeamProps {
  team: Team;
  user: SessionUser;
  canRegister: boolean;
  canQueue: boolean;
  /** After an invitation is sent or cancelled. */
  onChanged: () => void;
}

function ManagedTeam({ team, user, canRegister, canQueue, onChanged }: ManagedTeamProps) {
  const [registering, setRegistering] = useState(false);
  const leads = isLeaderOf(team, user._id) && !team.isRegistered;
  return (
    <>
      <TeamCard
        team={team}
        userId={user._id}
        inviteAction={leads ? (invite) => <CancelInviteButton inviteId={invite._id} name={invite.inviteeId.name} onCancelled={onChanged} /> : undefined}
        placeInLine={canQueue && <TeamPlaceInLine team={team} userId={user._id} />}
        actions={
          leads &&
          canRegister && (
            <>
              <button type="button" className="button button--primary button--small" disabled={!hasEnoughMembers(team)} onClick={() => setRegistering(true)}>
                Register Team
              </button>
              {!hasEnoughMembers(team) && <p className="team-card__hint">At least {minTeamSize(team)} members are needed to register.</p>}
            </>
          )
        }
      />
      {leads && <InviteForm team={team} onInvited={onChanged} />}
      {registering && <RegisterTeamModal team={team} onClose={() => setRegistering(false)} />}
    </>
  );
}

function CancelInviteButton({ inviteId, name, onCancelled }: { inviteId: string; name: string; onCancelled: () => void }) {
  const [cancel, { isLoading }] = useCancelInviteMutation();
  const toasts = useTeamToasts();
  const onClick = async () => {
    const result = await cancel(inviteId);
    if (result.error) {
      toasts.failed(failureMessage(result.error, 'Failed to cancel invite'));
      return;
    }
    toasts.succeeded(result.data);
    onCancelled();
  };
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      aria-label={`Cancel invite for ${name}`}
      disabled={isLoading}
      onClick={() => void onClick()}
    >
      {isLoading ? 'Cancelling...' : 'Cancel'}
    </button>
  );
}

/** Invites classmates into the team: refused when nobody is chosen, closed when the team is full. */
function InviteForm({ team, onInvited }: { team: Team; onInvited: () => void }) {
  const selection = useSelection<Classmate>(placesLeft(team));
  const [problem, setProblem] = useState<string | undefined>();
  const [invite, { isLoading }] = useInviteMembersMutation();
  const toasts = useTeamToasts();

  const add = (classmate: Classmate) => {
    if (isInTeam(team, classmate._id)) {
      setProblem(teamMessages.alreadySelected);
      return;
    }
    setProblem(undefined);
    selection.add(classmate);
  };

  const submit = async () => {
    if (selection.selected.length === 0) {
      setProblem(teamMessages.selectUsers);
      return;
    }
    const result = await invite({ teamId: team._id, userIds: selection.ids() });
    if (result.error) {
      setProblem(failureMessage(result.error, 'Failed to invite users'));
      return;
    }
    toasts.succeeded(result.data);
    selection.clear();
    onInvited();
  };

  return (
    <form
      className="team-manager"
      aria-label={`Invite members to ${team.teamName}`}
      onSubmit={(domEvent) => {
        domEvent.preventDefault();
        void submit();
      }}
    >
      <MemberPicker eventId={team.eventId._id} minChars={MANAGER_MIN_SEARCH} selection={selection} onAdd={add} error={problem} teamGender={team.gender} />
      <button type="submit" className="button button--primary" disabled={placesLeft(team) === 0 || isLoading}>
        {isLoading ? 'Inviting...' : 'Invite Members'}
      </button>
    </form>
  );
}
