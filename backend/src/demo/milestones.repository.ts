import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { appMilestones } from '../database/schema/app-state.js';

/** The only place that queries `app_milestones`: one-time operations, each done once per database. */
@Injectable()
export class MilestonesRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Records the milestone as reached at `at`; nothing when it was already reached (by this or another instance). */
  async claim(key: string, at: Date, executor: Executor): Promise<Date | undefined> {
    const [claimed] = await executor.insert(appMilestones).values({ key, reachedAt: at }).onConflictDoNothing().returning();
    return claimed?.reachedAt;
  }

  /** When the milestone was reached, or nothing when it has not been. */
  async reachedAt(key: string): Promise<Date | undefined> {
    const [row] = await this.database.db.select().from(appMilestones).where(eq(appMilestones.key, key));
    return row?.reachedAt;
  }
}
