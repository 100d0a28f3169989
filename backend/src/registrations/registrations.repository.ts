import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { once } from '../common/once.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type RegistrationRow, type RegistrationStatus, registrations } from '../database/schema/registrations.js';
import type { Chosen, Decision } from './registrations.dto.js';

/** The unique (event, student) pair: a second registration of one student for one event. */
export const ONE_PER_STUDENT = 'registrations_one_per_student';

/** A registration that holds a seat: waiting for approval or approved (a rejected one gave its seat back). */
const STANDING = inArray(registrations.status, ['pending', 'approved']);

/** One student's attendance as an admin marks it. */
export interface PresenceMark {
  userId: string;
  isPresent: boolean;
}

/** The only place that queries the registrations table. */
@Injectable()
export class RegistrationsRepository {
  constructor(private readonly database: DatabaseService) {}

  /**
   * Records one registration per participant in the same statement as `seatClaim`, which takes
   * their one seat: one round trip, one transaction. Nothing is recorded (and no seat taken)
   * when the claim finds no seat; a unique violation when a participant already holds a
   * registration for the event.
   */
  async insertWithSeat(
    { userIds, status, teamId }: { userIds: readonly string[]; status: RegistrationStatus; teamId: string | null },
    seatClaim: SQL,
    executor: Executor = this.database.db,
  ): Promise<RegistrationRow[]> {
    const participants = sql.join(
      userIds.map((id) => sql`(${id}::uuid)`),
      sql`, `,
    );
    // One ticket code for the seat, shared by every participant row (a team's members). Both
    // drivers (pg and PGlite) answer raw statements with { rows }.
    const result = (await executor.execute(sql`
      with seat as (${seatClaim}), ticket as (select new_ticket_code() as code)
      insert into ${registrations} (event_id, user_id, team_id, status, ticket_code)
      select seat.event_id, participant.id, ${teamId}::uuid, ${status}, ticket.code
      from seat cross join ticket cross join (values ${participants}) as participant (id)
      returning id, event_id, user_id, team_id, status, applied_at, ticket_code`)) as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => ({
      id: String(row.id),
      eventId: String(row.event_id),
      userId: String(row.user_id),
      teamId: (row.team_id as string | null) ?? null,
      status: row.status as RegistrationStatus,
      appliedAt: new Date(row.applied_at as string | Date),
      ticketCode: String(row.ticket_code),
      isPresent: false,
      checkedInAt: null,
    }));
  }

  /** Whether the student holds any registration, whatever its status. */
  async existsForUser(userId: string, executor: Executor): Promise<boolean> {
    const [row] = await executor.select({ id: registrations.id }).from(registrations).where(eq(registrations.userId, userId)).limit(1);
    return row !== undefined;
  }

  /** Every registration of the events, oldest application first. */
  findByEvents(eventIds: readonly string[], executor: Executor = this.database.db): Promise<RegistrationRow[]> {
    if (eventIds.length === 0) return Promise.resolve([]);
    return executor
      .select()
      .from(registrations)
      .where(inArray(registrations.eventId, [...eventIds]))
      .orderBy(asc(registrations.appliedAt), asc(registrations.id));
  }

  /**
   * Decides the pending registrations of the event that the students or teams name: a student of
   * a registered team names their whole team, which holds one seat. The rows are locked in id
   * order first (two bulk decisions cannot deadlock) and only rows still pending once locked are
   * changed, so a registration is decided once however many decisions race. Answers the rows it
   * changed.
   */
  async decidePending(eventId: string, { userIds, teamIds }: Chosen, status: Decision, executor: Executor): Promise<RegistrationRow[]> {
    const named: SQL[] = [];
    if (userIds.length > 0) {
      const byStudent = inArray(registrations.userId, [...userIds]);
      const teamsOfStudents = executor
        .select({ teamId: registrations.teamId })
        .from(registrations)
        .where(and(eq(registrations.eventId, eventId), byStudent, isNotNull(registrations.teamId)));
      named.push(byStudent, inArray(registrations.teamId, teamsOfStudents));
    }
    if (teamIds.length > 0) named.push(inArray(registrations.teamId, [...teamIds]));
    if (named.length === 0) return [];
    const pending = and(eq(registrations.eventId, eventId), eq(registrations.status, 'pending'));
    const locked = executor
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(pending, or(...named)))
      .orderBy(asc(registrations.id))
      .for('update');
    return executor
      .update(registrations)
      .set({ status })
      .where(and(inArray(registrations.id, locked), pending))
      .returning();
  }

  /** The event's registrations that hold a seat (pending or approved), oldest application first: who may come on the day. */
  findStanding(eventId: string, executor: Executor = this.database.db): Promise<RegistrationRow[]> {
    return executor
      .select()
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), STANDING))
      .orderBy(asc(registrations.appliedAt), asc(registrations.id));
  }

  /** The registrations that hold a seat under the ticket: one for a solo student, every member of a team. */
  findStandingByTicket(code: string): Promise<RegistrationRow[]> {
    return this.database.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.ticketCode, code), STANDING))
      .orderBy(asc(registrations.appliedAt), asc(registrations.id));
  }

  /**
   * Marks the students of the event present or absent, in one statement: `checked_in_at` is set
   * with presence and cleared with absence. A row already in the state asked for is left as it
   * is, so a repeat (or the same request racing itself, which waits on the row lock and then
   * re-reads it) changes nothing. Answers how many rows it changed.
   */
  async markPresence(eventId: string, marks: readonly PresenceMark[], now: Date, executor: Executor = this.database.db): Promise<number> {
    if (marks.length === 0) return 0;
    const asked = sql.join(
      marks.map(({ userId, isPresent }) => sql`(${userId}::uuid, ${isPresent}::boolean)`),
      sql`, `,
    );
    const result = (await executor.execute(sql`
      update ${registrations} set is_present = asked.present, checked_in_at = case when asked.present then ${now.toISOString()}::timestamptz end
      from (values ${asked}) as asked (user_id, present)
      where ${registrations.eventId} = ${eventId} and ${registrations.userId} = asked.user_id
        and ${registrations.status} in ('pending', 'approved') and ${registrations.isPresent} is distinct from asked.present
      returning ${registrations.userId}`)) as { rows: { user_id: string }[] };
    return result.rows.length;
  }

  /** A student's registrations, newest first. */
  findByUser(userId: string): Promise<RegistrationRow[]> {
    return this.findByUserStatement().execute({ userId });
  }

  /** Every signed-in student's event list reads this, so it is built and planned once per connection. */
  private findByUserStatement = once(() =>
    this.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.userId, sql.placeholder('userId')))
      .orderBy(desc(registrations.appliedAt))
      .prepare('find_registrations_of_user'),
  );
}
