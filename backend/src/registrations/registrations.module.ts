import { Global, Module } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { EventsModule } from '../events/events.module.js';
import { PARTICIPATION } from '../events/participation.js';
import { ParticipationLookup } from './participation.lookup.js';
import { RegistrationsController } from './registrations.controller.js';
import { RegistrationsRepository } from './registrations.repository.js';
import { RegistrationsService } from './registrations.service.js';

/** Global so the events module can show students their own registrations without importing this one. */
@Global()
@Module({
  imports: [EventsModule],
  controllers: [RegistrationsController],
  providers: [RegistrationsRepository, RegistrationsService, Clock, ParticipationLookup, { provide: PARTICIPATION, useExisting: ParticipationLookup }],
  exports: [PARTICIPATION],
})
export class RegistrationsModule {}
