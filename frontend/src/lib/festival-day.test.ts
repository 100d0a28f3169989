import { describe, expect, it } from 'vitest';
import { dayStartMs, isOnOrAfterDay } from './festival-day';
import { setFestivalTimeZone } from './festival-zone';

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

describe('dayStartMs', () => {
  it("is 00:00 IST of the event's day, even for an event late in the evening UTC", () => {
    expect(dayStartMs('2025-08-30T04:30:00.000Z')).toBe(Date.parse('2025-08-29T18:30:00.000Z'));
    // 20:00 UTC on 29 Aug is 01:30 IST on 30 Aug.
    expect(dayStartMs('2025-08-29T20:00:00.000Z')).toBe(Date.parse('2025-08-29T18:30:00.000Z'));
  });
});

describe("the festival's days in another zone", () => {
  it('start at midnight there, in summer time or not', () => {
    setFestivalTimeZone('America/New_York');
    // 02:00 UTC on 20 July is 10 pm on 19 July in New York.
    expect(dayStartMs('2026-07-20T02:00:00.000Z')).toBe(Date.parse('2026-07-19T04:00:00.000Z'));
    expect(dayStartMs('2026-12-20T15:00:00.000Z')).toBe(Date.parse('2026-12-20T05:00:00.000Z'));
    expect(isOnOrAfterDay('2026-07-20T14:00:00.000Z', Date.parse('2026-07-20T03:59:00.000Z'))).toBe(false);
    expect(isOnOrAfterDay('2026-07-20T14:00:00.000Z', Date.parse('2026-07-20T04:00:00.000Z'))).toBe(true);
  });
});
