import { useGetClubsQuery } from '../api/clubs-api';
import type { Option } from './FormField';

interface ClubChoices {
  /** Every club, a retired one marked: for filters over what exists. */
  withRetired?: boolean;
  /** A retired club to offer all the same: the one a form already holds (an event's own club). */
  keep?: string | null;
}

/**
 * The clubs as a form's choices, from the server: those that take new events, admins and
 * invitations, plus what `withRetired` and `keep` ask for. Empty while they load.
 */
export function useClubOptions({ withRetired = false, keep = null }: ClubChoices = {}): Option[] {
  const { data: clubs = [] } = useGetClubsQuery();
  return clubs
    .filter((club) => withRetired || club.retiredAt === null || club.name === keep)
    .map((club) => ({ value: club.name, label: club.retiredAt ? `${club.name} (retired)` : club.name }));
}
