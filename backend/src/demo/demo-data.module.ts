import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoDataService } from './demo-data.service.js';
import { MilestonesRepository } from './milestones.repository.js';

@Module({ imports: [EventsModule, SettingsModule, UsersModule], providers: [DemoDataService, MilestonesRepository] })
export class DemoDataModule {}
