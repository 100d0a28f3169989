import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { UsersModule } from '../users/users.module.js';
import { WaitlistModule } from '../waitlist/waitlist.module.js';
import { EventMessagesController, UserMessagesController } from './messages.controller.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';

/** Organisers' messages to an event's people, and each student's list of those sent to them. */
@Module({
  imports: [AuditModule, EventsModule, MailModule, RegistrationsModule, UsersModule, WaitlistModule],
  controllers: [EventMessagesController, UserMessagesController],
  providers: [MessagesRepository, MessagesService],
  // A student's notifications go into their data download, and are erased with their account (account/).
  exports: [MessagesService],
})
export class MessagesModule {}
