import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { UsersModule } from '../users/users.module.js';
import { ResultsController } from './results.controller.js';
import { ResultsRepository } from './results.repository.js';
import { ResultsService } from './results.service.js';

/**
 * An event's winners and its public results. Owns the event_winners table; the admin module's
 * winners route calls its service.
 */
@Module({
  imports: [AuditModule, EventsModule, RegistrationsModule, TeamsModule, UsersModule],
  controllers: [ResultsController],
  providers: [ResultsRepository, ResultsService],
  exports: [ResultsService],
})
export class ResultsModule {}
