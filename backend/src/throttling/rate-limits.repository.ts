import { Injectable } from '@nestjs/common';
import { lt, sql } from 'drizzle-orm';
import { type AccountTraces, mentions } from '../common/erasure.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { rateLimits } from '../database/schema/rate-limits.js';

/** Fixed-window hit counters in PostgreSQL, so every app instance sees the same counts. */
@Injectable()
export class RateLimitsRepository {
  constructor(private readonly database: DatabaseService) {}

  /**
   * Counts one hit and answers the window's total and the seconds until it resets. The window
   * is the database's `now()`, not the app's clock: every instance must count into the same
   * window, and the insert-or-increment decides it in one statement.
   */
  async hit(key: string, windowSeconds: number): Promise<{ hits: number; retryAfterSeconds: number }> {
    const window = sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds})`;
    const [row] = await this.database.db
      .insert(rateLimits)
      .values({ key, windowStart: window, expiresAt: sql`${window} + make_interval(secs => ${windowSeconds})` })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
      .returning({ hits: rateLimits.hits, retryAfterSeconds: sql<number>`ceil(extract(epoch from ${rateLimits.expiresAt} - now()))::int` });
    return row;
  }

  /** Deletes the counters whose key names the account (its address), for its deletion. */
  async deleteMentioning(traces: AccountTraces, executor: Executor): Promise<void> {
    await executor.delete(rateLimits).where(mentions(rateLimits.key, traces));
  }

  /** Measured against the database's time, like the windows it removes. */
  async deleteExpired(): Promise<void> {
    await this.database.db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
  }
}
