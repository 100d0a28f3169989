import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { CertificatesModule } from '../certificates/certificates.module.js';
import { EventsModule } from '../events/events.module.js';
import { InvitesModule } from '../invites/invites.module.js';
import { MailModule } from '../mail/mail.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { ResultsModule } from '../results/results.module.js';
import { SeatsModule } from '../seats/seats.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { UsersModule } from '../users/users.module.js';
import { WaitlistModule } from '../waitlist/waitlist.module.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountController } from './account.controller.js';
import { DataExportService } from './data-export.service.js';
import { DataExportsRepository } from './data-exports.repository.js';

/**
 * What an account owner does with the account as a whole: download everything held about it,
 * and delete it. It sits above every module that holds an account's records, and asks each to
 * give up or erase its own.
 */
@Module({
  imports: [
    UsersModule,
    AuthModule,
    EventsModule,
    RegistrationsModule,
    SeatsModule,
    TeamsModule,
    InvitesModule,
    WaitlistModule,
    ResultsModule,
    CertificatesModule,
    MessagesModule,
    MailModule,
    AuditModule,
    AdminModule,
    ThrottlingModule,
  ],
  controllers: [AccountController],
  providers: [DataExportsRepository, DataExportService, AccountDeletionService],
})
export class AccountModule {}
