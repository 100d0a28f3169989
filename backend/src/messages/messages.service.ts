import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import type { AccountTraces } from '../common/erasure.js';
import type { SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
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
 * students holding a place, those in its line, or both. A message is written, its e-mails queued
 * and its audit record kept in one transaction, with its recipients as they were at that moment.
 */
@Injectable()
export class MessagesService {
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
    const [sent, registrants, waitlist] = [
      await this.messages.ofEvent(event.id),
      await this.peopleOf(event.id, 'registrants', this.database.db),
      await this.peopleOf(event.id, 'waitlist', this.database.db),
    ];
    const everyone = new Set([...registrants, ...waitlist]).size;
    return { messages: sent.map(toEventMessage), audience: { registrants: registrants.length, waitlist: waitlist.length, everyone } };
  }

  /**
   * Sends the message. The event's budget (MESSAGES_PER_EVENT an hour) is counted once the sender
   * is known to run the event, so another club's admin cannot spend it.
   */
  async send(admin: SessionUser, eventId: string, message: SendMessageDto): Promise<{ message: string; sent: EventMessageResponse }> {
    const event = await this.events.getAdministered(admin, eventId);
    this.events.requireOpenEdition(event);
    await this.throttling.consume('messagesByEvent', event.id);
    const { audience, subject, body } = message;
    const row = await this.database.transaction(async (tx) => {
      const people = await this.peopleOf(event.id, audience, tx);
      if (people.length === 0) throw new BadRequestException('Nobody is in that audience yet.');
      const students = await this.users.findByIds(people, tx);
      const sent = await this.messages.insert(
        { eventId: event.id, senderId: admin.id, senderName: admin.name, audience, subject, body, recipients: students.length, sentAt: this.clock.now() },
        students.map((student) => student.id),
        tx,
      );
      await this.mail.sendToEach(
        (studentName) => eventMessageMail({ studentName, ...this.mailContext(event), audience, subject, body }),
        students.map((student) => ({ email: student.email, name: student.name })),
        tx,
      );
      await this.record(admin, event, sent, tx);
      return sent;
    });
    return { message: `Message sent to ${row.recipients} ${row.recipients === 1 ? 'person' : 'people'}.`, sent: toEventMessage(row) };
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

  /** The students an audience reaches now, each once; read one after another through `executor`. */
  private async peopleOf(eventId: string, audience: MessageAudience, executor: Executor): Promise<string[]> {
    const people = new Set<string>();
    if (audience !== 'waitlist') for (const row of await this.registrations.standingOf(eventId, executor)) people.add(row.userId);
    if (audience !== 'registrants') for (const id of await this.waitlist.studentsInLine(eventId, executor)) people.add(id);
    return [...people];
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
