// The date-time inputs of the admin forms, in campus time (the festival's time zone) like every date
// the app shows. Apart from lib/dates.ts, which the home page loads, since only admin pages use these.
import { wallTimeToInstant, zoneOffsetMs } from './festival-wall-clock';
import { festivalTimeZone } from './festival-zone';

/** An instant as a `datetime-local` input's value in campus time ("2026-12-20T10:00"); '' for none. */
export function toCampusInput(iso: string | null): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return new Date(ms + zoneOffsetMs(festivalTimeZone(), ms)).toISOString().slice(0, 16);
}

/** A `datetime-local` input's value, read as campus time, as an ISO instant; null when empty or invalid. */
export function fromCampusInput(value: string): string | null {
  const ms = value ? wallTimeToInstant(value) : NaN;
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
