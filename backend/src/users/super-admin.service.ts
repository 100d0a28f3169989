import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PasswordHasher } from './password-hasher.js';
import { UsersService } from './users.service.js';

/** The first super admin, from SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD or `npm run superadmin`. */
@Injectable()
export class SuperAdminService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SuperAdminService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.superAdmin) return;
    const outcome = await this.ensure(this.config.superAdmin.email, this.config.superAdmin.password);
    if (outcome !== 'unchanged') this.logger.log(`Super admin ${this.config.superAdmin.email} ${outcome}`);
  }

  /**
   * Creates the account, or makes an existing one super admin. A verified account keeps its
   * password, so restarting with the variables still set never undoes a password change. An
   * unverified one was never proven to belong to the mailbox's owner, so whoever signed up with
   * the address first must not choose the super admin's password: it takes the given one.
   */
  async ensure(email: string, password: string, name = 'Festival Super Admin'): Promise<'created' | 'promoted' | 'unchanged'> {
    const existing = await this.users.findByEmail(email);
    if (existing?.role === 'superadmin') return 'unchanged';
    if (existing) {
      await this.users.makeSuperAdmin(existing.id, existing.isVerified ? undefined : await this.passwords.hash(password));
      return 'promoted';
    }
    const passwordHash = await this.passwords.hash(password);
    await this.users.create({ name, email: email.trim().toLowerCase(), passwordHash, role: 'superadmin', isVerified: true, year: '0', dept: 'Staff' });
    return 'created';
  }
}
