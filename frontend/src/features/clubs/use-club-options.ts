import type { Option } from './FormField';

/** The ten clubs that run the festival's events (the server's EVENT_CLUBS). */
const EVENT_CLUBS = [
  'Blue Sky Forum',
  "Readers' Club",
  'Photography Club',
  'Dance Club',
  'Music Club',
  'Drama Club',
  'Tech Club',
  'Literary Club',
  'Sports Club',
  'Cultural Club',
] as const;

/** The club filter and choice of the admin pages. */
export const clubOptions: Option[] = EVENT_CLUBS.map((club) => ({ value: club, label: club }));
