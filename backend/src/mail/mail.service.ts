import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Executor } from '../database/database.service.js';
import type { MailMessage } from './mail.templates.js';
import { MAX_ATTEMPTS, OutboxRepository, type OutboxRow } from './outbox.repository.js';

const BATCH = 20;

/** Retry after 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);
}

/**
 * E-mail through the outbox. `send` only records the message, inside the caller's transaction;
 * the delivery job hands it to SMTP (or, without SMTP_URL, to the log) and retries failures.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter | undefined;
  private delivering = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: OutboxRepository,
  ) {
    this.transport = config.smtpUrl ? createTransport(config.smtpUrl, { from: config.mailFrom }) : undefined;
  }

  send(message: MailMessage, executor?: Executor): Promise<void> {
    return this.outbox.add(message, executor);
  }

  /** Delivers what is due; returns how many were sent. Overlapping runs in one process are skipped. */
  @Interval('deliver-mail', 2000)
  async deliverDue(): Promise<number> {
    if (this.delivering) return 0;
    this.delivering = true;
    try {
      let sent = 0;
      for (const message of await this.outbox.claimDue(BATCH)) sent += (await this.deliver(message)) ? 1 : 0;
      return sent;
    } finally {
      this.delivering = false;
    }
  }

  private async deliver(message: OutboxRow): Promise<boolean> {
    try {
      if (this.transport) {
        await this.transport.sendMail({ to: message.recipient, subject: message.subject, text: message.text, html: message.html });
      } else {
        this.logger.log(`E-mail to ${message.recipient} (no SMTP_URL set, so it is only logged): ${message.subject}\n${message.text}`);
      }
      await this.outbox.markSent(message.id);
      return true;
    } catch (error) {
      const reason = (error as Error).message;
      const finalAttempt = message.attempts >= MAX_ATTEMPTS;
      this.logger.warn(`E-mail to ${message.recipient} failed (attempt ${message.attempts}${finalAttempt ? ', giving up' : ''}): ${reason}`);
      await this.outbox.scheduleRetry(message.id, retryDelaySeconds(message.attempts), reason);
      return false;
    }
  }
}
