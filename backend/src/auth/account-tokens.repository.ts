import { Injectable } from '@nestjs/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type AccountTokenPurpose, accountTokens } from '../database/schema/sessions.js';

/** Reset links. Each works once: using one is a single conditional UPDATE. Times come from the service's clock. */
@Injectable()
export class AccountTokensRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Records a new link and retires the user's earlier unused ones for the same purpose. */
  async issue(
    userId: string,
    purpose: AccountTokenPurpose,
    tokenHash: string,
    { now, expiresAt }: { now: Date; expiresAt: Date },
    executor: Executor,
  ): Promise<void> {
    await executor
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    await executor.insert(accountTokens).values({ userId, purpose, tokenHash, expiresAt, createdAt: now });
  }

  /** Deletes every link of the account, used or not (its deletion). */
  async deleteAllOfUser(userId: string, executor: Executor): Promise<void> {
    await executor.delete(accountTokens).where(eq(accountTokens.userId, userId));
  }

  /** Whether the link would still work now: a look, without using it. */
  async isUsable(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<boolean> {
    const [row] = await this.database.db
      .select({ userId: accountTokens.userId })
      .from(accountTokens)
      .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)));
    return row !== undefined;
  }

  /** Marks the link used and answers its user, or nothing when it is unknown, used or expired. */
  async consume(tokenHash: string, purpose: AccountTokenPurpose, now: Date, executor: Executor): Promise<string | undefined> {
    const [row] = await executor
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
      .returning({ userId: accountTokens.userId });
    return row?.userId;
  }
}
