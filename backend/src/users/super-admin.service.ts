import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { canonicalEmail } from '../common/email-address.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PasswordHasher } from './password-hasher.js';
import { SignupsService } from './signups.service.js';
import { UsersService } from './users.service.js';

/** The first super admin, from SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD or `npm run superadmin`. */
@Injectable()
export class SuperAdminService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SuperAdminService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly signups: SignupsService,
    private readonly passwords: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.superAdmin) return;
    const outcome = await this.ensure(this.config.superAdmin.email, this.config.superAdmin.password);
    if (outcome !== 'unchanged') this.logger.log(`Super admin ${this.config.superAdmin.email} ${outcome}`);
  }

  /**
   * Creates the account, verified, or makes an existing one super admin. An existing account keeps
   * its password, so restarting with the variables still set never undoes a password change.
   * Sign-ups waiting for the address are void: whoever made them must not own the super admin's
   * address by clicking a link later.
   */
  async ensure(email: string, password: string, name = 'Festival Super Admin'): Promise<'created' | 'promoted' | 'unchanged'> {
    await this.signups.voidFor(email);
    const existing = await this.users.findByEmail(email);
    if (existing?.role === 'superadmin') return 'unchanged';
    if (existing) {
      await this.users.makeSuperAdmin(existing.id);
      return 'promoted';
    }
    const passwordHash = await this.passwords.hash(password);
    await this.users.create({ name, email: canonicalEmail(email), passwordHash, role: 'superadmin', isVerified: true, year: '0', dept: 'Staff' });
    return 'created';
  }
}
