import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import type { AccountTraces } from '../common/erasure.js';
import { QuietMoments } from '../common/quiet-moments.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import type { SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { JobRuns } from '../database/job-runs.js';
import type { EventMessageRow, MessageAudience } from '../database/schema/event-messages.js';
import type { EventRow } from '../database/schema/events.js';
import { EventsService } from '../events/events.service.js';
import { MailService } from '../mail/mail.service.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { ThrottlingService } from '../throttling/throttling.service.js';
import { UsersService } from '../users/users.service.js';
import { WaitlistService } from '../waitlist/waitlist.service.js';
import type { SendMessageDto } from './messages.dto.js';
import { eventMessageMail } from './messages.mails.js';
import { MessagesRepository } from './messages.repository.js';
import type { EventMessageResponse, MessageAudienceCounts, StudentMessageResponse } from './messages.response.js';

const DEFAULT_SENDER = 'The organisers';

const toEventMessage = (row: EventMessageRow): EventMessageResponse => ({
  _id: row.id,
  subject: row.subject,
  body: row.body,
  audience: row.audience,
  recipients: row.recipients,
  sentAt: row.sentAt.toISOString(),
  sentBy: row.senderName,
});

/**
 * Organisers' messages to an event's people: its club's admins (and the super admin) write to the
 * students holding a place, those in its line, or both. A message is written, counted and audited
 * in one transaction; a job then writes its recipients (as they are when it leaves, seconds later)
 * and queues their e-mails in another, at the server's next quiet moment.
 */
@Injectable()
export class MessagesService {
  private readonly runs = new JobRuns(new Logger(MessagesService.name), "Organisers' messages paused");
  /** Delivering waits while people wait on the server (see `deliverDue`). */
  private readonly quiet = new QuietMoments();

  constructor(
    private readonly messages: MessagesRepository,
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly waitlist: WaitlistService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly throttling: ThrottlingService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The event's messages, newest first, and how many each audience reaches now. */
  async ofEvent(admin: SessionUser, eventId: string): Promise<{ messages: EventMessageResponse[]; audience: MessageAudienceCounts }> {
    const event = await this.events.getAdministered(admin, eventId);
    const audience = await this.messages.countEach(
      { registrants: this.peopleOf(event.id, 'registrants'), waitlist: this.peopleOf(event.id, 'waitlist'), everyone: this.peopleOf(event.id, 'everyone') },
      this.database.db,
    );
    return { messages: (await this.messages.ofEvent(event.id)).map(toEventMessage), audience };
  }

  /**
   * Sends the message: it is written, counted and audited at once, and reaches its people at the
   * server's next quiet moment (`deliverDue`, seconds later). The event's budget
   * (MESSAGES_PER_EVENT an hour) is counted once the sender is known to run the event, so another
   * club's admin cannot spend it.
   */
  async send(admin: SessionUser, eventId: string, message: SendMessageDto): Promise<{ message: string; sent: EventMessageResponse }> {
    const event = await this.events.getAdministered(admin, eventId);
    this.events.requireOpenEdition(event);
    await this.throttling.consume('messagesByEvent', event.id);
    const { audience, subject, body } = message;
    const row = await this.database.transaction(async (tx) => {
      const { recipients } = await this.messages.countEach({ recipients: this.peopleOf(event.id, audience) }, tx);
      if (recipients === 0) throw new BadRequestException('Nobody is in that audience yet.');
      const sent = await this.messages.insert(
        { eventId: event.id, senderId: admin.id, senderName: admin.name, audience, subject, body, recipients, sentAt: this.clock.now() },
        tx,
      );
      await this.record(admin, event, sent, tx);
      return sent;
    });
    return { message: `Message sent to ${row.recipients} ${row.recipients === 1 ? 'person' : 'people'}.`, sent: toEventMessage(row) };
  }

  /**
   * Delivers the messages sent since the last run, oldest first, each in a transaction of its own:
   * its recipients are written (the audience as it is now, seconds after it was sent) and each
   * one's e-mail queued. Writing thousands of rows takes the database a fifth of a second that a
   * rush's registrations need more, so while people wait on the server this waits, as bulk e-mail
   * does (`QuietMoments`). Several instances share the work through the rows' locks.
   */
  @ScheduledJob('deliver-messages', 2000)
  deliverDue(): Promise<number> {
    return this.runs.run(async (progress) => {
      while (!this.quiet.bulkWaits() && (await this.database.transaction((tx) => this.deliverOne(tx)))) progress.done += 1;
    });
  }

  /** Delivers the oldest message waiting, if any; answers whether there was one. */
  private async deliverOne(tx: Executor): Promise<boolean> {
    const message = await this.messages.claimUndelivered(tx);
    if (!message) return false;
    const event = await this.events.getRow(message.eventId, tx);
    const reached = await this.messages.deliver(message.id, this.peopleOf(event.id, message.audience), tx);
    const { audience, subject, body } = message;
    if (reached > 0)
      await this.mail.sendToEach(
        (studentName) => eventMessageMail({ studentName, ...this.mailContext(event), audience, subject, body }),
        this.users.contactsOf(this.messages.recipientIdsOf(message.id)),
        tx,
      );
    return true;
  }

  /** The messages sent to the student, newest first. */
  async toStudent(user: SessionUser): Promise<StudentMessageResponse[]> {
    return (await this.messages.toStudent(user.id)).map(({ message, eventName, clubInCharge }) => ({
      _id: message.id,
      eventId: message.eventId,
      eventName,
      clubInCharge,
      subject: message.subject,
      body: message.body,
      sentAt: message.sentAt.toISOString(),
    }));
  }

  /** Erases a deleted account from the messages (see the repository), in its deletion's transaction. */
  eraseTraces(userId: string, traces: AccountTraces, executor: Executor): Promise<void> {
    return this.messages.eraseTraces(userId, traces, executor);
  }

  /** The students an audience reaches, as a subquery of one column, `id` (read by the statement that writes to them). */
  private peopleOf(eventId: string, audience: MessageAudience): SQL {
    if (audience === 'registrants') return this.registrations.standingStudentIds(eventId);
    if (audience === 'waitlist') return this.waitlist.studentIdsInLine(eventId);
    return this.waitlist.studentIdsHoldingOrInLine(eventId);
  }

  private mailContext(event: EventRow) {
    return { eventName: event.name, club: event.clubInCharge ?? DEFAULT_SENDER, url: new URL(`/event/${event.id}`, this.config.publicUrl).toString() };
  }

  private record(admin: SessionUser, event: EventRow, sent: EventMessageRow, tx: Executor): Promise<void> {
    return this.audit.record(
      {
        actor: admin,
        action: 'event.message_sent',
        club: event.clubInCharge,
        subject: { type: 'event', id: event.id, label: event.name },
        changes: { audience: { from: null, to: sent.audience }, subject: { from: null, to: sent.subject }, recipients: { from: null, to: sent.recipients } },
      },
      tx,
    );
  }
}
