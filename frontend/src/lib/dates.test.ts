import { describe, expect, it } from 'vitest';
import { countdownParts, formatDate, formatDateTime, formatEventTime, formatLongDate } from './dates';
import { setFestivalTimeZone } from './festival-zone';

describe('countdownParts', () => {
  const target = Date.parse('2026-12-20T00:00:00Z');

  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = target - (2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000 + 999);
    expect(countdownParts(target, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('is all zeros at and after the target, never negative', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(countdownParts(target, target)).toEqual(zero);
    expect(countdownParts(target, target + 90_000_000)).toEqual(zero);
  });
});

describe('date formatting (en-IN, campus time)', () => {
  it('shows dates the Indian way', () => {
    expect(formatDate('2026-12-20T04:30:00Z')).toBe('20 Dec 2026');
    expect(formatLongDate('2026-12-20T04:30:00Z')).toBe('Sunday, 20 December 2026');
  });

  it('uses campus time (IST), so a late-evening UTC time is already the next day', () => {
    expect(formatDate('2026-12-19T20:00:00Z')).toBe('20 Dec 2026');
    expect(formatDateTime('2026-12-19T20:00:00Z')).toBe('20 Dec 2026, 1:30 am');
  });

  it("shows an event's hours, its end's date only when it ends on another day, each time kept whole on a line", () => {
    expect(formatEventTime('2026-12-20T04:30:00Z', null)).toBe('20 Dec 2026, 10:00\u00a0am');
    expect(formatEventTime('2026-12-20T04:30:00Z', '2026-12-20T06:00:00Z')).toBe('20 Dec 2026, 10:00\u00a0am – 11:30\u00a0am');
    expect(formatEventTime('2026-12-20T16:30:00Z', '2026-12-20T19:30:00Z')).toBe('20 Dec 2026, 10:00\u00a0pm – 21 Dec 2026, 1:00\u00a0am');
  });
});

describe("date formatting in the festival's zone", () => {
  it('shows dates and times in the zone the festival is in, with its summer time', () => {
    setFestivalTimeZone('Europe/London');
    expect(formatDate('2026-12-19T20:00:00Z')).toBe('19 Dec 2026');
    expect(formatDateTime('2026-12-19T20:00:00Z')).toBe('19 Dec 2026, 8:00 pm');
    expect(formatEventTime('2026-07-20T09:00:00Z', '2026-07-20T10:30:00Z')).toBe('20 Jul 2026, 10:00\u00a0am – 11:30\u00a0am');
  });
});
