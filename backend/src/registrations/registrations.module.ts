import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { EventsController } from './events.controller.js';
import { RegistrationsController } from './registrations.controller.js';
import { RegistrationsRepository } from './registrations.repository.js';
import { RegistrationsService } from './registrations.service.js';

/**
 * Participation: who is registered for which event. Exports its service so the teams module
 * can register a team's members under one seat (`registerParticipants`).
 */
@Module({
  imports: [EventsModule],
  controllers: [EventsController, RegistrationsController],
  providers: [RegistrationsRepository, RegistrationsService],
  exports: [RegistrationsService],
})
export class RegistrationsModule {}
