import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { type AppConfig, ConfigError } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService } from '../database/database.service.js';
import { EventsService } from '../events/events.service.js';
import { FestivalSettingsService } from '../settings/festival-settings.service.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { UsersService } from '../users/users.service.js';
import { assignDemoAdmins, demoAccounts, describeDemoAccounts } from './demo-accounts.js';
import { demoEvents } from './demo-events.js';
import { MilestonesRepository } from './milestones.repository.js';

const DEMO_MILESTONE = 'demo-data-loaded';

/**
 * Loads the demo festival (events and accounts) into a database the first time the product starts on it. The
 * milestone row and the data commit together, so two instances starting at once, or a crash
 * half-way, can never load it twice. The milestone's date is the day the demo festival's own
 * dates are counted from (the festival settings' defaults), on every start after too.
 */
@Injectable()
export class DemoDataService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoDataService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly database: DatabaseService,
    private readonly events: EventsService,
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
    private readonly milestones: MilestonesRepository,
    private readonly settings: FestivalSettingsService,
    private readonly clock: Clock,
  ) {}

  /** Loads the demo data when asked to, then says which dates the festival has and, with demo data, how to sign in. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.demoData && (await this.load())) this.logger.log('Demo data loaded');
    const loadedAt = await this.milestones.reachedAt(DEMO_MILESTONE);
    if (loadedAt && this.config.nodeEnv === 'production') {
      throw new ConfigError([
        "The database holds the demo festival, whose accounts' passwords are in the README: production starts on a database without it (a new one, or a backup from before the demo data was loaded)",
      ]);
    }
    if (loadedAt) this.settings.followDemoLoadedAt(loadedAt);
    await this.settings.refresh();
    this.logger.log(this.settings.describe());
    if (loadedAt) this.logger.log(describeDemoAccounts(this.config.institutionEmailDomain));
  }

  /** Returns false when this database already had the demo data. */
  async load(): Promise<boolean> {
    const domain = this.config.institutionEmailDomain;
    const accounts = await demoAccounts(domain, (password) => this.passwords.hash(password));
    const loadedAt = await this.database.transaction(async (tx) => {
      const claimedAt = await this.milestones.claim(DEMO_MILESTONE, this.clock.now(), tx);
      if (!claimedAt) return undefined;
      const events = demoEvents(this.settings.demoFestivalDate(claimedAt), domain).map((event) => ({ ...event, id: randomUUID() }));
      const staffed = assignDemoAdmins(accounts, events);
      await this.events.createMany(staffed.events, tx);
      for (const account of staffed.users) {
        // SUPERADMIN_EMAIL may already have made one of these accounts.
        if (!(await this.users.findByEmail(account.email, tx))) await this.users.create(account, tx);
      }
      return claimedAt;
    });
    if (loadedAt) this.settings.followDemoLoadedAt(loadedAt);
    return loadedAt !== undefined;
  }
}
