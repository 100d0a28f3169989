import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
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

  /** Each waiting entry's 1-based place in its event's line, by entry id. */
  async placesOf(entries: readonly WaitlistEntryRow[], executor: Executor = this.database.db): Promise<Map<string, number>> {
    const waiting = entries.filter((entry) => entry.status === 'waiting');
    if (waiting.length === 0) return new Map();
    const ahead = (entry: WaitlistEntryRow) => sql`(
      select count(*)::int from ${waitlistEntries} ahead
      where ahead.event_id = ${entry.eventId}::uuid and ahead.status = 'waiting'
        and (ahead.joined_at, ahead.id) <= (${entry.joinedAt.toISOString()}::timestamptz, ${entry.id}::uuid))`;
    const places = await Promise.all(
      waiting.map(async (entry) => {
        const result = (await executor.execute(sql`select ${ahead(entry)} as place`)) as { rows: { place: number }[] };
        return [entry.id, result.rows[0].place] as const;
      }),
    );
    return new Map(places);
  }

  /**
   * Offers seats to the `count` oldest waiting entries of the event (all of them for `null`),
   * answering the entries offered. The caller holds the event's seat row, so fills of one event
   * take turns and each reads the line as the last one left it.
   */
  async offerToHeads(eventId: string, count: number | null, now: Date, expiresAt: Date, executor: Executor): Promise<WaitlistEntryRow[]> {
    if (count !== null && count <= 0) return [];
    const heads = executor
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(...lineOrder)
      .limit(count ?? Number.MAX_SAFE_INTEGER)
      .for('update');
    return executor
      .update(waitlistEntries)
      .set({ status: 'offered', offeredAt: now, offerExpiresAt: expiresAt })
      .where(and(inArray(waitlistEntries.id, heads), eq(waitlistEntries.status, 'waiting')))
      .returning();
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

  /** The events with offers past their expiry at `now`, at most `limit` (the sweep's work list). */
  async eventsWithDueOffers(now: Date, limit: number): Promise<string[]> {
    const rows = await this.database.db
      .selectDistinct({ eventId: waitlistEntries.eventId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
      .limit(limit);
    return rows.map((row) => row.eventId);
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
