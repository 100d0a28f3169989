import type { FestEvent } from '../../api/types';
import { formatDateTime } from '../../lib/dates';
import { registrationDeadline, seatsLeft } from './event-rules';

// The event page's wording of an event's facts: apart from the card's rules (event-rules.ts), which
// the home page's script carries.

const DEFAULT_MIN_TEAM_SIZE = 2;

/** The deadline as the event page states it: without one, registration runs until the event starts. */
export const deadlineText = (event: FestEvent): string => {
  const deadline = registrationDeadline(event);
  return deadline === null ? 'Until the event starts' : formatDateTime(deadline);
};

/** "12 spots remaining", "Room for 3 more teams", "Registration is full" or "Unlimited spots": a team event's seats are its teams'. */
export function spotsText(event: FestEvent): string {
  const left = seatsLeft(event);
  if (left === null) return 'Unlimited spots';
  if (left === 0) return 'Registration is full';
  if (event.event_type === 'group') return `Room for ${left} more ${left === 1 ? 'team' : 'teams'}`;
  return `${left} ${left === 1 ? 'spot' : 'spots'} remaining`;
}

/** "2–4 members", "3 members" or "2+ members". */
export function teamSizeText(event: FestEvent): string {
  const min = event.minTeamSize ?? DEFAULT_MIN_TEAM_SIZE;
  const max = event.maxTeamSize;
  if (max === null) return `${min}+ members`;
  return min === max ? `${max} members` : `${min}–${max} members`;
}
