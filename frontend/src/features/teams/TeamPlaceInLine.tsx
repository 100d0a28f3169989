import { Suspense } from 'react';
import type { Team } from '../../api/types';
import { useWaitlistViews } from '../../components/WaitlistViews';
import { hasEnoughMembers, isLeaderOf } from './team-rules';

/**
 * A team's place in a full event's line, drawn by the waitlist: a registered team has a seat; an
 * unregistered one shows where it stands, and its leader may put it in line once it is complete.
 */
export function TeamPlaceInLine({ team, userId }: { team: Team; userId: string }) {
  const views = useWaitlistViews();
  if (!views || team.isRegistered) return null;
  return (
    <div className="team-card__line">
      <Suspense fallback={null}>
        <views.TeamPlace eventId={team.eventId._id} teamId={team._id} canJoin={isLeaderOf(team, userId) && hasEnoughMembers(team)} />
      </Suspense>
    </div>
  );
}
