import { festivalClock } from '../common/festival-clock.js';
import type { EventRow } from '../database/schema/events.js';

/**
 * When an event takes a registration: it is part of the open edition, the festival's
 * registration window is open, the event is active, its deadline has not passed, it has not started and a seat is left (no capacity means
 * unlimited).
 *
 * This file says it in words, for answers; `EventsRepository.seatClaim` enforces the same
 * conditions (but the festival's window, which the service checks first) in one conditional
 * UPDATE, so a seat is never taken after the words said yes but the row changed meanwhile.
 * A change to one is a change to both.
 */

/** Seats anyone may take (neither taken nor held for a waitlist offer), or null when the event has no limit. */
export function seatsLeft(event: Pick<EventRow, 'maxApplications' | 'seatsTaken' | 'seatsHeld'>): number | null {
  return event.maxApplications === null ? null : event.maxApplications - event.seatsTaken - event.seatsHeld;
}

/** The festival's registration window, which every event of its edition shares. */
interface RegistrationWindow {
  /** The open edition: another edition's events are closed for good. */
  editionId: number;
  registrationOpensAt: Date;
  /** Null: each event's deadline and start close it. */
  registrationClosesAt: Date | null;
  /** Where the window's dates are told. */
  timeZone: string;
}

/** Why an event of a closed edition can no longer change: its festival is over and kept as it was. */
export function closedEditionMessage(event: Pick<EventRow, 'name'>): string {
  return `${event.name} was part of an earlier festival, which is closed: it can be read, not changed.`;
}

/** Why the event takes no registration at `now`, in words for the student; nothing when it does. */
export function closedReason(event: EventRow, now: Date, window: RegistrationWindow): string | undefined {
  const { registrationOpensAt: opens, registrationClosesAt: closes } = window;
  if (event.editionId !== window.editionId) return closedEditionMessage(event);
  const clock = festivalClock(window.timeZone);
  if (now < opens) return `Registration opens on ${clock.dateInWords(opens)}.`;
  if (closes && now >= closes) return `Registration for the festival closed on ${clock.dateInWords(closes)}.`;
  if (!event.isActive) return `Registration for ${event.name} is closed.`;
  if (event.registrationDeadline && now >= event.registrationDeadline) return `The registration deadline for ${event.name} has passed.`;
  if (event.eventDate && now >= event.eventDate) return `${event.name} has started: registration is closed.`;
  const left = seatsLeft(event);
  if (left !== null && left <= 0) return 'Registration Full - All spots have been taken';
  return undefined;
}
