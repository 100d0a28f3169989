import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import type { Executor } from '../database/database.service.js';
import { TrustedDevicesRepository } from './trusted-devices.repository.js';

/** A device stays trusted for a year after its last sign-in. */
export const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

/** Browsers where an account signed in; only the device cookie's hash is stored. */
@Injectable()
export class TrustedDevicesService {
  constructor(
    private readonly devices: TrustedDevicesRepository,
    private readonly clock: Clock,
  ) {}

  isTrusted(userId: string, tokenHash: string): Promise<boolean> {
    return this.devices.isUsedSince(userId, tokenHash, this.trustedSince());
  }

  /** Trusts the device for the account, or records its use again. */
  remember(userId: string, tokenHash: string, executor?: Executor): Promise<void> {
    return this.devices.recordUse(userId, tokenHash, this.clock.now(), executor);
  }

  /** A password reset may follow a stolen password: devices the thief signed in on lose their allowance. */
  forgetAll(userId: string, executor: Executor): Promise<void> {
    return this.devices.deleteAllOfUser(userId, executor);
  }

  /** One DELETE of devices unused for a year; safe on every instance. */
  @ScheduledJob('purge-trusted-devices', 24 * 60 * 60 * 1000)
  purgeUnused(): Promise<void> {
    return this.devices.deleteUnusedSince(this.trustedSince());
  }

  /** Devices last used before this are no longer trusted. */
  private trustedSince(): Date {
    return new Date(this.clock.now().getTime() - DEVICE_LIFETIME_SECONDS * 1000);
  }
}
