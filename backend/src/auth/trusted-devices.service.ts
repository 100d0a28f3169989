import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { and, eq, gt, lt } from 'drizzle-orm';
import { Clock } from '../common/clock.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { trustedDevices } from '../database/schema/sessions.js';

/** A device stays trusted for a year after its last sign-in. */
export const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

/** Browsers where an account signed in; only the device cookie's hash is stored. */
@Injectable()
export class TrustedDevicesService {
  constructor(
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

  async isTrusted(userId: string, tokenHash: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ userId: trustedDevices.userId })
      .from(trustedDevices)
      .where(
        and(
          eq(trustedDevices.userId, userId),
          eq(trustedDevices.tokenHash, tokenHash),
          gt(trustedDevices.lastUsedAt, this.trustedSince()),
        ),
      );
    return row !== undefined;
  }

  /** Trusts the device for the account, or records its use again. */
  async remember(userId: string, tokenHash: string, executor: Executor = this.database.db): Promise<void> {
    const now = this.clock.now();
    await executor
      .insert(trustedDevices)
      .values({ userId, tokenHash, lastUsedAt: now })
      .onConflictDoUpdate({ target: [trustedDevices.userId, trustedDevices.tokenHash], set: { lastUsedAt: now } });
  }

  /** A password reset may follow a stolen password: devices the thief signed in on lose their allowance. */
  async forgetAll(userId: string, executor: Executor): Promise<void> {
    await executor.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  }

  /** One DELETE of devices unused for a year; safe on every instance. */
  @Interval('purge-trusted-devices', 24 * 60 * 60 * 1000)
  async purgeUnused(): Promise<void> {
    await this.database.db.delete(trustedDevices).where(lt(trustedDevices.lastUsedAt, this.trustedSince()));
  }

  /** Devices last used before this are no longer trusted. */
  private trustedSince(): Date {
    return new Date(this.clock.now().getTime() - DEVICE_LIFETIME_SECONDS * 1000);
  }
}
