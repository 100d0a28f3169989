import { describe, expect, it } from 'vitest';
import { countdownParts, formatDate, formatDateTime, formatLongDate } from './dates';
import { isOnOrAfterDay } from './festival-day';

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
});

describe('isOnOrAfterDay (India days)', () => {
  const event = '2025-08-30T04:30:00.000Z'; // 10:00 IST on 30 Aug

  it("comes at 00:00 IST of the event's day, while it is still the day before in UTC", () => {
    expect(isOnOrAfterDay(event, Date.parse('2025-08-29T23:59:00+05:30'))).toBe(false);
    expect(isOnOrAfterDay(event, Date.parse('2025-08-30T00:01:00+05:30'))).toBe(true);
  });

  it('stays true on later days', () => {
    expect(isOnOrAfterDay(event, Date.parse('2025-09-02T12:00:00+05:30'))).toBe(true);
  });
});
