import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { EventsRepository } from './events.repository.js';
import { EventsService } from './events.service.js';

/**
 * The events and their seats, under the registration window every event shares (the festival's
 * settings). No routes: the event routes join registrations (see registrations/events.controller.ts).
 */
@Module({
  imports: [SettingsModule],
  providers: [EventsRepository, EventsService],
  exports: [EventsService],
})
export class EventsModule {}
