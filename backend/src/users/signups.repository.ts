import { Injectable } from '@nestjs/common';
import { and, countDistinct, desc, eq, gt, lt, notExists, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type NewSignupRow, type SignupRow, signups, users } from '../database/schema/users.js';

/** The only place that queries the pending sign-ups. A sign-up past its expiry (at the service's `now`) counts as gone. */
@Injectable()
export class SignupsRepository {
  constructor(private readonly database: DatabaseService) {}

  async insert(signup: NewSignupRow, executor: Executor): Promise<void> {
    await executor.insert(signups).values(signup);
  }

  async findByLink(linkTokenHash: string, now: Date): Promise<SignupRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(signups)
      .where(and(eq(signups.linkTokenHash, linkTokenHash), gt(signups.expiresAt, now)));
    return row;
  }

  /** The newest waiting sign-ups for an address. */
  waitingFor(email: string, now: Date, limit: number): Promise<SignupRow[]> {
    return this.database.db
      .select()
      .from(signups)
      .where(and(eq(signups.email, email), gt(signups.expiresAt, now)))
      .orderBy(desc(signups.createdAt))
      .limit(limit);
  }

  /**
   * Removes the sign-up whose link this is and answers it, or nothing when it is unknown, expired,
   * already taken, or bound to another browser than the one given. One DELETE: of two racing
   * uses of a link, only one gets the row.
   */
  async take(linkTokenHash: string, browserTokenHash: string | undefined, now: Date, executor: Executor): Promise<SignupRow | undefined> {
    const [row] = await executor
      .delete(signups)
      .where(
        and(
          eq(signups.linkTokenHash, linkTokenHash),
          gt(signups.expiresAt, now),
          browserTokenHash === undefined ? undefined : eq(signups.browserTokenHash, browserTokenHash),
        ),
      )
      .returning();
    return row;
  }

  /** Gives a sign-up a new link (the old one stops working) and a new expiry. */
  async renewLink(id: string, linkTokenHash: string, expiresAt: Date, executor: Executor): Promise<boolean> {
    const renewed = await executor.update(signups).set({ linkTokenHash, expiresAt }).where(eq(signups.id, id)).returning({ id: signups.id });
    return renewed.length > 0;
  }

  /** Addresses with a sign-up still waiting for its link and no account yet (one address may wait with several). */
  async countWaitingAddresses(now: Date): Promise<number> {
    const [row] = await this.database.db
      .select({ waiting: countDistinct(signups.email) })
      .from(signups)
      .where(
        and(
          gt(signups.expiresAt, now),
          notExists(
            this.database.db
              .select({ one: sql`1` })
              .from(users)
              .where(eq(users.email, signups.email)),
          ),
        ),
      );
    return row.waiting;
  }

  async deleteFor(email: string, executor: Executor = this.database.db): Promise<void> {
    await executor.delete(signups).where(eq(signups.email, email));
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.database.db.delete(signups).where(lt(signups.expiresAt, now));
  }
}
