import { createHash } from 'node:crypto';
import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import { Clock } from '../common/clock.js';
import { uniqueConflict } from '../common/conflicts.js';
import type { FestivalClock } from '../common/festival-clock.js';
import { fieldError } from '../common/field-error.js';
import { administersClub } from '../common/permissions.js';
import type { SessionUser } from '../common/session-user.js';
import { SharedBody } from '../common/shared-body.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Executor } from '../database/database.service.js';
import type { EventRow, EventType, NewEventRow, StaffInCharge } from '../database/schema/events.js';
import { FestivalSettingsService } from '../settings/festival-settings.service.js';
import { type EventResponse, type StudentParticipation, sharedEventJson, toEventResponse, viewerFieldsJson } from './event.response.js';
import { EVENT_NAME_UNIQUE, EventsRepository, type SeatClaimKind } from './events.repository.js';
import { requireEndAfterStart } from './festival-calendar.service.js';
import { closedEditionMessage, closedReason, seatsLeft } from './seat-rule.js';

export type { SeatClaimKind };

/** The 403 of an event of another club than the admin's. */
export const NOT_YOUR_EVENT = "You don't have permission to edit this event";

/** A signed-in student looking at events, with their own registrations by event id. */
export interface Viewer {
  userId: string;
  participation: Map<string, StudentParticipation>;
}

/** One event's seats as its answer shows them (`EventResponse`'s fields of the same names). */
export interface SeatCount {
  id: string;
  maxApplications: number | null;
  actualSeatsTaken: number;
  availableSeats: number | null;
}

interface SerialisedList {
  body: SharedBody;
  etag: string;
}

/** The list's shared part, serialised once per cache period: each event's JSON up to the viewer's own fields. */
interface SharedList {
  events: { id: string; json: Buffer }[];
  visitors: SerialisedList;
}

/** This instance's event list for one period: its rows once read (`settled`), and their shared JSON once made. */
interface ListCache {
  rows: Promise<EventRow[]>;
  settled?: EventRow[];
  shared?: Promise<SharedList>;
  /** The edition whose events these are: a new edition's start makes the list read again at once. */
  editionId: number;
  expiresAt: number;
}

@Injectable()
export class EventsService {
  private listCache: ListCache | undefined;

  constructor(
    private readonly events: EventsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly settings: FestivalSettingsService,
  ) {}

  /**
   * The list as a visitor sees it, serialised once per cache period: the home page is the
   * hottest request of a rush and every visitor receives the same bytes. Its entity tag is
   * computed with it, so a phone that already holds these bytes is answered 304 without them.
   */
  async visitorsListBody(): Promise<SerialisedList> {
    return (await this.sharedList()).visitors;
  }

  /**
   * The list's answer (the success envelope as JSON) for a signed-in student, with their own
   * registrations on the events: each event's shared JSON from the cache, and only the viewer's
   * fields serialised per request. The viewer's registrations are given as a promise so they
   * are read while the events are.
   */
  async viewersListBody(viewer: Promise<Viewer>): Promise<Buffer> {
    const [list, own] = await Promise.all([this.sharedList(), viewer]);
    return listEnvelopeJson(list.events.map(({ id, json }) => [json, viewerFieldsBytes({ userId: own.userId, participation: own.participation.get(id) })]));
  }

  async get(id: string, viewer?: Promise<Viewer>): Promise<EventResponse> {
    const [row, own] = await Promise.all([this.getRow(id), viewer]);
    return this.toResponse(row, own);
  }

  /** The event as it is in the table (with its seats); the shared list is told when it is behind (`refreshListIfBehind`). */
  async getRow(id: string, executor?: Executor): Promise<EventRow> {
    const row = await this.events.findById(id, executor);
    if (!row) throw new NotFoundException('Event not found');
    this.refreshListIfBehind(row);
    return row;
  }

  /** The event, when the admin runs its club (`administersClub`): 404 when there is none, 403 when it is another club's. */
  async getAdministered(admin: SessionUser, id: string): Promise<EventRow> {
    const event = await this.getRow(id);
    if (!administersClub(admin, event.clubInCharge)) throw new ForbiddenException(NOT_YOUR_EVENT);
    return event;
  }

  /**
   * The event as the shared list last saw it, for checks made before a registration: the
   * registration's own atomic statement checks again against the live row.
   */
  async getListed(id: string): Promise<EventRow> {
    return (await this.allEvents()).find((event) => event.id === id) ?? this.getRow(id);
  }

  /** Every event as it is now, by club then name (the admin views; the visitors' list is cached). */
  listByClub(): Promise<EventRow[]> {
    return this.events.findAllByClub(this.settings.current.editionId);
  }

  /** The event, locked against other changes of who runs it until `executor`'s transaction ends (see the repository); 404 when there is none. */
  async lock(id: string, executor: Executor): Promise<EventRow> {
    const row = await this.events.lock(id, executor);
    if (!row) throw new NotFoundException('Event not found');
    return row;
  }

  addStaffInCharge(id: string, staff: StaffInCharge, executor: Executor): Promise<void> {
    return this.events.addStaffInCharge(id, staff, executor);
  }

  /** Takes a deleted account off every event's staff in-charges (by its id, or the address typed for it), in its deletion's transaction. */
  removeStaffInCharge(userId: string, email: string, executor: Executor): Promise<void> {
    return this.events.removeStaffInCharge(userId, email, executor);
  }

  /** The events, read in `executor`'s transaction when one is given (one that holds a connection must not wait for another). */
  findByIds(ids: string[], executor?: Executor): Promise<EventRow[]> {
    return this.events.findByIds(ids, executor);
  }

  /**
   * The festival's days and clock, in its time zone: the event day's work, the dashboards' days,
   * the exports' times and students' messages are counted and told there.
   */
  get festivalClock(): FestivalClock {
    return this.settings.festivalClock;
  }

  /** Events taking place on the festival's day after the one `now` falls on: the day-before reminders' events. */
  takingPlaceTomorrow(now: Date): Promise<EventRow[]> {
    const { from, to } = this.festivalClock.nextDay(now);
    // A closed edition's events are reminded of no more, whatever their dates.
    return this.events.findTakingPlace(from, to, this.settings.openEdition);
  }

  /**
   * The events as the shared list last saw them (names, types and clubs for My Registrations,
   * read on every visit), with any it does not hold yet (created since) read from the table.
   */
  async findListed(ids: string[]): Promise<EventRow[]> {
    const wanted = new Set(ids);
    const listed = (await this.allEvents()).filter((event) => wanted.delete(event.id));
    return wanted.size === 0 ? listed : [...listed, ...(await this.events.findByIds([...wanted]))];
  }

  /** How many events the shared list holds (the home page states it on every visit). */
  async count(): Promise<number> {
    return (await this.allEvents()).length;
  }

  createMany(rows: NewEventRow[], executor?: Executor): Promise<void> {
    return this.events.insertMany(rows, this.settings.openEdition, executor);
  }

  /** The events an admin manages: one club's, or every club's for `undefined` (the super admin), of the open edition unless one is named. */
  listForClub(club: string | undefined, editionId = this.settings.current.editionId): Promise<EventRow[]> {
    return this.events.findByClub(club, editionId);
  }

  /**
   * Records a new event with its seats in the caller's transaction. The unique index on its
   * lower-cased name decides between two events of one name created at once.
   */
  async create(fields: NewEventRow, executor: Executor): Promise<EventRow> {
    this.requireFutureDeadline(fields.registrationDeadline);
    requireTeamSizesInOrder(fields);
    requireEndAfterStart(fields);
    try {
      return await this.events.insertOne(fields, this.settings.openEdition, executor);
    } catch (error) {
      throw nameConflict(error) ?? error;
    }
  }

  /**
   * Changes the event's fields (and capacity) in the caller's transaction, with its rows locked
   * (`lockForChange`), answering the event before and after. A deadline that is set or moved
   * must lie ahead; an unchanged one may have passed. The capacity is refused below the seats
   * taken and held for waitlist offers by the statement that sets it.
   */
  async update(id: string, changes: Partial<NewEventRow>, executor: Executor): Promise<{ before: EventRow; after: EventRow }> {
    const before = await this.lockForChange(id, false, executor);
    if (changes.registrationDeadline && changes.registrationDeadline.getTime() !== before.registrationDeadline?.getTime()) {
      this.requireFutureDeadline(changes.registrationDeadline);
    }
    requireTeamSizesInOrder({ ...before, ...changes });
    // On the row as changed: a new date may pass the end the form left alone.
    requireEndAfterStart({ ...before, ...changes });
    const { maxApplications, seatsTaken: _derived, ...fields } = changes;
    try {
      await this.events.updateFields(id, fields, this.clock.now(), executor);
    } catch (error) {
      throw nameConflict(error) ?? error;
    }
    if (maxApplications !== undefined) {
      const { refusedWithTaken } = await this.events.setCapacity(id, maxApplications, executor);
      if (refusedWithTaken !== undefined) {
        // The refused count includes the seats held for waitlist offers; the words say so when there are any.
        const { seatsHeld } = await this.getRow(id, executor);
        const message = `Max applications cannot be below the ${refusedWithTaken} seats already taken${seatsHeld > 0 ? ' or held for the waitlist' : ''}`;
        throw new ConflictException({ message, errors: [{ field: 'maxApplications', message }] });
      }
    }
    return { before, after: await this.getRow(id, executor) };
  }

  /**
   * Locks the event for a change or a deletion (see the repository for the order of locks); 404
   * when it does not exist. A deletion's lock waits for registrations in flight, so the
   * registrations read after it are all there will ever be.
   */
  async lockForChange(id: string, forDelete: boolean, executor: Executor): Promise<EventRow> {
    const row = await this.events.lockForChange(id, forDelete, executor);
    if (!row) throw new NotFoundException('Event not found');
    this.requireOpenEdition(row);
    return row;
  }

  /**
   * 409 when the event is part of a closed edition: the archive is read, never changed (its
   * registrations, attendance, winners and tickets with it). Checked against the settings in
   * force, which every request reads afresh when they are a moment old (`FreshSettingsGuard`).
   */
  requireOpenEdition(event: Pick<EventRow, 'name' | 'editionId'>): void {
    if (!this.isOfOpenEdition(event)) throw new ConflictException(closedEditionMessage(event));
  }

  /** Whether the event is part of the festival now open (not of a closed edition's archive). */
  isOfOpenEdition(event: Pick<EventRow, 'editionId'>): boolean {
    return event.editionId === this.settings.current.editionId;
  }

  /** Deletes an event locked by `lockForChange(id, true, …)`; its registrations, teams and invitations go with it. */
  delete(id: string, executor: Executor): Promise<void> {
    return this.events.delete(id, executor);
  }

  /** Locks the event's seat row, so decisions on its registrations and new registrations take turns; false when there is no such event. */
  lockSeats(id: string, executor: Executor): Promise<boolean> {
    return this.events.lockSeats(id, executor);
  }

  /** The events holding seats for waitlist offers (the sweep checks them against their offers). */
  withHeldSeats(): Promise<string[]> {
    return this.events.withHeldSeats();
  }

  /**
   * Gives back `count` seats (rejected or cancelled registrations) in the transaction that freed
   * them, after `lockSeats`. A freed seat goes to the waitlist first: whoever frees one calls
   * `WaitlistService.offerFreeSeats` in the same transaction (a cancel through the waitlist
   * itself; a club admin's rejection, which `RegistrationsService.decide` releases, through
   * `AdminEventsService.decide`).
   */
  releaseSeats(id: string, count: number, executor: Executor): Promise<void> {
    return this.events.releaseSeats(id, count, executor);
  }

  /** Holds `count` free seats for waitlist offers, or gives `-count` held seats back; after `lockSeats`. */
  changeHeldSeats(id: string, count: number, executor: Executor): Promise<void> {
    return this.events.changeHeld(id, count, executor);
  }

  /**
   * After a committed change of events or seats: this instance's shared list is read afresh on
   * the next request, so an admin sees their change at once. Other instances keep theirs until
   * it expires (EVENT_LIST_CACHE_MS, 1 s by default).
   */
  listChanged(): void {
    this.listCache = undefined;
  }

  /**
   * Every event's seats as they are now (not the shared list's copy), with the numbers an event
   * answer shows: the live seat counts.
   */
  async seatCounts(): Promise<SeatCount[]> {
    const rows = await this.events.seatCounts();
    return rows.map((row) => ({ id: row.id, maxApplications: row.maxApplications, actualSeatsTaken: row.seatsTaken, availableSeats: seatsLeft(row) }));
  }

  /** The statement fragment that takes a seat atomically, a free one or a held one (see `seat-rule.ts` and the repository). */
  seatClaim(id: string, type: EventType, now: Date, claim: SeatClaimKind = 'free'): SQL {
    return this.events.seatClaim(id, type, now, this.settings.openEdition, claim);
  }

  /** Seats anyone may take (neither taken nor held for a waitlist offer); null when the event has no limit (`seat-rule.ts`). */
  static seatsLeft(event: EventRow): number | null {
    return seatsLeft(event);
  }

  /**
   * Why the event takes no registration at `now`, in words for the student; nothing when it does
   * (`seat-rule.ts`). For a `held` claim, one of the held seats is the student's own: it counts as free to them.
   */
  closedReason(event: EventRow, now: Date, claim: SeatClaimKind = 'free'): string | undefined {
    const seen = claim === 'held' ? { ...event, seatsHeld: Math.max(event.seatsHeld - 1, 0) } : event;
    return closedReason(seen, now, this.settings.current);
  }

  /**
   * A row just read from the table that refuses a registration (full, closed) while this
   * instance's shared list still shows the event open (it filled up within the list's period):
   * the list is read afresh on the next request. In a rush the rest are then refused from the
   * list, without a transaction, instead of each finding the event full in one of its own. Only a
   * list already read is looked at: reading one here could wait for a second connection while the
   * caller's transaction holds one.
   */
  private refreshListIfBehind(live: EventRow): void {
    const listed = this.listCache?.settled?.find((event) => event.id === live.id);
    if (!listed) return;
    const now = this.clock.now();
    if (this.closedReason(live, now) && !this.closedReason(listed, now)) this.listChanged();
  }

  /**
   * The list every visitor loads, read at most once per EVENT_LIST_CACHE_MS and shared by every
   * request meanwhile: in a rush everyone reloads it, and seat bars may lag that long.
   */
  private allEvents(): Promise<EventRow[]> {
    return this.currentListCache().rows;
  }

  private sharedList(): Promise<SharedList> {
    const cache = this.currentListCache();
    cache.shared ??= cache.rows.then((rows) => {
      const events = rows.map((row) => ({ id: row.id, json: Buffer.from(sharedEventJson(row)) }));
      const body = listEnvelopeJson(events.map(({ json }) => [json, VISITORS_FIELDS]));
      return { events, visitors: { body: new SharedBody(body), etag: `"${createHash('sha1').update(body).digest('base64url')}"` } };
    });
    return cache.shared;
  }

  private currentListCache() {
    const now = this.clock.now().getTime();
    const { editionId } = this.settings.current;
    if (!this.listCache || this.listCache.expiresAt <= now || this.listCache.editionId !== editionId) {
      const rows = this.events.findAll(editionId);
      const cache: ListCache = { rows, editionId, expiresAt: now + this.config.eventListCacheMs };
      rows.then(
        (settled) => (cache.settled = settled),
        () => {
          if (this.listCache === cache) this.listCache = undefined;
        },
      );
      this.listCache = cache;
    }
    return this.listCache;
  }

  private requireFutureDeadline(deadline: Date | null | undefined): void {
    if (deadline && deadline <= this.clock.now()) throw fieldError('applicationDeadline', 'Application deadline must be in the future');
  }

  private toResponse(row: EventRow, viewer: Viewer | undefined): EventResponse {
    return toEventResponse(row, viewer && { userId: viewer.userId, participation: viewer.participation.get(row.id) });
  }
}

function requireTeamSizesInOrder({ minTeamSize, maxTeamSize }: Pick<NewEventRow, 'minTeamSize' | 'maxTeamSize'>): void {
  if (maxTeamSize != null && maxTeamSize < (minTeamSize ?? 1)) throw fieldError('maxTeamSize', 'Maximum team size must be at least the minimum');
}

/** The 409 for a second event of the same name (the unique index on its lower-cased name), or nothing. */
function nameConflict(error: unknown): ConflictException | undefined {
  return uniqueConflict(error, { [EVENT_NAME_UNIQUE]: { message: 'An event with this name already exists', field: 'name' } });
}

const ENVELOPE_START = Buffer.from('{"success":true,"events":[');
const ENVELOPE_END = Buffer.from(']}');
const COMMA = Buffer.from(',');
const VISITORS_FIELDS = Buffer.from(viewerFieldsJson());

/** A viewer's fields as bytes: most events carry a visitor's, encoded once. */
function viewerFieldsBytes(viewer: Parameters<typeof viewerFieldsJson>[0]): Buffer {
  return viewer?.participation ? Buffer.from(viewerFieldsJson(viewer)) : VISITORS_FIELDS;
}

/**
 * The list's success envelope, `{"success":true,"events":[…]}`, around events already encoded
 * in parts: bytes copied once, not a 30 kB string joined and then encoded on every request.
 */
function listEnvelopeJson(events: Buffer[][]): Buffer {
  const parts: Buffer[] = [ENVELOPE_START];
  events.forEach((event, i) => parts.push(...(i > 0 ? [COMMA] : []), ...event));
  parts.push(ENVELOPE_END);
  return Buffer.concat(parts);
}
