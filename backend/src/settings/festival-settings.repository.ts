import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { festivalSettings, type FestivalSettingsRow } from '../database/schema/festival-settings.js';

export type SavedSettings = Omit<FestivalSettingsRow, 'id' | 'version' | 'updatedAt'>;

/** The only place that queries `festival_settings`, a table of at most one row. */
@Injectable()
export class FestivalSettingsRepository {
  constructor(private readonly database: DatabaseService) {}

  async find(executor: Executor = this.database.db): Promise<FestivalSettingsRow | undefined> {
    const [row] = await executor.select().from(festivalSettings).where(eq(festivalSettings.id, 1));
    return row;
  }

  /**
   * Writes the settings as version `readVersion + 1`, if the stored version is still
   * `readVersion` (0: nothing saved yet). Answers the row written, or nothing when another save
   * came first: the conditional update (or the primary key, for the first save) decides, so two
   * saves of one version never both land.
   */
  async saveOver(readVersion: number, settings: SavedSettings, at: Date, executor: Executor): Promise<FestivalSettingsRow | undefined> {
    const values = { ...settings, version: readVersion + 1, updatedAt: at };
    if (readVersion === 0) {
      const [inserted] = await executor.insert(festivalSettings).values(values).onConflictDoNothing().returning();
      return inserted;
    }
    const [updated] = await executor
      .update(festivalSettings)
      .set(values)
      .where(sql`${festivalSettings.id} = 1 and ${festivalSettings.version} = ${readVersion}`)
      .returning();
    return updated;
  }
}
