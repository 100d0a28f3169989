import { Module } from '@nestjs/common';
import { MailService } from './mail.service.js';
import { OutboxRepository } from './outbox.repository.js';

@Module({ providers: [OutboxRepository, MailService], exports: [MailService] })
export class MailModule {}
