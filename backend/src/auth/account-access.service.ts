import { Injectable } from '@nestjs/common';
import type { Executor } from '../database/database.service.js';
import { AccountTokensRepository } from './account-tokens.repository.js';
import { SessionsService } from './sessions.service.js';
import { TrustedDevicesService } from './trusted-devices.service.js';

/** Every way into an account: its sessions, the browsers it trusts, its reset links. */
@Injectable()
export class AccountAccessService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly devices: TrustedDevicesService,
    private readonly tokens: AccountTokensRepository,
  ) {}

  /** Closes every way in, for an account being deleted (its transaction): every session ends, everywhere. */
  async closeAll(userId: string, executor: Executor): Promise<void> {
    await this.sessions.endAllOfUser(userId, { executor });
    await this.devices.forgetAll(userId, executor);
    await this.tokens.deleteAllOfUser(userId, executor);
  }
}
