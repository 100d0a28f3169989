// Kept apart from dates.ts, which the home page loads: only the event-day screens need it.
import { FESTIVAL_TIME_ZONE } from './dates';

/** `2026-12-20`: the day in the festival's time zone (India), in a form that sorts as text. */
const dayKey = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: FESTIVAL_TIME_ZONE });

/**
 * Whether the festival's day of `iso` has come at `nowMs`, counted in India's days as the server
 * counts them for the event day's work: from 00:00 IST of that day, whatever its hour.
 */
export const isOnOrAfterDay = (iso: string, nowMs: number): boolean => dayKey.format(new Date(nowMs)) >= dayKey.format(new Date(iso));

/** Whether `iso` falls on the festival's day (India's) of `nowMs`. */
export const isFestivalToday = (iso: string, nowMs: number): boolean => dayKey.format(new Date(iso)) === dayKey.format(new Date(nowMs));

/** "10:02 am" in the festival's time, as dates.ts writes dates; only the door shows a time alone. */
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: FESTIVAL_TIME_ZONE });
export const formatTime = (iso: string): string => timeFormat.format(new Date(iso));
