import { Injectable } from '@nestjs/common';
import { and, asc, eq, getTableColumns, gt, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type EventRow, eventSeats, events, type EventType, type NewEventRow, type StaffInCharge } from '../database/schema/events.js';

const withSeats = { ...getTableColumns(events), maxApplications: eventSeats.capacity, seatsTaken: eventSeats.taken };

/** The only place that queries the events and event_seats tables. */
@Injectable()
export class EventsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** A real promise, not Drizzle's lazy query (which runs again on every await), so callers may share it. */
  async findAll(): Promise<EventRow[]> {
    return await this.selectWithSeats(this.database.db).orderBy(asc(events.eventDate), asc(events.name));
  }

  async findById(id: string, executor: Executor = this.database.db): Promise<EventRow | undefined> {
    const [row] = await this.selectWithSeats(executor).where(eq(events.id, id));
    return row;
  }

  findByIds(ids: string[]): Promise<EventRow[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.selectWithSeats(this.database.db).where(inArray(events.id, ids));
  }

  async insertMany(rows: NewEventRow[], executor: Executor = this.database.db): Promise<void> {
    if (rows.length === 0) return;
    const inserted = await executor.insert(events).values(rows).returning({ id: events.id });
    await executor
      .insert(eventSeats)
      .values(inserted.map(({ id }, i) => ({ eventId: id, capacity: rows[i].maxApplications ?? null, taken: rows[i].seatsTaken ?? 0 })));
  }

  /**
   * Every event as it is now (not the visitors' cached list), by club then name: the super
   * admin's view, which must show an event created or assigned a moment ago.
   */
  async findAllByClub(): Promise<EventRow[]> {
    return await this.selectWithSeats(this.database.db).orderBy(sql`${events.clubInCharge} asc nulls last`, asc(events.name));
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

  /** Adds the person to the event's staff in-charges, unless one with their e-mail is listed already. */
  async addStaffInCharge(id: string, staff: StaffInCharge, executor: Executor): Promise<void> {
    await executor
      .update(events)
      .set({ staffInCharges: sql`${events.staffInCharges} || ${JSON.stringify([staff])}::jsonb`, updatedAt: sql`now()` })
      .where(and(eq(events.id, id), sql`not ${events.staffInCharges} @> ${JSON.stringify([{ email: staff.email }])}::jsonb`));
  }

  /**
   * The statement that takes one seat if the event is of the given type, active, before its
   * deadline and not full, answering the event's id; no row when no seat was taken. These are
   * the conditions of `seat-rule.ts`, checked here against the live row: the check and the
   * increment are one UPDATE, so concurrent callers cannot overbook. `now` is the service's
   * clock, so a test that moves time moves the deadline check too. It is a fragment: the caller
   * makes it part of the statement that records what the seat is for.
   */
  seatClaim(id: string, type: EventType, now: Date): SQL {
    return this.database.db
      .update(eventSeats)
      .set({ taken: sql`${eventSeats.taken} + 1` })
      .from(events)
      .where(
        and(
          eq(eventSeats.eventId, id),
          eq(events.id, eventSeats.eventId),
          eq(events.eventType, type),
          eq(events.isActive, true),
          or(isNull(events.registrationDeadline), gt(events.registrationDeadline, now)),
          or(isNull(eventSeats.capacity), lt(eventSeats.taken, eventSeats.capacity)),
        ),
      )
      .returning({ eventId: eventSeats.eventId })
      .getSQL();
  }

  private selectWithSeats(executor: Executor) {
    return executor.select(withSeats).from(events).innerJoin(eventSeats, eq(eventSeats.eventId, events.id)).$dynamic();
  }
}
