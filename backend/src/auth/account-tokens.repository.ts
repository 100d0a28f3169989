import { Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../database/database.service.js';
import { type AccountTokenPurpose, accountTokens } from '../database/schema/sessions.js';

/** Verification and reset links. Each works once: using one is a single conditional UPDATE. */
@Injectable()
export class AccountTokensRepository {
  /** Records a new link and retires the user's earlier unused ones for the same purpose. */
  async issue(userId: string, purpose: AccountTokenPurpose, tokenHash: string, expiresAt: Date, executor: Executor): Promise<void> {
    await executor
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    await executor.insert(accountTokens).values({ userId, purpose, tokenHash, expiresAt });
  }

  /** Marks the link used and answers its user, or nothing when it is unknown, used or expired. */
  async consume(tokenHash: string, purpose: AccountTokenPurpose, executor: Executor): Promise<string | undefined> {
    const [row] = await executor
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(accountTokens.tokenHash, tokenHash),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: accountTokens.userId });
    return row?.userId;
  }
}
