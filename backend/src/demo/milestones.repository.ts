import { Injectable } from '@nestjs/common';
import type { Executor } from '../database/database.service.js';
import { appMilestones } from '../database/schema/app-state.js';

/** The only place that queries `app_milestones`: one-time operations, each done once per database. */
@Injectable()
export class MilestonesRepository {
  /** Records the milestone; false when it was already reached (by this or another instance). */
  async claim(key: string, executor: Executor): Promise<boolean> {
    const claimed = await executor.insert(appMilestones).values({ key }).onConflictDoNothing().returning();
    return claimed.length > 0;
  }
}
