import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { EventsModule } from '../events/events.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { UsersModule } from '../users/users.module.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';

/** The admins' dashboards: counts over the data the other modules own, read through their services. */
@Module({
  imports: [AdminModule, EventsModule, RegistrationsModule, TeamsModule, UsersModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
