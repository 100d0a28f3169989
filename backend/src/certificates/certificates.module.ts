import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { EventsModule } from '../events/events.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RegistrationsModule } from '../registrations/registrations.module.js';
import { ResultsModule } from '../results/results.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { UsersModule } from '../users/users.module.js';
import { CertificateVerificationController, EventCertificatesController, StudentCertificatesController } from './certificates.controller.js';
import { CertificatesRepository } from './certificates.repository.js';
import { CertificatesService } from './certificates.service.js';

/** Participation and merit certificates: issued by an event's club admins, downloaded by their students, verified by anyone. */
@Module({
  imports: [AuditModule, EventsModule, MailModule, RegistrationsModule, ResultsModule, SettingsModule, TeamsModule, UsersModule],
  controllers: [EventCertificatesController, StudentCertificatesController, CertificateVerificationController],
  providers: [CertificatesRepository, CertificatesService],
  // A deleted account's certificates are erased (account/).
  exports: [CertificatesService],
})
export class CertificatesModule {}
