import { Module } from '@nestjs/common';
import { EventsRepository } from './events.repository.js';
import { EventsService } from './events.service.js';

/** The events and their seats. No routes: the event routes join registrations (see registrations/events.controller.ts). */
@Module({
  providers: [EventsRepository, EventsService],
  exports: [EventsService],
})
export class EventsModule {}
