import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { SeatsService } from './seats.service.js';

/**
 * The seat's one owner (see `SeatsService`): above events and registrations, below teams, the
 * waitlist and the admins, which call it. The teams module and the waitlist attach their steps
 * when they start, so it calls up without importing them.
 */
@Module({
  imports: [EventsModule, RegistrationsModule],
  providers: [SeatsService],
  exports: [SeatsService],
})
export class SeatsModule {}
