import { Injectable } from '@nestjs/common';
import { and, asc, eq, getTableColumns, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type EventRow, eventSeats, events, type EventType, type NewEventRow, type StaffInCharge } from '../database/schema/events.js';

/** The unique index on lower(name): a second event of the same name, whatever its case. */
export const EVENT_NAME_UNIQUE = 'events_name_unique';

/** An event's seats as the seat rule reads them. */
type SeatNumbers = Pick<EventRow, 'id' | 'maxApplications' | 'seatsTaken' | 'seatsHeld'>;

/** Which seat a registration takes: a free one, or one held for the student's waitlist offer. */
export type SeatClaimKind = 'free' | 'held';

const withSeats = { ...getTableColumns(events), maxApplications: eventSeats.capacity, seatsTaken: eventSeats.taken, seatsHeld: eventSeats.held };

/** The only place that queries the events and event_seats tables. */
@Injectable()
export class EventsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** The edition's events. A real promise, not Drizzle's lazy query (which runs again on every await), so callers may share it. */
  async findAll(editionId: number): Promise<EventRow[]> {
    return await this.selectWithSeats(this.database.db).where(eq(events.editionId, editionId)).orderBy(asc(events.eventDate), asc(events.name));
  }

  async findById(id: string, executor: Executor = this.database.db): Promise<EventRow | undefined> {
    const [row] = await this.selectWithSeats(executor).where(eq(events.id, id));
    return row;
  }

  /** In the caller's transaction when it gives one: a read inside a transaction never waits for a second connection. */
  findByIds(ids: string[], executor: Executor = this.database.db): Promise<EventRow[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.selectWithSeats(executor).where(inArray(events.id, ids));
  }

  /** The edition's events taking place from `from` (included) to `to` (excluded), by date then name. */
  findTakingPlace(from: Date, to: Date, edition: SQL): Promise<EventRow[]> {
    return this.selectWithSeats(this.database.db)
      .where(and(eq(events.editionId, edition), gte(events.eventDate, from), lt(events.eventDate, to)))
      .orderBy(asc(events.eventDate), asc(events.name));
  }

  /** The edition's events of one club, or of every club when `club` is undefined, by date then name. */
  async findByClub(club: string | undefined, editionId: number): Promise<EventRow[]> {
    return await this.selectWithSeats(this.database.db)
      .where(and(eq(events.editionId, editionId), club === undefined ? undefined : eq(events.clubInCharge, club)))
      .orderBy(asc(events.eventDate), asc(events.name));
  }

  /**
   * One event with its seat row, in the edition `edition` names when the statement runs; a unique
   * violation of `EVENT_NAME_UNIQUE` when the name is taken in it, whatever its case.
   */
  async insertOne(row: NewEventRow, edition: SQL, executor: Executor): Promise<EventRow> {
    const { maxApplications = null, seatsTaken: _ignored, ...fields } = row;
    const [inserted] = await executor
      .insert(events)
      .values({ ...fields, editionId: edition })
      .returning();
    await executor.insert(eventSeats).values({ eventId: inserted.id, capacity: maxApplications, taken: 0 });
    return { ...inserted, maxApplications, seatsTaken: 0, seatsHeld: 0 };
  }

  /**
   * Locks the event's seat row, then the event's row, for a change: new seats wait until the
   * change commits. The order is the registrations' (seat row, then the event's key through the
   * foreign key), so the two can never wait on each other. `forDelete` takes the event's row
   * FOR UPDATE, which also waits for every registration still in flight; otherwise FOR NO KEY
   * UPDATE, which lets registrations' foreign-key checks through.
   */
  async lockForChange(id: string, forDelete: boolean, executor: Executor): Promise<EventRow | undefined> {
    const seat = await executor.select({ eventId: eventSeats.eventId }).from(eventSeats).where(eq(eventSeats.eventId, id)).for('update');
    if (seat.length === 0) return undefined;
    const [row] = await this.selectWithSeats(executor)
      .where(eq(events.id, id))
      .for(forDelete ? 'update' : 'no key update', { of: events });
    return row;
  }

  /** Locks the event's seat row alone: decisions on registrations and new registrations take turns on it. False when there is no such event. */
  async lockSeats(id: string, executor: Executor): Promise<boolean> {
    const rows = await executor.select({ eventId: eventSeats.eventId }).from(eventSeats).where(eq(eventSeats.eventId, id)).for('update');
    return rows.length > 0;
  }

  /** The events holding seats for waitlist offers. */
  async withHeldSeats(): Promise<string[]> {
    const rows = await this.database.db.select({ eventId: eventSeats.eventId }).from(eventSeats).where(gt(eventSeats.held, 0));
    return rows.map((row) => row.eventId);
  }

  async updateFields(id: string, fields: Partial<NewEventRow>, now: Date, executor: Executor): Promise<void> {
    await executor
      .update(events)
      .set({ ...fields, updatedAt: now })
      .where(eq(events.id, id));
  }

  /**
   * Sets the capacity unless more seats than it are taken or held for the waitlist: the check is
   * the statement's own condition, under the seat row's lock, so a registration racing the edit
   * is counted. Answers the seats taken and held when the capacity was refused, nothing when it was set.
   */
  async setCapacity(id: string, capacity: number | null, executor: Executor): Promise<{ refusedWithTaken?: number }> {
    const [set] = await executor
      .update(eventSeats)
      .set({ capacity })
      .where(and(eq(eventSeats.eventId, id), capacity === null ? undefined : lte(sql`${eventSeats.taken} + ${eventSeats.held}`, capacity)))
      .returning({ eventId: eventSeats.eventId });
    if (set) return {};
    const [seats] = await executor
      .select({ taken: sql<number>`${eventSeats.taken} + ${eventSeats.held}` })
      .from(eventSeats)
      .where(eq(eventSeats.eventId, id));
    return { refusedWithTaken: seats?.taken ?? 0 };
  }

  /** Gives back seats (rejected or cancelled registrations), in the transaction that freed them. */
  async releaseSeats(id: string, count: number, executor: Executor): Promise<void> {
    if (count === 0) return;
    await executor
      .update(eventSeats)
      .set({ taken: sql`${eventSeats.taken} - ${count}` })
      .where(eq(eventSeats.eventId, id));
  }

  /**
   * Holds `count` free seats for the waitlist's offers (`count` < 0 gives held seats back, free
   * again): the check constraint `taken + held <= capacity` refuses holding a seat that is not free.
   */
  async changeHeld(id: string, count: number, executor: Executor): Promise<void> {
    if (count === 0) return;
    await executor
      .update(eventSeats)
      .set({ held: sql`${eventSeats.held} + ${count}` })
      .where(eq(eventSeats.eventId, id));
  }

  /** Deletes the event; its seats, registrations, teams and invitations go with it (foreign keys cascade). */
  async delete(id: string, executor: Executor): Promise<void> {
    await executor.delete(events).where(eq(events.id, id));
  }

  /** Events with their seat rows, in the edition `edition` names (the demo festival's). */
  async insertMany(rows: NewEventRow[], edition: SQL, executor: Executor = this.database.db): Promise<void> {
    if (rows.length === 0) return;
    const inserted = await executor
      .insert(events)
      .values(rows.map((row) => ({ ...row, editionId: edition })))
      .returning({ id: events.id });
    await executor
      .insert(eventSeats)
      .values(inserted.map(({ id }, i) => ({ eventId: id, capacity: rows[i].maxApplications ?? null, taken: rows[i].seatsTaken ?? 0 })));
  }

  /**
   * Every event as it is now (not the visitors' cached list), by club then name: the super
   * admin's view, which must show an event created or assigned a moment ago.
   */
  async findAllByClub(editionId: number): Promise<EventRow[]> {
    return await this.selectWithSeats(this.database.db)
      .where(eq(events.editionId, editionId))
      .orderBy(sql`${events.clubInCharge} asc nulls last`, asc(events.name));
  }

  /**
   * The event's row, locked until the caller's transaction ends. FOR NO KEY UPDATE, so changes of
   * who runs the event (an invitation, its answer, an admin leaving) take turns, while
   * registrations, whose foreign keys take only KEY SHARE locks on the row, never wait for them.
   */
  async lock(id: string, executor: Executor): Promise<EventRow | undefined> {
    const [row] = await this.selectWithSeats(executor).where(eq(events.id, id)).for('no key update', { of: events });
    return row;
  }

  /** Takes a deleted account off every event's staff in-charges: its entries by account, or by the address typed for it. */
  async removeStaffInCharge(userId: string, email: string, executor: Executor): Promise<void> {
    // coalesce: an entry without an account (adminId null) is not theirs, rather than unknown.
    const theirs = sql`(coalesce(entry ->> 'adminId', '') = ${userId} or coalesce(entry ->> 'email', '') = ${email})`;
    await executor
      .update(events)
      .set({
        staffInCharges: sql`(select coalesce(jsonb_agg(entry order by place) filter (where not ${theirs}), '[]'::jsonb) from jsonb_array_elements(${events.staffInCharges}) with ordinality as listed(entry, place))`,
        updatedAt: sql`now()`,
      })
      .where(
        sql`(${events.staffInCharges} @> ${JSON.stringify([{ adminId: userId }])}::jsonb or ${events.staffInCharges} @> ${JSON.stringify([{ email }])}::jsonb)`,
      );
  }

  /** Adds the person to the event's staff in-charges, unless one with their e-mail is listed already. */
  async addStaffInCharge(id: string, staff: StaffInCharge, executor: Executor): Promise<void> {
    await executor
      .update(events)
      .set({ staffInCharges: sql`${events.staffInCharges} || ${JSON.stringify([staff])}::jsonb`, updatedAt: sql`now()` })
      .where(and(eq(events.id, id), sql`not ${events.staffInCharges} @> ${JSON.stringify([{ email: staff.email }])}::jsonb`));
  }

  /**
   * The statement that takes one seat if the event is of the given type, of the open edition,
   * active, before its deadline and not full, answering the event's id; no row when no seat was taken. These are
   * the conditions of `seat-rule.ts`, checked here against the live row: the check and the
   * increment are one UPDATE, so concurrent callers cannot overbook. `now` is the service's
   * clock, so a test that moves time moves the deadline check too. It is a fragment: the caller
   * makes it part of the statement that records what the seat is for.
   *
   * A `free` claim takes a seat nobody holds; a `held` claim takes one of the seats held for the
   * waitlist's offers (the caller has checked the offer is theirs), turning it from held to taken.
   */
  seatClaim(id: string, type: EventType, now: Date, openEdition: SQL, claim: SeatClaimKind = 'free'): SQL {
    const seatIsThere =
      claim === 'held'
        ? gt(eventSeats.held, 0)
        : // Seats held for the waitlist's offers are not free: only the offer's student may take one.
          or(isNull(eventSeats.capacity), lt(sql`${eventSeats.taken} + ${eventSeats.held}`, eventSeats.capacity));
    return this.database.db
      .update(eventSeats)
      .set(claim === 'held' ? { taken: sql`${eventSeats.taken} + 1`, held: sql`${eventSeats.held} - 1` } : { taken: sql`${eventSeats.taken} + 1` })
      .from(events)
      .where(
        and(
          eq(eventSeats.eventId, id),
          eq(events.id, eventSeats.eventId),
          eq(events.eventType, type),
          // A closed edition's events are its archive: they take nobody.
          eq(events.editionId, openEdition),
          eq(events.isActive, true),
          or(isNull(events.registrationDeadline), gt(events.registrationDeadline, now)),
          // Registration closes when the event starts, whatever its deadline says.
          or(isNull(events.eventDate), gt(events.eventDate, now)),
          seatIsThere,
        ),
      )
      .returning({ eventId: eventSeats.eventId })
      .getSQL();
  }

  /**
   * Every event's seat numbers and nothing else: the live seat counts read this once a second
   * while anyone watches. Every event is listed (the list has no filter) and every seat row
   * belongs to an event (its key is the event's, deleted with it), so the narrow table alone
   * answers, without the wide events rows.
   */
  async seatCounts(): Promise<SeatNumbers[]> {
    return await this.database.db
      .select({ id: eventSeats.eventId, maxApplications: eventSeats.capacity, seatsTaken: eventSeats.taken, seatsHeld: eventSeats.held })
      .from(eventSeats);
  }

  private selectWithSeats(executor: Executor) {
    return executor.select(withSeats).from(events).innerJoin(eventSeats, eq(eventSeats.eventId, events.id)).$dynamic();
  }
}
