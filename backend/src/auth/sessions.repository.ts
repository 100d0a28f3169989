import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
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

  /**
   * The live session of a token hash (`tokenHash`), at `now`, used since `idleSince`: its id, its
   * user and when it was last used, as a fragment whose values are placeholders. The users
   * module joins its user to it, so every signed-in request resolves its session and its user in
   * one prepared statement, each module's SQL reading its own table (see docs/architecture.md).
   */
  readonly liveSession = once(() =>
    this.database.db
      .select({ id: sessions.id, userId: sessions.userId, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        ),
      )
      .getSQL(),
  );

  /** The account's sessions still kept, newest first. */
  ofUser(userId: string): Promise<SessionRow[]> {
    return this.database.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt));
  }

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
