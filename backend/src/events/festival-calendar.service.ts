import { fieldError } from '../common/field-error.js';
import type { EventRow, NewEventRow } from '../database/schema/events.js';

const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;
/** The festival's time zone: its days (deadlines, event dates, the dashboards' days) are India's. */
export const FESTIVAL_TIME_ZONE = 'Asia/Kolkata';
const INDIA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: FESTIVAL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Midnight in India (where the festival happens, and where configured days are read) of the day `at` falls on there. */
export function indiaMidnight(at: Date): number {
  return new Date(`${INDIA_DAY.format(at)}T00:00:00+05:30`).getTime();
}

/** The day in India after the one `at` falls on, from its midnight (included) to the next (excluded). India keeps no daylight saving. */
export function nextIndiaDay(at: Date): { from: Date; to: Date } {
  const from = indiaMidnight(at) + DAY;
  return { from: new Date(from), to: new Date(from + DAY) };
}

/** `2026-12-20`: the day in India, as FESTIVAL_DATE is written. */
export const indiaDay = (at: Date | number): string => INDIA_DAY.format(at);

const INDIA_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: FESTIVAL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `2026-12-20 09:30`: the day and time in India, for the admins' exports. */
export const indiaDateTime = (at: Date): string => `${indiaDay(at)} ${INDIA_TIME.format(at)}`;

const FESTIVAL_DATE_WORDS = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: FESTIVAL_TIME_ZONE });
const FESTIVAL_CLOCK_WORDS = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: FESTIVAL_TIME_ZONE });

/** `20 August 2025`: a day in India, in words, for students' messages and e-mails. */
export const festivalDateInWords = (at: Date): string => FESTIVAL_DATE_WORDS.format(at);

/** `10:00 pm IST`: a time in India, named, so nobody reads it as their phone's time. */
const festivalTimeInWords = (at: Date): string => `${FESTIVAL_CLOCK_WORDS.format(at)} IST`;

/** `at 10:00 am IST`, or `from 10:00 am to 11:30 am IST` for an event with a set end: when it happens, as a sentence says it. */
export const eventHoursInWords = (start: Date, end: Date | null): string =>
  end ? `from ${FESTIVAL_CLOCK_WORDS.format(start)} to ${festivalTimeInWords(end)}` : `at ${festivalTimeInWords(start)}`;

/**
 * `20 August 2025, 10:00 pm IST`. Day and time are formatted apart, so the joining word does not
 * change with the runtime's locale data.
 */
export const festivalMomentInWords = (at: Date): string => `${festivalDateInWords(at)}, ${festivalTimeInWords(at)}`;

/**
 * Why the event day's work (attendance, check-in at the door, winners) cannot be done at `now`:
 * it is done on or after the event's date, counted in India's days (an event at 9:00 IST is
 * marked from its midnight there, not from 9:00); nothing when it can.
 */
export function eventDayRefusal(eventDate: Date | null, now: Date): string | undefined {
  if (!eventDate) return 'This event has no date yet.';
  if (indiaDay(now) < indiaDay(eventDate)) return 'Attendance can be marked only on the event date.';
  return undefined;
}

/** When an event starts and ends. */
interface EventSpan {
  start: Date;
  end: Date;
}

/**
 * The time an event takes: from its date to its end, or, for an event without a set end, for the
 * festival's event length (`festivalRules.eventLengthMinutes`). None while its date is to be announced.
 */
export function eventSpan(event: Pick<EventRow, 'eventDate' | 'eventEndDate'>, defaultMinutes: number): EventSpan | undefined {
  if (!event.eventDate) return undefined;
  return { start: event.eventDate, end: event.eventEndDate ?? new Date(event.eventDate.getTime() + defaultMinutes * MINUTE) };
}

/** Whether two events share any moment (one ending as the other starts does not). */
export function overlap(a: EventSpan, b: EventSpan): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Refuses an end without a date or not after it, naming the end field (the table's check says the same). */
export function requireEndAfterStart(event: Pick<NewEventRow, 'eventDate' | 'eventEndDate'>): void {
  if (!event.eventEndDate) return;
  if (!event.eventDate) throw fieldError('eventEndDate', 'Set the event date before its end');
  if (event.eventEndDate <= event.eventDate) throw fieldError('eventEndDate', 'Event end must be after the event date');
}
