// Kept apart from dates.ts, which the home page loads: only the event-day screens need it.
import { useEffect, useState } from 'react';
import { FESTIVAL_TIME_ZONE } from './dates';

/** `2026-12-20`: the day in the festival's time zone (India), in a form that sorts as text. */
const dayKey = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: FESTIVAL_TIME_ZONE });

/** India keeps one offset all year (no summer time), so a day's start is fixed. */
const INDIA_OFFSET = '+05:30';
/** setTimeout's longest wait (about 24.8 days); a later day is waited for in steps. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * Whether the festival's day of `iso` has come at `nowMs`, counted in India's days as the server
 * counts them for the event day's work: from 00:00 IST of that day, whatever its hour.
 */
export const isOnOrAfterDay = (iso: string, nowMs: number): boolean => dayKey.format(new Date(nowMs)) >= dayKey.format(new Date(iso));

/** The instant 00:00 IST of the festival's day of `iso`. */
export const dayStartMs = (iso: string): number => Date.parse(`${dayKey.format(new Date(iso))}T00:00:00${INDIA_OFFSET}`);

/**
 * Whether the festival's day of `iso` has come, turning true on its own at 00:00 IST: a panel
 * opened on the eve opens its day's work at midnight without a reload. One timer, no ticking.
 */
export function useDayHasCome(iso: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  const start = iso ? dayStartMs(iso) : undefined;
  const waiting = start !== undefined && now < start;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(start - Date.now(), LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [waiting, start, now]);
  return iso !== undefined && isOnOrAfterDay(iso, now);
}

/** Whether `iso` falls on the festival's day (India's) of `nowMs`. */
export const isFestivalToday = (iso: string, nowMs: number): boolean => dayKey.format(new Date(iso)) === dayKey.format(new Date(nowMs));

/** "10:02 am" in the festival's time, as dates.ts writes dates; only the door shows a time alone. */
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: FESTIVAL_TIME_ZONE });
export const formatTime = (iso: string): string => timeFormat.format(new Date(iso));
