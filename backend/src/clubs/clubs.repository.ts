import { Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type ClubRow, clubs } from '../database/schema/clubs.js';

/** The constraint that refuses a second club of one name, whatever its case. */
export const ONE_CLUB_PER_NAME = 'clubs_name_unique_ci';

/** The only place that queries `clubs`. */
@Injectable()
export class ClubsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Every club, A to Z. */
  list(executor: Executor = this.database.db): Promise<ClubRow[]> {
    return executor.select().from(clubs).orderBy(asc(clubs.name));
  }

  async findById(id: string, executor: Executor = this.database.db): Promise<ClubRow | undefined> {
    const [row] = await executor.select().from(clubs).where(eq(clubs.id, id));
    return row;
  }

  /**
   * The club of this exact name, its row share-locked in the caller's transaction: a retirement
   * (which locks it for update) waits until the event, admin or invitation naming it commits.
   */
  async findByNameForShare(name: string, executor: Executor): Promise<ClubRow | undefined> {
    const [row] = await executor.select().from(clubs).where(eq(clubs.name, name)).for('share');
    return row;
  }

  async findByName(name: string, executor: Executor = this.database.db): Promise<ClubRow | undefined> {
    const [row] = await executor.select().from(clubs).where(eq(clubs.name, name));
    return row;
  }

  async insert(values: { name: string; description: string }, at: Date, executor: Executor): Promise<ClubRow> {
    const [row] = await executor
      .insert(clubs)
      .values({ ...values, createdAt: at, updatedAt: at })
      .returning();
    return row;
  }

  /** Changes the club's row, locked for update first by `lockById`; a new name follows into every row naming it (ON UPDATE CASCADE). */
  async update(id: string, changes: Partial<Pick<ClubRow, 'name' | 'description' | 'retiredAt'>>, at: Date, executor: Executor): Promise<ClubRow | undefined> {
    const [row] = await executor
      .update(clubs)
      .set({ ...changes, updatedAt: at })
      .where(eq(clubs.id, id))
      .returning();
    return row;
  }

  async lockById(id: string, executor: Executor): Promise<ClubRow | undefined> {
    const [row] = await executor.select().from(clubs).where(eq(clubs.id, id)).for('update');
    return row;
  }
}
