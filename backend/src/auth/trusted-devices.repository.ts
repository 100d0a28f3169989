import { Injectable } from '@nestjs/common';
import { and, eq, gt, lt } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { trustedDevices } from '../database/schema/sessions.js';

/** The only place that queries `trusted_devices`. Times come from the service's clock. */
@Injectable()
export class TrustedDevicesRepository {
  constructor(private readonly database: DatabaseService) {}

  async isUsedSince(userId: string, tokenHash: string, since: Date): Promise<boolean> {
    const [row] = await this.database.db
      .select({ userId: trustedDevices.userId })
      .from(trustedDevices)
      .where(and(eq(trustedDevices.userId, userId), eq(trustedDevices.tokenHash, tokenHash), gt(trustedDevices.lastUsedAt, since)));
    return row !== undefined;
  }

  /** Records the device for the account, or its use again. */
  async recordUse(userId: string, tokenHash: string, now: Date, executor: Executor = this.database.db): Promise<void> {
    await executor
      .insert(trustedDevices)
      .values({ userId, tokenHash, lastUsedAt: now })
      .onConflictDoUpdate({ target: [trustedDevices.userId, trustedDevices.tokenHash], set: { lastUsedAt: now } });
  }

  async deleteAllOfUser(userId: string, executor: Executor): Promise<void> {
    await executor.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  }

  async deleteUnusedSince(since: Date): Promise<void> {
    await this.database.db.delete(trustedDevices).where(lt(trustedDevices.lastUsedAt, since));
  }
}
