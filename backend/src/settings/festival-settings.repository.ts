import { Injectable } from '@nestjs/common';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type EditionRow, editions, festivalSettings, type FestivalSettingsRow } from '../database/schema/festival-settings.js';

export type SavedSettings = Omit<FestivalSettingsRow, 'id' | 'version' | 'updatedAt'>;

/**
 * The open edition's id, as a subquery for a statement of another module: an event inserted by it
 * joins the edition open when it runs, even on an instance whose settings are a moment old.
 */
export const OPEN_EDITION: SQL = sql`(select ${editions.id} from ${editions} where ${editions.closedAt} is null)`;

/** The only place that queries `festival_settings` (a table of at most one row) and `editions`. */
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

  /** Every edition, the latest first. */
  async editions(): Promise<EditionRow[]> {
    return await this.database.db.select().from(editions).orderBy(desc(editions.id));
  }

  /**
   * Closes the open edition `id`, recording the festival as it was; nothing when it is no longer
   * open (another start came first).
   */
  async close(
    id: number,
    closing: Pick<EditionRow, 'name' | 'firstDay' | 'lastDay' | 'closedAt' | 'earlyCloseReason'>,
    executor: Executor,
  ): Promise<EditionRow | undefined> {
    const [closed] = await executor
      .update(editions)
      .set(closing)
      .where(sql`${editions.id} = ${id} and ${editions.closedAt} is null`)
      .returning();
    return closed;
  }

  /** Opens a new edition (the unique index refuses a second open one). */
  async open(startedAt: Date, executor: Executor): Promise<EditionRow> {
    const [opened] = await executor.insert(editions).values({ startedAt }).returning();
    return opened;
  }
}
