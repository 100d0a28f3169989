import { Injectable } from '@nestjs/common';
import { desc, eq, or } from 'drizzle-orm';
import { type AccountTraces, DELETED_ACCOUNT, mentions, withoutTraces } from '../common/erasure.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type EventMessageRow, eventMessageRecipients, eventMessages } from '../database/schema/event-messages.js';
import { events } from '../database/schema/events.js';

const RECIPIENTS_PER_STATEMENT = 10_000;

/** How many messages a student's notifications list. */
const STUDENT_MESSAGES = 50;

interface StudentMessageRow {
  message: EventMessageRow;
  eventName: string;
  clubInCharge: string | null;
}

/** The organisers' messages and who each went to. */
@Injectable()
export class MessagesRepository {
  constructor(private readonly database: DatabaseService) {}

  async insert(message: Omit<EventMessageRow, 'id' | 'sentAt'> & { sentAt: Date }, recipientIds: readonly string[], tx: Executor): Promise<EventMessageRow> {
    const [row] = await tx.insert(eventMessages).values(message).returning();
    // Two parameters a recipient: an event's every student fits PostgreSQL's 65,535 a statement in chunks.
    for (let start = 0; start < recipientIds.length; start += RECIPIENTS_PER_STATEMENT) {
      const chunk = recipientIds.slice(start, start + RECIPIENTS_PER_STATEMENT);
      await tx.insert(eventMessageRecipients).values(chunk.map((userId) => ({ messageId: row.id, userId })));
    }
    return row;
  }

  ofEvent(eventId: string): Promise<EventMessageRow[]> {
    return this.database.db.select().from(eventMessages).where(eq(eventMessages.eventId, eventId)).orderBy(desc(eventMessages.sentAt), desc(eventMessages.id));
  }

  /**
   * Erases a deleted account from the messages: its notifications go, a message it sent keeps the
   * placeholder as its sender, and its name, address or roll number is replaced wherever a message quotes it.
   */
  async eraseTraces(userId: string, traces: AccountTraces, executor: Executor): Promise<void> {
    await executor.delete(eventMessageRecipients).where(eq(eventMessageRecipients.userId, userId));
    await executor.update(eventMessages).set({ senderName: DELETED_ACCOUNT }).where(eq(eventMessages.senderId, userId));
    const { subject, body } = eventMessages;
    await executor
      .update(eventMessages)
      .set({ subject: withoutTraces(subject, traces), body: withoutTraces(body, traces) })
      .where(or(mentions(subject, traces), mentions(body, traces)));
  }

  /** The newest messages sent to the student, with their events' names. */
  toStudent(userId: string): Promise<StudentMessageRow[]> {
    return this.database.db
      .select({ message: eventMessages, eventName: events.name, clubInCharge: events.clubInCharge })
      .from(eventMessageRecipients)
      .innerJoin(eventMessages, eq(eventMessages.id, eventMessageRecipients.messageId))
      .innerJoin(events, eq(events.id, eventMessages.eventId))
      .where(eq(eventMessageRecipients.userId, userId))
      .orderBy(desc(eventMessages.sentAt), desc(eventMessages.id))
      .limit(STUDENT_MESSAGES);
  }
}
