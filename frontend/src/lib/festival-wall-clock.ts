// The festival's wall clock for the admin pages' forms and the event day's screens: a wall time to
// an instant and back, and the zone's name. Apart from festival-zone.ts, which the home page loads.
import { festivalTimeZone, zonedFormat } from './festival-zone';

// h23: some engines write midnight as hour 24 in the default cycle.
const wallClock = zonedFormat('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * How far `zone`'s clocks are ahead of UTC at `atMs`. Read from the wall clock there rather than
 * kept as a constant: a zone with daylight saving has two offsets a year.
 */
export function zoneOffsetMs(zone: string, atMs: number): number {
  const part = Object.fromEntries(
    wallClock(zone)
      .formatToParts(atMs)
      .map(({ type, value }) => [type, Number(value)]),
  ) as Record<Intl.DateTimeFormatPartTypes, number>;
  const wallAsUtc = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wallAsUtc - Math.floor(atMs / 1000) * 1000;
}

/**
 * The instant a wall time (`2026-12-20T10:00`) names in `zone`; NaN for no wall time. The offset
 * is taken once at a first guess and again at the instant it gives: near a change of daylight
 * saving the first guess can fall on the other side of it.
 */
export function wallTimeToInstant(wallTime: string, zone = festivalTimeZone()): number {
  const wallAsUtc = Date.parse(`${wallTime}Z`);
  if (Number.isNaN(wallAsUtc)) return NaN;
  const guess = wallAsUtc - zoneOffsetMs(zone, wallAsUtc);
  return wallAsUtc - zoneOffsetMs(zone, guess);
}

const nameFormat = zonedFormat('en-IN', { timeZoneName: 'short' });

/** "IST": the festival zone's short name at `atMs` (a zone with daylight saving has two, "GMT" and "GMT+1"). */
export const zoneLabel = (atMs: number): string =>
  nameFormat()
    .formatToParts(atMs)
    .find((part) => part.type === 'timeZoneName')?.value ?? festivalTimeZone();

/**
 * "IST": what a form's hint calls the festival's zone, true for every date the form may hold. A
 * zone whose short name changes with the seasons ("GMT", "GMT+1") is called by its full name
 * ("Europe/London"), as the server's exports and messages call it.
 */
export function zoneName(): string {
  const year = new Date().getUTCFullYear();
  const winter = zoneLabel(Date.UTC(year, 0, 1));
  return winter === zoneLabel(Date.UTC(year, 6, 1)) ? winter : festivalTimeZone();
}
