import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import { isPlainEmail } from '../common/email-address.js';
import type { AccountTraces } from '../common/erasure.js';
import { QuietMoments } from '../common/quiet-moments.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Executor } from '../database/database.service.js';
import { JobRuns } from '../database/job-runs.js';
import { type MailMessage, printableMail } from './mail-layout.js';
import { MAX_ATTEMPTS, type OutboxBacklog, OutboxRepository, type OutboxRow } from './outbox.repository.js';

/**
 * Messages handed to SMTP at once by one instance, each over its own pooled connection: a
 * message's attempt is a round trip or two, so throughput grows with the connections until the
 * mail server or the network is the limit. A connection is replaced after `MESSAGES_PER_CONNECTION`.
 */
const MESSAGES_PER_CONNECTION = 100;
/**
 * A claimed message stays hidden from other deliverers for the longest an attempt may take
 * (SMTP_TIMEOUT_MS, 1 min by default, enforced by aborting the attempt) plus this margin to
 * record its outcome, far above the database's query timeout (6 s by default). With the
 * defaults, 2 minutes: the same message can never be in two attempts at once, and one left by
 * a crashed instance is retried 2 minutes later.
 */
const LEASE_MARGIN_MS = 60_000;
/** Nodemailer's defaults (2 min to connect, 10 min of silence) would outlast any sensible lease. */
const CONNECT_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;
/** How long a message done with stays in the outbox (the privacy page says so). */
const SENT_MAIL_KEPT_DAYS = 90;

const NOT_PLAIN = 'Refused: the recipient is not a plain address (local@domain), so it is not sent';

/** Retry after 30 s, 1 min, 2 min, ... at most an hour. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);
}

type Outcome = 'sent' | 'failed' | 'refused';

/**
 * E-mail through the outbox. `send` only records the message, inside the caller's transaction;
 * the delivery job hands it to SMTP (or, without SMTP_URL, prints it) and retries failures.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter | undefined;
  private readonly attemptMs: number;
  private readonly inFlight: number;
  private readonly runs = new JobRuns(this.logger, 'E-mail delivery paused');
  /**
   * Bulk e-mail waits while people wait on the server (rendering and handing over hundreds a
   * second takes a core); account e-mails (`urgent`) never do.
   */
  private readonly quiet = new QuietMoments();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: OutboxRepository,
  ) {
    this.attemptMs = config.smtpTimeoutMs;
    this.inFlight = config.mailInFlight;
    this.transport = config.smtpUrl
      ? createTransport(smtpOptions(config.smtpUrl, config.smtpTimeoutMs, config.mailInFlight), { from: config.mailFrom })
      : undefined;
  }

  send(message: MailMessage, executor?: Executor): Promise<void> {
    return this.outbox.add(message, executor);
  }

  /** Records the messages together, in the caller's transaction (see `send`). */
  sendMany(messages: readonly MailMessage[], executor?: Executor): Promise<void> {
    return this.outbox.addMany(messages, executor);
  }

  /**
   * One message to each of `people` (a subquery of the columns `email` and `name`), with their name
   * where `render` puts the one it is given: it is rendered once, and the database reads the
   * people and writes everyone's copy in one statement (the outbox's `addForEach`), so a message to
   * thousands takes the server's event loop no longer than one.
   */
  sendToEach(render: (name: string) => Omit<MailMessage, 'to'>, people: SQL, executor: Executor): Promise<void> {
    // A stand-in nobody can write into a message: it is made anew for each one.
    const nameSlot = `name-${randomBytes(12).toString('hex')}`;
    return this.outbox.addForEach(render(nameSlot), nameSlot, people, executor);
  }

  /** The e-mails the outbox keeps for the address (their subjects and times), for its owner's data download. */
  sentTo(email: string): Promise<{ subject: string; createdAt: Date; sentAt: Date | null }[]> {
    return this.outbox.sentTo(email);
  }

  /** Erases a deleted account from the outbox (`OutboxRepository.eraseTraces`), in its deletion's transaction. */
  eraseTraces(traces: AccountTraces, executor: Executor): Promise<void> {
    return this.outbox.eraseTraces(traces, executor);
  }

  /** Messages done with (sent or given up) are kept `SENT_MAIL_KEPT_DAYS` days, for questions about them, then deleted. */
  @ScheduledJob('purge-sent-mail', 24 * 60 * 60 * 1000)
  purgeDone(): Promise<void> {
    return this.outbox.deleteDoneOlderThan(SENT_MAIL_KEPT_DAYS);
  }

  /** What waits to be delivered, across every instance. */
  backlog(): Promise<OutboxBacklog> {
    return this.outbox.backlog();
  }

  /**
   * Delivers everything due, MAIL_IN_FLIGHT messages at a time (urgent ones first in every round,
   * so an account e-mail queued during a backlog leaves with the next round; bulk ones wait while
   * the server is busy, `QuietMoments`); returns how many were sent. A round in which nothing
   * could be sent ends the run: a mail server that is down is tried again by the next run, 2 s
   * later, not hammered. Overlapping runs in one process are skipped; runs on several instances
   * share the work through the claims.
   */
  @ScheduledJob('deliver-mail', 2000)
  deliverDue(): Promise<number> {
    // The outbox keeps every message; the next run after the database returns picks them up.
    return this.runs.run(async (progress) => {
      for (;;) {
        const claimed = await this.outbox.claimDue(this.inFlight, this.attemptMs + LEASE_MARGIN_MS, { urgentOnly: this.quiet.bulkWaits() });
        if (claimed.length === 0) return;
        const outcomes = await Promise.all(claimed.map((message) => this.attempt(message)));
        const sent = claimed.filter((_message, i) => outcomes[i] === 'sent');
        await this.outbox.markSent(sent.map((message) => message.id));
        progress.done += sent.length;
        if (claimed.length < this.inFlight || (sent.length === 0 && outcomes.includes('failed'))) return;
      }
    });
  }

  /** One attempt at one message, its failure recorded with its retry; a sent message is marked by the caller, with its round's. */
  private async attempt(message: OutboxRow): Promise<Outcome> {
    // Only a plain address is delivered: a mail library reads `a:me@x` or `a,me@x` as a group or
    // a list and delivers to `me@x`, a mailbox other than the address the link was issued for.
    if (!isPlainEmail(message.recipient)) {
      this.logger.warn(`E-mail to ${JSON.stringify(message.recipient)} refused: not a plain address`);
      await this.outbox.refuse(message.id, NOT_PLAIN);
      return 'refused';
    }
    try {
      await this.hand(message);
      return 'sent';
    } catch (error) {
      const reason = (error as Error).message;
      const finalAttempt = message.attempts >= MAX_ATTEMPTS;
      this.logger.warn(`E-mail to ${message.recipient} failed (attempt ${message.attempts}${finalAttempt ? ', giving up' : ''}): ${reason}`);
      await this.outbox.scheduleRetry(message.id, retryDelaySeconds(message.attempts), reason);
      return 'failed';
    }
  }

  /** The pool's open connections are closed, so a stopping instance leaves nothing behind. */
  onApplicationShutdown(): void {
    this.transport?.close();
  }

  /** One attempt, given up (connection closed) after SMTP_TIMEOUT_MS whatever the server does. */
  private async hand(message: OutboxRow): Promise<void> {
    if (!this.transport) {
      // The e-mail itself goes to the terminal as readable text; the log keeps one line about it.
      process.stdout.write(printableMail(message));
      this.logger.log(`E-mail to ${message.recipient} printed to standard output (no SMTP_URL set, so it is not sent): ${message.subject}`);
      return;
    }
    const { recipient, subject, text, html, attachments } = message;
    // An address object is used as it is; a string would be parsed again as an address list.
    const to = { name: '', address: recipient };
    const mail = { to, subject, text, html, attachments, signal: AbortSignal.timeout(this.attemptMs) };
    await this.transport.sendMail(mail);
  }
}

/**
 * Pooled connections, one per message in flight; each phase of the SMTP conversation is
 * bounded, and none may exceed the attempt as a whole.
 */
function smtpOptions(url: string, attemptMs: number, connections: number) {
  return {
    url,
    pool: true,
    maxConnections: connections,
    maxMessages: MESSAGES_PER_CONNECTION,
    connectionTimeout: Math.min(CONNECT_TIMEOUT_MS, attemptMs),
    greetingTimeout: Math.min(GREETING_TIMEOUT_MS, attemptMs),
    socketTimeout: Math.min(SOCKET_TIMEOUT_MS, attemptMs),
  };
}
