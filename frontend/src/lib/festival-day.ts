// Kept apart from dates.ts, which the home page loads: only the event-day screens need it.
import { useEffect, useState } from 'react';
import { wallTimeToInstant } from './festival-wall-clock';
import { zonedFormat } from './festival-zone';

/** `2026-12-20`: the day in the festival's time zone, in a form that sorts as text. */
const dayKey = zonedFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
const dayOf = (at: string | number): string => dayKey().format(new Date(at));

/** setTimeout's longest wait (about 24.8 days); a later day is waited for in steps. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * Whether the festival's day of `iso` has come at `nowMs`, counted in the festival's days as the
 * server counts them for the event day's work: from 00:00 of that day there, whatever its hour.
 */
export const isOnOrAfterDay = (iso: string, nowMs: number): boolean => dayOf(nowMs) >= dayOf(iso);

/** The instant 00:00 of the festival's day of `iso`, in the festival's time zone. */
export const dayStartMs = (iso: string): number => wallTimeToInstant(`${dayOf(iso)}T00:00`);

/**
 * Whether the festival's day of `iso` has come, turning true on its own at its 00:00: a panel
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

/** Whether `iso` falls on the festival's day of `nowMs`. */
export const isFestivalToday = (iso: string, nowMs: number): boolean => dayOf(iso) === dayOf(nowMs);

/** "10:02 am" in the festival's time, as dates.ts writes dates; only the door shows a time alone. */
const timeFormat = zonedFormat('en-IN', { hour: 'numeric', minute: '2-digit' });
export const formatTime = (iso: string): string => timeFormat().format(new Date(iso));
