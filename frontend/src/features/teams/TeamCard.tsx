import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import type { Team } from '../../api/types';
import { selectCachedWaitlist } from '../../api/waitlist-api';
import { formatDateTime } from '../../lib/dates';
import { isLeaderOf, memberCountText } from './team-rules';

interface TeamCardProps {
  team: Team;
  userId: string;
  /** The buttons this viewer may use on the team. */
  actions?: ReactNode;
  /** Shown beside each pending invite (the manager's Cancel). */
  inviteAction?: (invite: Team['pendingInvites'][number]) => ReactNode;
  /** On a full event: the team's place in its line, or the way into it. */
  placeInLine?: ReactNode;
}

const teamHeadingId = (teamId: string) => `team-${teamId}`;

/** A team's heading on the page, where focus goes after an action on the team. */
export const teamHeading = (teamId: string) => document.getElementById(teamHeadingId(teamId));

/** One team: its name and state, members (leader first), pending invites, and what the viewer may do. */
export function TeamCard({ team, userId, actions, inviteAction, placeInLine }: TeamCardProps) {
  const headingId = teamHeadingId(team._id);
  return (
    <section className="team-card" aria-labelledby={headingId}>
      <div className="team-card__head">
        {/* Where focus goes after an action on the team: creating it, inviting, cancelling an invite. */}
        <h3 id={headingId} className="team-card__name" tabIndex={-1}>
          {team.teamName}
        </h3>
        <TeamBadge team={team} />
      </div>
      <p className="team-card__meta">
        {memberCountText(team)} · {isLeaderOf(team, userId) ? 'You lead this team' : `Led by ${team.leader.name}`}
      </p>
      <ul className="team-card__people" aria-label={`Members of ${team.teamName}`}>
        {team.members.map(({ userId: member }) => (
          <li key={member._id}>
            <span>
              {member.name}
              {member._id === team.leader._id && <span className="team-card__tag">Leader</span>}
              {member._id === userId && <span className="team-card__tag">You</span>}
            </span>
          </li>
        ))}
      </ul>
      {team.pendingInvites.length > 0 && (
        <>
          <h4 className="team-card__subhead">Pending invites</h4>
          <ul className="team-card__people" aria-label={`Pending invites of ${team.teamName}`}>
            {team.pendingInvites.map((invite) => (
              <li key={invite._id}>
                <span>
                  {invite.inviteeId.name} <span className="team-card__expiry">· expires {formatDateTime(invite.expiresAt)}</span>
                </span>
                {inviteAction?.(invite)}
              </li>
            ))}
          </ul>
        </>
      )}
      {placeInLine}
      {actions && <div className="team-card__actions">{actions}</div>}
    </section>
  );
}

/**
 * Registered, else where the team stands in a full event's line (as the student's places were last
 * read; the line's own view asks for them), else still forming.
 */
function TeamBadge({ team }: { team: Team }) {
  const entry = useSelector(selectCachedWaitlist).data?.find((candidate) => candidate.team?.id === team._id);
  if (team.isRegistered) return <span className="badge badge--registered">Registered</span>;
  if (entry) return <span className="badge">{entry.status === 'offered' ? 'Seat offered' : 'In line'}</span>;
  return <span className="badge">Forming</span>;
}
