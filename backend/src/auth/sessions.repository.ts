import { Injectable } from '@nestjs/common';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { once } from '../common/once.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { sessions } from '../database/schema/sessions.js';

type SessionRow = typeof sessions.$inferSelect;

@Injectable()
export class SessionsRepository {
  constructor(private readonly database: DatabaseService) {}

  async insert(session: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await this.database.db.insert(sessions).values(session).returning();
    return row;
  }

  /** The live session with this token hash at `now`, or nothing when ended, expired or idle too long. */
  async findLive(tokenHash: string, now: Date, idleSeconds: number): Promise<SessionRow | undefined> {
    const [row] = await this.findLiveStatement().execute({ tokenHash, now, idleSince: new Date(now.getTime() - idleSeconds * 1000) });
    return row;
  }

  /** Every signed-in request runs this lookup, so it is built and planned once per connection. */
  private findLiveStatement = once(() =>
    this.database.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        ),
      )
      .prepare('find_live_session'),
  );

  async touch(id: string, now: Date): Promise<void> {
    await this.database.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.database.db.delete(sessions).where(eq(sessions.id, id));
  }

  /** Ends every session of a user, but the one given (the device that changed the password). */
  async deleteAllOfUser(userId: string, keepSessionId: string | undefined, executor: Executor = this.database.db): Promise<void> {
    await executor.delete(sessions).where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
  }

  async deleteEnded(now: Date, idleSeconds: number): Promise<void> {
    await this.database.db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - idleSeconds * 1000))));
  }
}
