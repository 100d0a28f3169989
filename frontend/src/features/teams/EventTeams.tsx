import { useRef, useState } from 'react';
import type { FestEvent, SessionUser, Team } from '../../api/types';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useFocusLater } from '../../lib/use-focus-later';
import { useSession } from '../../session/use-session';
import { GenderCounters } from './GenderCounters';
import { genderedTeamsNote, hasEnoughMembers, isLeaderOf, minTeamSize, placesLeft } from './team-rules';
import { TeamCard, teamHeading } from './TeamCard';
import { AddMembersModal, CreateTeamModal, PartingModal, RegisterTeamModal } from './TeamModals';
import { TeamPlaceInLine } from './TeamPlaceInLine';
import { useGetEventTeamsQuery } from './teams-api';
import './teams.css';

interface EventTeamsProps {
  event: FestEvent;
  /** Registration is open to this viewer (not registered, not an admin, not full or closed). */
  canRegister: boolean;
  /** Full, but otherwise open: the leader may put a complete team in line. */
  canQueue: boolean;
}

/** A team event's page: the student's own teams with their actions, and the gender counters. */
export function EventTeams({ event, canRegister, canQueue }: EventTeamsProps) {
  const { user } = useSession();
  return (
    <>
      {user && !user.isAdmin && <YourTeams event={event} user={user} canRegister={canRegister} canQueue={canQueue} />}
      <GenderCounters eventId={event._id} />
    </>
  );
}

type Dialog = { kind: 'create' } | { kind: 'add' | 'register' | 'discard' | 'leave'; team: Team };

function YourTeams({ event, user, canRegister, canQueue }: EventTeamsProps & { user: SessionUser }) {
  const { data: teams, error, isFetching, refetch } = useGetEventTeamsQuery(event._id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusLater = useFocusLater();
  const close = () => setDialog(null);
  // The dialog's opener may be gone or off (Create Team once a team exists): focus goes to the
  // team the dialog changed, or to the panel when the team went.
  const done = (teamId?: string) => {
    close();
    focusLater(() => (teamId ? teamHeading(teamId) : headingRef.current));
  };
  return (
    <section className="panel" aria-labelledby="your-teams">
      <h2 id="your-teams" ref={headingRef} className="panel__title" tabIndex={-1}>
        Your Teams
      </h2>
      {error ? (
        <LoadError title="Failed to load your teams" headingLevel={3} error={error} retrying={isFetching} onRetry={() => void refetch()} />
      ) : !teams ? (
        <Spinner label="Loading your teams…" />
      ) : (
        <>
          {teams.length === 0 && <p className="panel__hint">You have no team for this event yet.</p>}
          {teams.map((team) => (
            <TeamCard
              key={team._id}
              team={team}
              userId={user._id}
              actions={<TeamActions team={team} userId={user._id} canRegister={canRegister} open={setDialog} />}
              placeInLine={canQueue && <TeamPlaceInLine team={team} userId={user._id} />}
            />
          ))}
          {canRegister && <CreateTeamAction event={event} user={user} hasTeam={teams.length > 0} onCreate={() => setDialog({ kind: 'create' })} />}
        </>
      )}
      {dialog?.kind === 'create' && <CreateTeamModal event={event} onClose={close} onDone={done} />}
      {dialog?.kind === 'add' && <AddMembersModal team={dialog.team} onClose={close} onDone={done} />}
      {dialog?.kind === 'register' && <RegisterTeamModal team={dialog.team} onClose={close} />}
      {(dialog?.kind === 'discard' || dialog?.kind === 'leave') && <PartingModal team={dialog.team} kind={dialog.kind} onClose={close} onDone={done} />}
    </section>
  );
}

interface TeamActionsProps {
  team: Team;
  userId: string;
  canRegister: boolean;
  open: (dialog: Dialog) => void;
}

/** The leader registers, adds members and discards; a member leaves; a registered team is settled. */
function TeamActions({ team, userId, canRegister, open }: TeamActionsProps) {
  if (team.isRegistered) return null;
  if (!isLeaderOf(team, userId)) {
    return (
      <button type="button" className="button button--ghost button--small" onClick={() => open({ kind: 'leave', team })}>
        Leave Team
      </button>
    );
  }
  const enough = hasEnoughMembers(team);
  return (
    <>
      {canRegister && (
        <button type="button" className="button button--primary button--small" disabled={!enough} onClick={() => open({ kind: 'register', team })}>
          Register Team
        </button>
      )}
      <button type="button" className="button button--ghost button--small" disabled={placesLeft(team) === 0} onClick={() => open({ kind: 'add', team })}>
        Add Members
      </button>
      <button type="button" className="button button--ghost button--small button--danger-text" onClick={() => open({ kind: 'discard', team })}>
        Discard Team
      </button>
      {canRegister && !enough && <p className="team-card__hint">At least {minTeamSize(team)} members are needed to register.</p>}
    </>
  );
}

/** Create Team, or, where the event's teams are boys' or girls' and the student is neither, why not and whom to ask. */
function CreateTeamAction({ event, user, hasTeam, onCreate }: { event: FestEvent; user: SessionUser; hasTeam: boolean; onCreate: () => void }) {
  const note = hasTeam ? null : genderedTeamsNote(event, user);
  if (note) return <p className="panel__hint">{note}</p>;
  return (
    <button type="button" className="button button--primary button--block" disabled={hasTeam} onClick={onCreate}>
      {hasTeam ? 'Team Already Formed' : 'Create Team'}
    </button>
  );
}
