import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { FestivalController } from './festival.controller.js';

/** The festival as the home page shows it and the super admin runs it (its settings). */
@Module({ imports: [EventsModule, RegistrationsModule, SettingsModule], controllers: [FestivalController] })
export class FestivalModule {}
