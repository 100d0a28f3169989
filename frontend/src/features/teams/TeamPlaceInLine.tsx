import { Suspense } from 'react';
import type { Team } from '../../api/types';
import { useWaitlistViews } from '../../components/WaitlistViews';
import { hasEnoughMembers, isLeaderOf, minTeamSize } from './team-rules';

/**
 * A team's place in a full event's line, drawn by the waitlist: a registered team has a seat; an
 * unregistered one shows where it stands, and its leader may put it in line once it is complete.
 */
export function TeamPlaceInLine({ team, userId }: { team: Team; userId: string }) {
  const views = useWaitlistViews();
  if (!views || team.isRegistered) return null;
  const leads = isLeaderOf(team, userId);
  const short = !hasEnoughMembers(team);
  return (
    <div className="team-card__line">
      <Suspense fallback={null}>
        <views.TeamPlace
          eventId={team.eventId._id}
          teamId={team._id}
          canJoin={leads && !short}
          whyNot={leads && short ? `At least ${minTeamSize(team)} members are needed to put the team in line.` : undefined}
        />
      </Suspense>
    </div>
  );
}
