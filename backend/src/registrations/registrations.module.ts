import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { MailModule } from '../mail/mail.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { UsersModule } from '../users/users.module.js';
import { DecisionNoticesService } from './decision-notices.service.js';
import { EventChangeNoticesService } from './event-change-notices.service.js';
import { EventRemindersService } from './event-reminders.service.js';
import { EventsController } from './events.controller.js';
import { RegistrationConfirmationsService } from './registration-confirmations.service.js';
import { RegistrationInvites } from './registration-invites.js';
import { RegistrationMailer } from './registration-mailer.js';
import { RegistrationsController } from './registrations.controller.js';
import { RegistrationsRepository } from './registrations.repository.js';
import { RegistrationsService } from './registrations.service.js';

/**
 * Participation: who is registered for which event. Exports its service so the teams module
 * can register a team's members under one seat (`registerParticipants`). Its e-mails (the
 * confirmations job's and the day-before reminders) go through the outbox, each with the
 * event's calendar invite; every new registration is confirmed, whoever made it.
 */
@Module({
  imports: [EventsModule, UsersModule, MailModule, SettingsModule],
  controllers: [EventsController, RegistrationsController],
  providers: [
    RegistrationsRepository,
    RegistrationsService,
    RegistrationInvites,
    RegistrationMailer,
    EventRemindersService,
    RegistrationConfirmationsService,
    EventChangeNoticesService,
    DecisionNoticesService,
  ],
  exports: [RegistrationsService, EventChangeNoticesService, DecisionNoticesService],
})
export class RegistrationsModule {}
