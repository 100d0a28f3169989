import type { FestEvent, OwnRegistration } from '../../api/types';
import { eventSeats } from '../../components/SeatBar';
import { DEFAULT_CLUB } from '../../config/product';
import { countdownText, formatDate } from '../../lib/dates';

export const clubName = (event: FestEvent): string => event.clubInCharge ?? DEFAULT_CLUB;

/** The date a card shows: the event's own date, else when it was created (spec), which the server sends as `event_date`. */
export const cardDate = (event: FestEvent): string => event.event_date;

export const registrationDeadline = (event: FestEvent): string | null => event.registration_deadline ?? event.applicationDeadline;

type RegistrationState = 'upcoming' | 'open' | 'full' | 'closed';

/** Who is looking at an event: enough of the session user to decide what they may do. */
interface Viewer {
  _id: string;
  isAdmin: boolean;
}

/** Seats left: the seat bar's capacity less the seats spoken for, held ones included. */
export const seatsLeft = (event: FestEvent): number | null => {
  const { taken, capacity } = eventSeats(event);
  return capacity === null ? null : Math.max(0, capacity - taken);
};

/** The event has begun: its registration is over whatever its deadline says (as the server rules). */
const hasStarted = (event: FestEvent, now: number): boolean => event.eventDate !== null && Date.parse(event.eventDate) <= now;

/** Inactive, past its registration deadline, or started. */
const isClosed = (event: FestEvent, now: number): boolean => {
  const deadline = registrationDeadline(event);
  return !event.isActive || (deadline !== null && Date.parse(deadline) < now) || hasStarted(event, now);
};

/**
 * Not open yet first (as the server refuses it first: nothing else matters before the opening),
 * then full (spec precedence), then closed: inactive or past its deadline.
 */
function registrationState(event: FestEvent, now: number, opensAt: string | undefined): RegistrationState {
  if (opensAt !== undefined && now < Date.parse(opensAt)) return 'upcoming';
  if (seatsLeft(event) === 0) return 'full';
  return isClosed(event, now) ? 'closed' : 'open';
}

/** A full event whose registration is otherwise open: a student may wait in line for a seat. */
export const hasWaitlist = (gate: RegistrationGate, event: FestEvent, now: number): boolean => gate === 'full' && !isClosed(event, now);

/** Registered: the server says so, or one of the event's applications is the viewer's own. */
const isRegisteredFor = (event: FestEvent, viewer: Viewer): boolean => event.isRegistered || event.applications.some(({ userId }) => userId === viewer._id);

/** Applies the viewer's own new registration to a copy of the event (an Immer draft). */
export function markRegistered(event: FestEvent, userId: string, { status, appliedAt }: OwnRegistration, { countSeat = true } = {}): void {
  event.isRegistered = true;
  event.registrationStatus = status;
  event.applications.push({ userId, appliedAt });
  if (!countSeat) return;
  event.actualSeatsTaken += 1;
  if (event.availableSeats !== null) event.availableSeats = Math.max(0, event.availableSeats - 1);
}

export type RegistrationGate = 'registered' | 'admin' | RegistrationState;

/**
 * What an event offers this viewer, in the spec's precedence: registered, then admin account,
 * then (the product's own states) not open yet, full, closed, else open for registering.
 * `opensAt` is the festival's registration opening, unknown until the festival has loaded.
 */
export function registrationGate(event: FestEvent, viewer: Viewer | null, now: number, opensAt?: string): RegistrationGate {
  if (viewer && isRegisteredFor(event, viewer)) return 'registered';
  if (viewer?.isAdmin) return 'admin';
  return registrationState(event, now, opensAt);
}

/** "Registration opens on 1 Dec 2026" */
export const opensOnText = (opensAt: string): string => `Registration opens on ${formatDate(opensAt)}`;

/** "in 3d 04:05:06": how long until registration opens. */
export const opensInText = (opensAt: string, now: number): string => `in ${countdownText(Date.parse(opensAt), now)}`;

/**
 * "Registration closed on 12 Nov 2026" once the deadline has passed, "Registration closed: the
 * event has started" once it has begun; an inactive event says only that it is closed.
 */
export function closedText(event: FestEvent, now: number): string {
  const deadline = registrationDeadline(event);
  if (!event.isActive) return 'Registration Closed';
  if (deadline !== null && Date.parse(deadline) < now) return `Registration closed on ${formatDate(deadline)}`;
  return hasStarted(event, now) ? 'Registration closed: the event has started' : 'Registration Closed';
}

export interface EventFilters {
  search: string;
  /** '' = all types. */
  type: '' | 'solo' | 'group';
  /** '' = all clubs. */
  club: string;
}

/** Every event: no search, every type, every club. */
export const NO_FILTERS: EventFilters = { search: '', type: '', club: '' };

/** The filters as the home page's address carries them (?search=&type=&club=), so a sign-in or a reload keeps them. */
export function filtersFromSearch(params: URLSearchParams): EventFilters {
  const type = params.get('type');
  return { search: params.get('search') ?? '', type: type === 'solo' || type === 'group' ? type : '', club: params.get('club') ?? '' };
}

/** The address's query for the filters: only those that narrow the list. */
export function searchOfFilters(filters: EventFilters): URLSearchParams {
  return new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
}

/** The id of an event's card on the home page, and the address's fragment that brings it back into view. */
export const cardAnchor = (eventId: string): string => `event-${eventId}`;

export function matchesFilters(event: FestEvent, { search, type, club }: EventFilters): boolean {
  const needle = search.trim().toLowerCase();
  const haystack = [event.name, event.description, clubName(event)].join('\n').toLowerCase();
  return (!needle || haystack.includes(needle)) && (!type || event.event_type === type) && (!club || clubName(event) === club);
}

/** The club filter's options: each club of the loaded events once, in alphabetical order. */
export function clubOptions(events: FestEvent[]): string[] {
  return [...new Set(events.map(clubName))].sort((a, b) => a.localeCompare(b));
}
