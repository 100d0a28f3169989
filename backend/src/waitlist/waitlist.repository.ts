import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type WaitlistEntryRow, type WaitlistStatus, waitlistEntries } from '../database/schema/waitlist.js';

/** The partial unique indexes that keep one open entry per student and per team for an event. */
export const ONE_OPEN_ENTRY = ['waitlist_one_open_per_student', 'waitlist_one_open_per_team'] as const;

const open = inArray(waitlistEntries.status, ['waiting', 'offered']);
/** Oldest first: the line's order, the same as its index (`waitlist_line`). */
const lineOrder = [asc(waitlistEntries.joinedAt), asc(waitlistEntries.id)];

/** The only place that queries the waitlist_entries table. */
@Injectable()
export class WaitlistRepository {
  constructor(private readonly database: DatabaseService) {}

  /** A new waiting entry; a unique violation of `ONE_OPEN_ENTRY` when the student or the team is in line already. */
  async insert(entry: { eventId: string; userId: string; teamId: string | null; joinedAt: Date }, executor: Executor): Promise<WaitlistEntryRow> {
    const [row] = await executor.insert(waitlistEntries).values(entry).returning();
    return row;
  }

  async findById(id: string, executor: Executor = this.database.db): Promise<WaitlistEntryRow | undefined> {
    const [row] = await executor.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
    return row;
  }

  /** The entry, locked until the caller's transaction ends (after the event's seat row: the order every seat change takes). */
  async lock(id: string, executor: Executor): Promise<WaitlistEntryRow | undefined> {
    const [row] = await executor.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
    return row;
  }

  /** The open entries (waiting or offered) of the student, or of the teams, oldest first. */
  findOpenOf(userId: string, teamIds: readonly string[]): Promise<WaitlistEntryRow[]> {
    const whose =
      teamIds.length === 0 ? eq(waitlistEntries.userId, userId) : or(eq(waitlistEntries.userId, userId), inArray(waitlistEntries.teamId, [...teamIds]));
    return this.database.db
      .select()
      .from(waitlistEntries)
      .where(and(open, whose))
      .orderBy(...lineOrder);
  }

  /** Every entry the student holds or held, open or closed, oldest first. */
  allOf(userId: string): Promise<WaitlistEntryRow[]> {
    return this.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.userId, userId))
      .orderBy(...lineOrder);
  }

  /** The events whose lines the student is in (waiting or offered), read in the caller's transaction. */
  async eventIdsInLineOf(userId: string, executor: Executor): Promise<string[]> {
    const rows = await executor
      .select({ eventId: waitlistEntries.eventId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.userId, userId), open));
    return rows.map((row) => row.eventId);
  }

  /** Hands the entry to another holder (a team's new leader), keeping its place. */
  async setHolder(id: string, userId: string, executor: Executor): Promise<void> {
    await executor.update(waitlistEntries).set({ userId }).where(eq(waitlistEntries.id, id));
  }

  /** Each waiting entry's 1-based place in its event's line, by entry id: one statement ranks the lines of all their events. */
  async placesOf(entries: readonly WaitlistEntryRow[], executor: Executor = this.database.db): Promise<Map<string, number>> {
    const waiting = entries.filter((entry) => entry.status === 'waiting');
    if (waiting.length === 0) return new Map();
    const uuids = (ids: readonly string[]) => sql`${`{${[...new Set(ids)].join(',')}}`}::uuid[]`;
    const result = (await executor.execute(sql`
      select id, place from (
        select ${waitlistEntries.id} as id, (row_number() over (partition by ${waitlistEntries.eventId} order by ${waitlistEntries.joinedAt}, ${waitlistEntries.id}))::int as place
        from ${waitlistEntries}
        where ${waitlistEntries.status} = 'waiting' and ${waitlistEntries.eventId} = any(${uuids(waiting.map((entry) => entry.eventId))})
      ) line
      where id = any(${uuids(waiting.map((entry) => entry.id))})`)) as { rows: { id: string; place: number }[] };
    return new Map(result.rows.map((row) => [row.id, row.place]));
  }

  /** The oldest waiting entry of the event, locked; the caller holds the event's seat row, so the line is read as the last change left it. */
  async lockHead(eventId: string, executor: Executor): Promise<WaitlistEntryRow | undefined> {
    const [row] = await executor
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(...lineOrder)
      .limit(1)
      .for('update');
    return row;
  }

  /** Offers a seat to a waiting entry (locked by `lockHead`), held until `expiresAt`. */
  async offer(id: string, now: Date, expiresAt: Date, executor: Executor): Promise<WaitlistEntryRow> {
    const [row] = await executor
      .update(waitlistEntries)
      .set({ status: 'offered', offeredAt: now, offerExpiresAt: expiresAt })
      .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'waiting')))
      .returning();
    return row;
  }

  /** Closes an open entry (accepted, declined, lapsed or left); false when it was not in `from` any more. */
  async close(id: string, from: WaitlistStatus, to: WaitlistStatus, now: Date, executor: Executor): Promise<boolean> {
    const rows = await executor
      .update(waitlistEntries)
      .set({ status: to, closedAt: now })
      .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, from)))
      .returning({ id: waitlistEntries.id });
    return rows.length > 0;
  }

  /** How many of the event's entries hold an offered seat. */
  async countOffered(eventId: string, executor: Executor): Promise<number> {
    const rows = await executor
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, 'offered')));
    return rows.length;
  }

  /** The events with someone waiting in line (the sweep closes the lines of those whose registration is over). */
  async eventsWaiting(): Promise<string[]> {
    const rows = await this.database.db.selectDistinct({ eventId: waitlistEntries.eventId }).from(waitlistEntries).where(eq(waitlistEntries.status, 'waiting'));
    return rows.map((row) => row.eventId);
  }

  /** Who stands in the event's line on their own, as a subquery of one column, `id`. */
  soloStudentIdsInLine(eventId: string): SQL {
    return sql`select ${waitlistEntries.userId} as id from ${waitlistEntries} where ${and(eq(waitlistEntries.eventId, eventId), open, isNull(waitlistEntries.teamId))}`;
  }

  /** The teams standing in the event's line, as a subquery of one column. */
  teamIdsInLine(eventId: string): SQL {
    return sql`select ${waitlistEntries.teamId} from ${waitlistEntries} where ${and(eq(waitlistEntries.eventId, eventId), open, isNotNull(waitlistEntries.teamId))}`;
  }

  /** The event's open entries (waiting or offered), oldest first, read in the caller's transaction. */
  openOfEvent(eventId: string, executor: Executor): Promise<WaitlistEntryRow[]> {
    return executor
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, eventId), open))
      .orderBy(...lineOrder);
  }

  /**
   * Closes the event's entries in the statuses `from` (waiting, or waiting and offered) as `to`,
   * answering them as they were: the line is over, or no longer needed. The caller holds the
   * event's seat row.
   */
  async closeAll(eventId: string, from: readonly WaitlistStatus[], to: WaitlistStatus, now: Date, executor: Executor): Promise<WaitlistEntryRow[]> {
    const whose = and(eq(waitlistEntries.eventId, eventId), inArray(waitlistEntries.status, [...from]));
    const before = await executor
      .select()
      .from(waitlistEntries)
      .where(whose)
      .orderBy(...lineOrder)
      .for('update');
    if (before.length === 0) return [];
    const ids = before.map((entry) => entry.id);
    await executor.update(waitlistEntries).set({ status: to, closedAt: now }).where(inArray(waitlistEntries.id, ids));
    return before;
  }

  /**
   * Lapses the event's offers past their expiry at `now`, answering how many. The caller holds the
   * event's seat row; SKIP LOCKED leaves an offer whose accept holds it to that accept, and the
   * expiry is read again once the row is locked.
   */
  async lapseDue(eventId: string, now: Date, executor: Executor): Promise<number> {
    const due = and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now));
    const locked = executor.select({ id: waitlistEntries.id }).from(waitlistEntries).where(due).for('update', { skipLocked: true });
    const rows = await executor
      .update(waitlistEntries)
      .set({ status: 'lapsed', closedAt: now })
      .where(and(inArray(waitlistEntries.id, locked), due))
      .returning({ id: waitlistEntries.id });
    return rows.length;
  }
}
