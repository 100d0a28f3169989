import { describe, expect, it } from 'vitest';
import { wallTimeToInstant, zoneLabel, zoneName, zoneOffsetMs } from './festival-wall-clock';
import { festivalTimeZone, setFestivalTimeZone } from './festival-zone';

const HOUR = 60 * 60 * 1000;

describe('zoneOffsetMs', () => {
  it('follows daylight saving: New York is 4 hours behind UTC in July and 5 in January', () => {
    expect(zoneOffsetMs('America/New_York', Date.parse('2026-07-15T12:00:00Z'))).toBe(-4 * HOUR);
    expect(zoneOffsetMs('America/New_York', Date.parse('2026-01-15T12:00:00Z'))).toBe(-5 * HOUR);
  });

  it('is 5 hours 30 minutes ahead in India all year', () => {
    expect(zoneOffsetMs('Asia/Kolkata', Date.parse('2026-07-15T12:00:00Z'))).toBe(5.5 * HOUR);
    expect(zoneOffsetMs('Asia/Kolkata', Date.parse('2026-01-15T12:00:00Z'))).toBe(5.5 * HOUR);
  });
});

describe('wallTimeToInstant', () => {
  it('reads a wall time in the zone named', () => {
    expect(wallTimeToInstant('2026-12-20T10:00', 'Asia/Kolkata')).toBe(Date.parse('2026-12-20T04:30:00Z'));
    expect(wallTimeToInstant('2026-07-20T10:00', 'America/New_York')).toBe(Date.parse('2026-07-20T14:00:00Z'));
    expect(wallTimeToInstant('2026-01-20T10:00', 'America/New_York')).toBe(Date.parse('2026-01-20T15:00:00Z'));
  });

  it('reads a wall time just after the clocks went forward with the new offset', () => {
    // New York moved to summer time at 2 am on 8 March 2026; 5 am that morning is 4 hours behind UTC.
    expect(wallTimeToInstant('2026-03-08T05:00', 'America/New_York')).toBe(Date.parse('2026-03-08T09:00:00Z'));
  });

  it('reads the festival zone unless told another, and is NaN for no wall time', () => {
    setFestivalTimeZone('Europe/London');
    expect(wallTimeToInstant('2026-07-20T10:00')).toBe(Date.parse('2026-07-20T09:00:00Z'));
    expect(wallTimeToInstant('not a time')).toBeNaN();
  });
});

describe('the festival time zone', () => {
  it('is India until the festival says another, named as Intl names it', () => {
    expect(festivalTimeZone()).toBe('Asia/Kolkata');
    expect(zoneName()).toBe('IST');
    setFestivalTimeZone('Europe/London');
    expect(festivalTimeZone()).toBe('Europe/London');
    expect(zoneLabel(Date.parse('2026-01-15T12:00:00Z'))).toBe('GMT');
    expect(zoneLabel(Date.parse('2026-07-15T12:00:00Z'))).toBe('GMT+1');
    // A form's hint holds for every season: the full name, as the server's exports write it.
    expect(zoneName()).toBe('Europe/London');
  });

  it('keeps the zone in force for a zone the browser does not know', () => {
    setFestivalTimeZone('Europe/London');
    setFestivalTimeZone('Mars/Olympus_Mons');
    expect(festivalTimeZone()).toBe('Europe/London');
  });
});
