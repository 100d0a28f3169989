import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { InvitesRepository } from './invites.repository.js';
import { InvitesService } from './invites.service.js';

/** Team invitations: their tokens, e-mails, answers, the bell's reads and the expiry job. Its routes are the teams module's. */
@Module({ imports: [MailModule], providers: [InvitesRepository, InvitesService], exports: [InvitesService] })
export class InvitesModule {}
