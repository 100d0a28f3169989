import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { UsersModule } from '../users/users.module.js';
import { WaitlistController } from './waitlist.controller.js';
import { WaitlistRepository } from './waitlist.repository.js';
import { WaitlistService } from './waitlist.service.js';

/**
 * Where a freed seat goes: cancelling a registration, the line for a full event, its offers
 * (held seats), their answers and the lapse sweep. Exports its service so every other place that
 * frees a seat (a club admin's rejection, a raised capacity) offers it to the line in the same transaction.
 */
@Module({
  imports: [EventsModule, RegistrationsModule, TeamsModule, MailModule, UsersModule],
  controllers: [WaitlistController],
  providers: [WaitlistRepository, WaitlistService],
  exports: [WaitlistService],
})
export class WaitlistModule {}
