import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { once } from '../common/once.js';
import { newTicketCode } from '../common/ticket-code.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type RegistrationRow, type RegistrationStatus, registrations } from '../database/schema/registrations.js';
import type { Chosen, RegistrationDecision } from './registrations.dto.js';

/** The unique (event, student) pair: a second registration of one student for one event. */
export const ONE_PER_STUDENT = 'registrations_one_per_student';

/** One event's registrations as the dashboards count them (students, team members one by one). */
export interface EventTally {
  eventId: string;
  /** Every registration, whatever its status. */
  applications: number;
  /** Pending or approved: the students holding a place. */
  participants: number;
  /** The teams among those. */
  teams: number;
  /** Participants marked present at the door. */
  present: number;
  /** Participants who applied since the given moment. */
  recent: number;
}

/** A registration that still holds its place: pending or approved. */
const standing = ne(registrations.status, 'rejected');
/** The caller's events; `undefined` is every event (the super admin's dashboards), read without a filter. */
const inEvents = (eventIds: readonly string[] | undefined) => (eventIds === undefined ? undefined : inArray(registrations.eventId, [...eventIds]));

/** A row of a raw statement (snake_case columns), as Drizzle's own queries answer it. */
function toRegistrationRow(row: Record<string, unknown>): RegistrationRow {
  return {
    id: String(row.id),
    eventId: String(row.event_id),
    userId: String(row.user_id),
    teamId: (row.team_id as string | null) ?? null,
    status: row.status as RegistrationStatus,
    // The registering statement leaves it out: a new registration has none.
    rejectionReason: (row.rejection_reason as string | null | undefined) ?? null,
    appliedAt: new Date(row.applied_at as string | Date),
    ticketCode: String(row.ticket_code),
    isPresent: row.is_present === true,
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at as string | Date) : null,
    checkedInDoor: (row.checked_in_door as string | null | undefined) ?? null,
    checkedInScan: (row.checked_in_scan as string | null | undefined) ?? null,
    remindedAt: row.reminded_at ? new Date(row.reminded_at as string | Date) : null,
    confirmedAt: row.confirmed_at ? new Date(row.confirmed_at as string | Date) : null,
  };
}

/** `unnest` of the ids as one array parameter: a lateral read per event without one placeholder per id. */
const eventIdArray = (eventIds: readonly string[]) => sql`unnest(${`{${eventIds.join(',')}}`}::uuid[])`;

/** The festival-wide rules' advisory locks: the first key, naming their space (the migrations' lock is 727001). */
const STUDENT_LOCKS = 727002;

/** A student's lock key in that space: 32 bits of their id's hash (a collision only makes two students wait for each other). */
function studentLockKey(userId: string): number {
  return createHash('sha256').update(userId).digest().readInt32BE(0);
}

/** Whose registration is cancelled: a solo student's, or a team's (all its members'). */
export type CancelledSeat = { userId: string; teamId?: undefined } | { teamId: string; userId?: undefined };

/** One student's attendance as an admin marks it. */
export interface PresenceMark {
  userId: string;
  isPresent: boolean;
}

/** A student let in by a door's scan: when the door scanned the ticket, which door, and which scan. */
export interface DoorAdmission {
  userId: string;
  at: Date;
  door: string;
  scanId: string;
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
    // One ticket code for the seat, shared by every participant row (a team's members), made
    // here as new_ticket_code() makes it (`common/ticket-code.ts`): in the statement it cost the
    // database 7 µs of the 59 it spends on a registration, while the seat row is locked
    // (docs/performance.md). Both drivers (pg and PGlite) answer raw statements with { rows }.
    const ticketCode = newTicketCode();
    const result = (await executor.execute(sql`
      with seat as (${seatClaim})
      insert into ${registrations} (event_id, user_id, team_id, status, ticket_code)
      select seat.event_id, participant.id, ${teamId}::uuid, ${status}, ${ticketCode}
      from seat cross join (values ${participants}) as participant (id)
      returning id, event_id, user_id, team_id, status, applied_at, ticket_code, is_present, checked_in_at, reminded_at, confirmed_at`)) as {
      rows: Record<string, unknown>[];
    };
    return result.rows.map(toRegistrationRow);
  }

  /**
   * Takes a transaction-scoped advisory lock per student (the festival-wide rules' lock), in
   * ascending key order, one statement after the other: two registrations naming the same
   * students in any order wait for each other instead of deadlocking. The keys live in their own
   * space (the first number), apart from the migrations' lock.
   */
  async lockStudents(userIds: readonly string[], executor: Executor): Promise<void> {
    const keys = [...new Set(userIds.map(studentLockKey))].sort((a, b) => a - b);
    for (const key of keys) await executor.execute(sql`select pg_advisory_xact_lock(${STUDENT_LOCKS}, ${key}::int)`);
  }

  /** The students' registrations that hold a seat (pending or approved), but those for `exceptEventId`. */
  findStandingOfStudents(userIds: readonly string[], exceptEventId: string, executor: Executor): Promise<RegistrationRow[]> {
    return executor
      .select()
      .from(registrations)
      .where(and(inArray(registrations.userId, [...userIds]), ne(registrations.eventId, exceptEventId), standing));
  }

  /** The events the student holds a place in (pending or approved), theirs or their team's. */
  async findStandingEventIdsOfStudent(userId: string, executor: Executor): Promise<string[]> {
    const rows = await executor
      .selectDistinct({ eventId: registrations.eventId })
      .from(registrations)
      .where(and(eq(registrations.userId, userId), standing));
    return rows.map((row) => row.eventId);
  }

  /** How many students hold a place (pending or approved) in more than `most` events. */
  async countStudentsHoldingMoreThan(most: number): Promise<number> {
    const holders = this.database.db
      .select({ userId: registrations.userId })
      .from(registrations)
      .where(standing)
      .groupBy(registrations.userId)
      .having(sql`count(*) > ${most}`)
      .as('holders');
    const [row] = await this.database.db.select({ count: sql<number>`count(*)::int` }).from(holders);
    return row?.count ?? 0;
  }

  /** The student's registration for the event, if it holds a seat (pending or approved). */
  async findStandingOfStudent(eventId: string, userId: string, executor: Executor = this.database.db): Promise<RegistrationRow | undefined> {
    const [row] = await executor
      .select()
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId), standing));
    return row;
  }

  /**
   * Claims the event's day-before reminders in one statement: every registration holding a seat,
   * of a student among `reminded` (a subquery of account ids), not reminded yet, is stamped and
   * returned. A claim racing another (a second instance's job) waits on the rows' locks and then
   * finds them stamped, so each reminder is claimed once.
   */
  claimReminders(eventId: string, reminded: SQL, now: Date, executor: Executor): Promise<RegistrationRow[]> {
    return executor
      .update(registrations)
      .set({ remindedAt: now })
      .where(and(eq(registrations.eventId, eventId), standing, isNull(registrations.remindedAt), sql`${registrations.userId} in (${reminded})`))
      .returning();
  }

  /** Deletes the standing registrations of the student's solo seat, or of every member of the team, for the event. */
  deleteStanding(eventId: string, whose: CancelledSeat, executor: Executor): Promise<RegistrationRow[]> {
    const seat =
      whose.teamId === undefined ? and(eq(registrations.userId, whose.userId), isNull(registrations.teamId)) : eq(registrations.teamId, whose.teamId);
    return executor
      .delete(registrations)
      .where(and(eq(registrations.eventId, eventId), standing, seat))
      .returning();
  }

  /** Deletes a team member's own row of the team's standing registration (the team keeps its seat); answers whether there was one. */
  async deleteStandingOfTeamMember(eventId: string, userId: string, executor: Executor): Promise<boolean> {
    const rows = await executor
      .delete(registrations)
      .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId), isNotNull(registrations.teamId), standing))
      .returning({ id: registrations.id });
    return rows.length > 0;
  }

  /**
   * Claims up to `limit` registrations not confirmed yet, oldest first, stamping them in one
   * statement: SKIP LOCKED lets several instances' jobs take different rows side by side, and a
   * stamped row is never claimed again.
   */
  claimUnconfirmed(limit: number, now: Date, executor: Executor): Promise<RegistrationRow[]> {
    const due = executor
      .select({ id: registrations.id })
      .from(registrations)
      .where(isNull(registrations.confirmedAt))
      .orderBy(asc(registrations.appliedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return executor.update(registrations).set({ confirmedAt: now }).where(inArray(registrations.id, due)).returning();
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
  async decidePending(eventId: string, { userIds, teamIds }: Chosen, { status, reason }: RegistrationDecision, executor: Executor): Promise<RegistrationRow[]> {
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
      .set({ status, rejectionReason: status === 'rejected' ? reason : null })
      .where(and(inArray(registrations.id, locked), pending))
      .returning();
  }

  /**
   * The students holding a place in the event, as a subquery of one column (`id`): a statement
   * that writes to each of them (an organiser's message) reads them in the database, not here.
   */
  standingStudentIds(eventId: string): SQL {
    return sql`select ${registrations.userId} as id from ${registrations} where ${and(eq(registrations.eventId, eventId), standing)}`;
  }

  /** The event's registrations that hold a seat (pending or approved), oldest application first: who may come on the day. */
  findStanding(eventId: string, executor: Executor = this.database.db): Promise<RegistrationRow[]> {
    return executor
      .select()
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), standing))
      .orderBy(asc(registrations.appliedAt), asc(registrations.id));
  }

  /** The registrations that hold a seat under the tickets: one for a solo student, every member of a team. */
  findStandingByTickets(codes: readonly string[], executor: Executor = this.database.db): Promise<RegistrationRow[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return executor
      .select()
      .from(registrations)
      .where(and(inArray(registrations.ticketCode, [...codes]), standing))
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
      update ${registrations} set is_present = asked.present, checked_in_at = case when asked.present then ${now.toISOString()}::timestamptz end,
        checked_in_door = null, checked_in_scan = null
      from (values ${asked}) as asked (user_id, present)
      where ${registrations.eventId} = ${eventId} and ${registrations.userId} = asked.user_id
        and ${registrations.status} in ('pending', 'approved') and ${registrations.isPresent} is distinct from asked.present
      returning ${registrations.userId}`)) as { rows: { user_id: string }[] };
    return result.rows.length;
  }

  /**
   * Lets students in by door scans, in one statement: an approved registration not yet present, or
   * present since later than the scan (another door's scan, synced first, or a mark made after it),
   * takes the scan's time, door and id; the first scan by time wins whatever order they arrive in.
   * Answers whom it let in.
   */
  async admitAtDoor(eventId: string, admissions: readonly DoorAdmission[], executor: Executor): Promise<string[]> {
    if (admissions.length === 0) return [];
    const asked = sql.join(
      admissions.map(({ userId, at, door, scanId }) => sql`(${userId}::uuid, ${at.toISOString()}::timestamptz, ${door}::text, ${scanId}::uuid)`),
      sql`, `,
    );
    const result = (await executor.execute(sql`
      update ${registrations} set is_present = true, checked_in_at = asked.at, checked_in_door = asked.door, checked_in_scan = asked.scan
      from (values ${asked}) as asked (user_id, at, door, scan)
      where ${registrations.eventId} = ${eventId} and ${registrations.userId} = asked.user_id and ${registrations.status} = 'approved'
        and (not ${registrations.isPresent} or ${registrations.checkedInAt} > asked.at)
      returning ${registrations.userId}`)) as { rows: { user_id: string }[] };
    return result.rows.map((row) => row.user_id);
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

  // ---- the dashboards' aggregates: one statement per panel, whatever the number of events ----

  /**
   * Each of the events' counts (events without registrations have no row). Counted in two steps,
   * per (event, team) and then per event: both are hash aggregates, where `count(distinct team_id)`
   * sorted every registration (docs/performance.md).
   */
  async tallyByEvent(eventIds: readonly string[] | undefined, since: Date): Promise<EventTally[]> {
    if (eventIds?.length === 0) return [];
    const perTeam = this.database.db
      .select({
        eventId: registrations.eventId,
        teamId: registrations.teamId,
        applications: sql<number>`count(*)`.as('applications'),
        participants: sql<number>`count(*) filter (where ${standing})`.as('participants'),
        recent: sql<number>`count(*) filter (where ${standing} and ${registrations.appliedAt} >= ${since})`.as('recent'),
        present: sql<number>`count(*) filter (where ${standing} and ${registrations.isPresent})`.as('present'),
      })
      .from(registrations)
      .where(inEvents(eventIds))
      .groupBy(registrations.eventId, registrations.teamId)
      .as('per_team');
    return this.database.db
      .select({
        eventId: perTeam.eventId,
        applications: sql<number>`sum(${perTeam.applications})::int`,
        participants: sql<number>`sum(${perTeam.participants})::int`,
        teams: sql<number>`(count(*) filter (where ${perTeam.teamId} is not null and ${perTeam.participants} > 0))::int`,
        recent: sql<number>`sum(${perTeam.recent})::int`,
        present: sql<number>`sum(${perTeam.present})::int`,
      })
      .from(perTeam)
      .groupBy(perTeam.eventId);
  }

  /** Standing registrations of the events per day (`YYYY-MM-DD` in the time zone), oldest day first. */
  async countByDay(eventIds: readonly string[] | undefined, timeZone: string): Promise<{ day: string; count: number }[]> {
    if (eventIds?.length === 0) return [];
    const day = sql<string>`to_char(${registrations.appliedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    // Grouped and ordered by position: the zone is a parameter, so the expression could not be repeated as itself.
    return this.database.db
      .select({ day, count: count() })
      .from(registrations)
      .where(and(standing, inEvents(eventIds)))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
  }

  /** Each event's latest `perEvent` standing registrations, newest first: one index range per event. */
  async latestByEvent(eventIds: readonly string[], perEvent: number): Promise<RegistrationRow[]> {
    if (eventIds.length === 0) return [];
    const result = (await this.database.db.execute(sql`
      select latest.* from ${eventIdArray(eventIds)} as event (id) cross join lateral (
        select * from ${registrations}
        where ${registrations.eventId} = event.id and ${standing}
        order by ${registrations.appliedAt} desc, ${registrations.id} desc
        limit ${perEvent}
      ) as latest`)) as { rows: Record<string, unknown>[] };
    return result.rows.map(toRegistrationRow);
  }

  /** Each event's latest `perEvent` teams holding a place, newest registration first. */
  async latestTeamsByEvent(eventIds: readonly string[], perEvent: number): Promise<{ eventId: string; teamId: string }[]> {
    if (eventIds.length === 0) return [];
    const result = (await this.database.db.execute(sql`
      select event.id as event_id, latest.team_id from ${eventIdArray(eventIds)} as event (id) cross join lateral (
        select ${registrations.teamId} as team_id from ${registrations}
        where ${registrations.eventId} = event.id and ${standing} and ${registrations.teamId} is not null
        group by ${registrations.teamId}
        order by max(${registrations.appliedAt}) desc, ${registrations.teamId}
        limit ${perEvent}
      ) as latest`)) as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => ({ eventId: String(row.event_id), teamId: String(row.team_id) }));
  }
}
