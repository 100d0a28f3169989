import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { SeatsModule } from '../seats/seats.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { UsersModule } from '../users/users.module.js';
import { WaitlistController } from './waitlist.controller.js';
import { WaitlistRepository } from './waitlist.repository.js';
import { WaitlistService } from './waitlist.service.js';

/**
 * Where a freed seat goes: cancelling a registration, the line for a full event, its offers
 * (held seats), their answers and the lapse sweep. It attaches itself to the seat owner
 * (`SeatsService`) as the line every freed seat goes to first, in the transaction that freed it.
 */
@Module({
  imports: [EventsModule, RegistrationsModule, SeatsModule, TeamsModule, MailModule, UsersModule, SettingsModule],
  controllers: [WaitlistController],
  providers: [WaitlistRepository, WaitlistService],
  exports: [WaitlistService],
})
export class WaitlistModule {}
