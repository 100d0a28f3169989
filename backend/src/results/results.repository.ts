import { Injectable } from '@nestjs/common';
import { asc, eq, inArray, or } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type EventWinnerRow, eventWinners, type NewEventWinnerRow } from '../database/schema/results.js';

/** The only place that queries the event_winners table. */
@Injectable()
export class ResultsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** The places won by the student or by one of their teams. */
  wonBy(userId: string, teamIds: readonly string[]): Promise<EventWinnerRow[]> {
    const byTeam = teamIds.length > 0 ? inArray(eventWinners.teamId, [...teamIds]) : undefined;
    return this.database.db
      .select()
      .from(eventWinners)
      .where(or(eq(eventWinners.userId, userId), byTeam));
  }

  /** The event's winners, first place first. */
  findByEvent(eventId: string, executor: Executor = this.database.db): Promise<EventWinnerRow[]> {
    return executor.select().from(eventWinners).where(eq(eventWinners.eventId, eventId)).orderBy(asc(eventWinners.place));
  }

  /** Which of the events have confirmed winners. */
  async eventsWithWinners(eventIds: string[]): Promise<string[]> {
    if (eventIds.length === 0) return [];
    const rows = await this.database.db.selectDistinct({ eventId: eventWinners.eventId }).from(eventWinners).where(inArray(eventWinners.eventId, eventIds));
    return rows.map((row) => row.eventId);
  }

  /** Puts `winners` in place of the event's earlier ones, in the caller's transaction. */
  async replace(eventId: string, winners: NewEventWinnerRow[], executor: Executor): Promise<EventWinnerRow[]> {
    await executor.delete(eventWinners).where(eq(eventWinners.eventId, eventId));
    return executor.insert(eventWinners).values(winners).returning();
  }
}
