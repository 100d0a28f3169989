import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { ResultsModule } from '../results/results.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { EditionsController } from './editions.controller.js';
import { FestivalController } from './festival.controller.js';
import { SignatureImagesController } from './signature-images.controller.js';

/** The festival as the home page shows it and the super admin runs it (its settings, the certificates' signature images, its editions and their archive). */
@Module({
  imports: [EventsModule, RegistrationsModule, ResultsModule, SettingsModule],
  controllers: [FestivalController, SignatureImagesController, EditionsController],
})
export class FestivalModule {}
