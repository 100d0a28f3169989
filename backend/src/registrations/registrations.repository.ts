import { Injectable } from '@nestjs/common';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { once } from '../common/once.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type RegistrationRow, type RegistrationStatus, registrations } from '../database/schema/registrations.js';

/** The unique (event, student) pair: a second registration of one student for one event. */
export const ONE_PER_STUDENT = 'registrations_one_per_student';

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
    // Both drivers (pg and PGlite) answer raw statements with { rows }.
    const result = (await executor.execute(sql`
      with seat as (${seatClaim})
      insert into ${registrations} (event_id, user_id, team_id, status)
      select seat.event_id, participant.id, ${teamId}::uuid, ${status} from seat cross join (values ${participants}) as participant (id)
      returning id, event_id, user_id, team_id, status, applied_at`)) as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => ({
      id: String(row.id),
      eventId: String(row.event_id),
      userId: String(row.user_id),
      teamId: (row.team_id as string | null) ?? null,
      status: row.status as RegistrationStatus,
      appliedAt: new Date(row.applied_at as string | Date),
    }));
  }

  /** Whether the student holds any registration, whatever its status. */
  async existsForUser(userId: string, executor: Executor): Promise<boolean> {
    const [row] = await executor.select({ id: registrations.id }).from(registrations).where(eq(registrations.userId, userId)).limit(1);
    return row !== undefined;
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
