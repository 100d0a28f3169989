import { Module } from '@nestjs/common';
import { EventsRepository } from './events.repository.js';
import { EventsService } from './events.service.js';
import { FestivalCalendar } from './festival-calendar.service.js';

/**
 * The events and their seats, and the festival's dates (the registration opening every event
 * shares). No routes: the event routes join registrations (see registrations/events.controller.ts).
 */
@Module({
  providers: [EventsRepository, EventsService, FestivalCalendar],
  exports: [EventsService, FestivalCalendar],
})
export class EventsModule {}
