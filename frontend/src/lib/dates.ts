// The festival's dates read the same for every visitor, in the festival's time zone, wherever their
// browser thinks it is (festival-zone.ts).
import { zonedFormat } from './festival-zone';

const LOCALE = 'en-IN';

const dateFormat = zonedFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });

const longDateFormat = zonedFormat(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const dateTimeFormat = zonedFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

const yearFormat = zonedFormat(LOCALE, { year: 'numeric' });

const timeFormat = zonedFormat(LOCALE, { hour: 'numeric', minute: '2-digit' });
/** "11:00 am", its number and its "am" kept on one line where a card's narrow line breaks. */
const clockTime = (iso: string): string =>
  timeFormat()
    .format(new Date(iso))
    .replace(/\s+(?=[ap]m$)/i, '\u00a0');

/** "20 Dec 2026" */
export const formatDate = (iso: string): string => dateFormat().format(new Date(iso));

/** "Sunday, 20 December 2026" */
export const formatLongDate = (iso: string): string => longDateFormat().format(new Date(iso));

/** "20 Dec 2026, 5:30 pm" */
export const formatDateTime = (iso: string): string => dateTimeFormat().format(new Date(iso));

export const formatYear = (iso: string): string => yearFormat().format(new Date(iso));

/**
 * "10:00 am – 11:30 am", or "10:00 am" for an event without a set end; an end on another day
 * names it ("10:00 pm – 21 Dec 2026, 1:00 am").
 */
function formatHours(start: string, end: string | null): string {
  const from = clockTime(start);
  if (!end) return from;
  return `${from} – ${formatDate(end) === formatDate(start) ? clockTime(end) : `${formatDate(end)}, ${clockTime(end)}`}`;
}

/** "20 Dec 2026, 10:00 am – 11:30 am": when an event happens, its end included when it has one. */
export const formatEventTime = (start: string, end: string | null): string => `${formatDate(start)}, ${formatHours(start, end)}`;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole days, hours, minutes and seconds from `nowMs` to `targetMs`; all zero once it has passed. */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts {
  const left = Math.max(0, targetMs - nowMs);
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
  };
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** "3d 04:05:06", or "04:05:06" within the last day: a compact countdown for a card. */
export function countdownText(targetMs: number, nowMs: number): string {
  const { days, hours, minutes, seconds } = countdownParts(targetMs, nowMs);
  const clock = `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
