import { Injectable } from '@nestjs/common';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service.js';
import { type RegistrationRow, type RegistrationStatus, registrations } from '../database/schema/registrations.js';

@Injectable()
export class RegistrationsRepository {
  constructor(private readonly database: DatabaseService) {}

  /**
   * Records the registration in the same statement as `seatClaim`, which takes its seat: one
   * round trip, one transaction. Nothing is recorded (and no seat taken) when the claim finds no
   * seat; a unique violation when the student already holds a registration for the event.
   */
  async insertWithSeat(userId: string, status: RegistrationStatus, seatClaim: SQL): Promise<RegistrationRow | undefined> {
    // Both drivers (pg and PGlite) answer raw statements with { rows }.
    const result = (await this.database.db.execute(sql`
      with seat as (${seatClaim})
      insert into ${registrations} (event_id, user_id, status)
      select event_id, ${userId}, ${status} from seat
      returning id, event_id, user_id, status, applied_at`)) as { rows: Record<string, unknown>[] };
    const row = result.rows[0];
    return (
      row && {
        id: String(row.id),
        eventId: String(row.event_id),
        userId: String(row.user_id),
        status: row.status as RegistrationStatus,
        appliedAt: new Date(row.applied_at as string | Date),
      }
    );
  }

  findByUser(userId: string): Promise<RegistrationRow[]> {
    return this.database.db.select().from(registrations).where(eq(registrations.userId, userId)).orderBy(desc(registrations.appliedAt));
  }
}
