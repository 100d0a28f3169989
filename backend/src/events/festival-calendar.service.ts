import { fieldError } from '../common/field-error.js';
import type { EventRow, NewEventRow } from '../database/schema/events.js';

const MINUTE = 60 * 1000;

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
