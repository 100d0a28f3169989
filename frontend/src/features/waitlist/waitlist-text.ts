import type { WaitlistEntry } from '../../api/types';
import { formatDateTime } from '../../lib/dates';

/** When an offered seat stops being held, in the festival's time. */
export const heldUntil = (entry: WaitlistEntry): string => (entry.offerExpiresAt ? formatDateTime(entry.offerExpiresAt) : 'the deadline');

/** "You are number 3 in line" or "A seat is held for you until …"; a team's entry speaks of the team. */
export function placeText(entry: WaitlistEntry): string {
  if (entry.status === 'offered') return `A seat is held for ${entry.team ? 'your team' : 'you'} until ${heldUntil(entry)}`;
  return `${entry.team ? 'Your team is' : 'You are'} number ${entry.place} in line`;
}
