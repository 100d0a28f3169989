import { festivalClock, isTimeZone } from './festival-clock.js';

const HOUR = 60 * 60 * 1000;

describe('FestivalClock', () => {
  const india = festivalClock('Asia/Kolkata');
  const newYork = festivalClock('America/New_York');

  it("counts days from the zone's midnight: India's at 18:30 UTC the evening before", () => {
    expect(new Date(india.midnightOf('2026-12-20')).toISOString()).toBe('2026-12-19T18:30:00.000Z');
    expect(india.day(new Date('2026-12-19T18:29:59Z'))).toBe('2026-12-19');
    expect(india.day(new Date('2026-12-19T18:30:00Z'))).toBe('2026-12-20');
    expect(india.dateTime(new Date('2026-12-20T04:00:00Z'))).toBe('2026-12-20 09:30');
  });

  it('finds midnight in a zone with daylight saving, whose offset differs with the season', () => {
    expect(new Date(newYork.midnightOf('2026-07-01')).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(new Date(newYork.midnightOf('2026-01-01')).toISOString()).toBe('2026-01-01T05:00:00.000Z');
  });

  it('knows the days the clocks change are 23 and 25 hours long', () => {
    // New York springs forward on 8 March 2026 and falls back on 1 November 2026.
    expect(newYork.endOfDay('2026-03-08') - newYork.midnightOf('2026-03-08')).toBe(23 * HOUR);
    expect(newYork.endOfDay('2026-11-01') - newYork.midnightOf('2026-11-01')).toBe(25 * HOUR);
    const { from, to } = newYork.nextDay(new Date('2026-03-07T20:00:00Z'));
    expect([from.toISOString(), to.toISOString()]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
  });

  it('steps over months and years, and has no day that the calendar lacks', () => {
    expect(india.nextDay(new Date('2026-12-31T12:00:00Z')).from.toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(india.day(india.midnightOf('2026-02-31'))).toBe('2026-03-03');
    expect(india.midnightOf('31/12/2026')).toBeNaN();
  });

  it("tells times in words with the zone's name, and names a zone by its full name when its short one changes with the seasons", () => {
    expect(india.hoursInWords(new Date('2026-12-20T04:30:00Z'), null)).toBe('at 10:00 am IST');
    expect(india.momentInWords(new Date('2026-12-20T16:30:00Z'))).toBe('20 December 2026, 10:00 pm IST');
    expect(india.name).toBe('IST');
    expect(newYork.name).toBe('America/New_York');
    expect(newYork.hoursInWords(new Date('2026-07-01T14:00:00Z'), new Date('2026-07-01T15:30:00Z'))).toBe('from 10:00 am to 11:30 am GMT-4');
  });

  it("allows the event day's work from the event's day in the zone, not from its hour", () => {
    const event = new Date('2026-07-02T01:00:00Z'); // 21:00 on 1 July in New York
    expect(newYork.eventDayRefusal(event, new Date('2026-07-01T03:59:00Z'))).toBe('Attendance can be marked only on the event date.');
    expect(newYork.eventDayRefusal(event, new Date('2026-07-01T04:00:00Z'))).toBeUndefined();
    expect(india.eventDayRefusal(event, new Date('2026-07-01T04:00:00Z'))).toBe('Attendance can be marked only on the event date.');
    expect(india.eventDayRefusal(null, new Date())).toBe('This event has no date yet.');
  });
});

describe('isTimeZone', () => {
  it('knows the zones the runtime knows, by their current names too', () => {
    expect(['Asia/Kolkata', 'Europe/London', 'UTC'].map(isTimeZone)).toEqual([true, true, true]);
    expect(['India', 'Mars/Olympus_Mons', ''].map(isTimeZone)).toEqual([false, false, false]);
  });
});
