import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuditModule } from '../audit/audit.module.js';
import { FestivalSettingsRepository } from './festival-settings.repository.js';
import { FestivalSettingsService } from './festival-settings.service.js';
import { FreshSettingsGuard } from './fresh-settings.guard.js';
import { SignatureImagesRepository } from './signature-images.repository.js';
import { SignatureImagesService } from './signature-images.service.js';

/** The festival's settings (`festival_settings`): read by every module that applies them, saved by the super admin through the festival module. */
@Module({
  imports: [AuditModule],
  providers: [
    FestivalSettingsRepository,
    FestivalSettingsService,
    SignatureImagesRepository,
    SignatureImagesService,
    { provide: APP_GUARD, useClass: FreshSettingsGuard },
  ],
  exports: [FestivalSettingsService, SignatureImagesService],
})
export class SettingsModule {}
