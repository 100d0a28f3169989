import { Injectable } from '@nestjs/common';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { sessions } from '../database/schema/sessions.js';
import { once } from '../common/once.js';
import { type UserRow, users } from '../database/schema/users.js';

export type SessionRow = typeof sessions.$inferSelect;

@Injectable()
export class SessionsRepository {
  constructor(private readonly database: DatabaseService) {}

  async insert(session: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await this.database.db.insert(sessions).values(session).returning();
    return row!;
  }

  /** The live session with this token hash and its user, or nothing when ended, expired or idle too long. */
  async findLive(tokenHash: string, idleSeconds: number): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const [row] = await this.findLiveStatement().execute({ tokenHash, idleSeconds });
    return row;
  }

  /** Every signed-in request runs this lookup, so it is built and planned once per connection. */
  private findLiveStatement = once(() =>
    this.database.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${sql.placeholder('idleSeconds')}::double precision)`),
        ),
      )
      .prepare('find_live_session'),
  );

  async touch(id: string): Promise<void> {
    await this.database.db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.database.db.delete(sessions).where(eq(sessions.id, id));
  }

  /** Ends every session of a user, but the one given (the device that changed the password). */
  async deleteAllOfUser(userId: string, keepSessionId: string | undefined, executor: Executor = this.database.db): Promise<void> {
    await executor.delete(sessions).where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
  }

  async deleteEnded(idleSeconds: number): Promise<void> {
    await this.database.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${idleSeconds})`)));
  }
}
