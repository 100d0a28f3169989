// The date-time inputs of the admin forms, in campus time (Asia/Kolkata) like every date the app
// shows. Apart from lib/dates.ts, which the home page loads, since only admin pages use these.

/** India has one offset all year (no daylight saving), so campus time is UTC plus this. */
const CAMPUS_OFFSET_MS = 330 * 60 * 1000;

/** An instant as a `datetime-local` input's value in campus time ("2026-12-20T10:00"); '' for none. */
export const toCampusInput = (iso: string | null): string => (iso ? new Date(Date.parse(iso) + CAMPUS_OFFSET_MS).toISOString().slice(0, 16) : '');

/** A `datetime-local` input's value, read as campus time, as an ISO instant; null when empty or invalid. */
export function fromCampusInput(value: string): string | null {
  const ms = Date.parse(`${value}:00+05:30`);
  return value && !Number.isNaN(ms) ? new Date(ms).toISOString() : null;
}
