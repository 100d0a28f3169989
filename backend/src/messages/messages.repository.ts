import { Injectable } from '@nestjs/common';
import { asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type AccountTraces, DELETED_ACCOUNT, mentions, withoutTraces } from '../common/erasure.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type EventMessageRow, eventMessageRecipients, eventMessages } from '../database/schema/event-messages.js';
import { events } from '../database/schema/events.js';

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

  async insert(message: Omit<EventMessageRow, 'id' | 'sentAt' | 'deliveredAt'> & { sentAt: Date }, tx: Executor): Promise<EventMessageRow> {
    const [row] = await tx.insert(eventMessages).values(message).returning();
    return row;
  }

  /** How many people each audience (a subquery of one column, `id`) names, each once: one statement for them all. */
  async countEach<Name extends string>(audiences: Record<Name, SQL>, executor: Executor): Promise<Record<Name, number>> {
    const counts = Object.entries<SQL>(audiences).map(
      ([name, audience]) => sql`(select count(distinct id)::int from (${audience}) as audience) as ${sql.identifier(name)}`,
    );
    const { rows } = (await executor.execute(sql`select ${sql.join(counts, sql`, `)}`)) as { rows: Record<Name, number>[] };
    return rows[0];
  }

  /**
   * The oldest message still to deliver, locked for the caller's transaction; one another
   * instance is delivering is passed over.
   */
  async claimUndelivered(tx: Executor): Promise<EventMessageRow | undefined> {
    const [row] = await tx
      .select()
      .from(eventMessages)
      .where(isNull(eventMessages.deliveredAt))
      .orderBy(asc(eventMessages.sentAt), asc(eventMessages.id))
      .limit(1)
      .for('update', { skipLocked: true });
    return row;
  }

  /**
   * Writes the message's recipients, everyone `audience` (a subquery of one column, `id`) names,
   * each once, counts them and marks the message delivered: one statement however many people,
   * none of whom passes through this process. Answers how many it reached.
   */
  async deliver(messageId: string, audience: SQL, tx: Executor): Promise<number> {
    const { rows } = (await tx.execute(sql`
      with added as (
        insert into ${eventMessageRecipients} (message_id, user_id)
        select distinct ${messageId}::uuid, audience.id from (${audience}) as audience
        returning 1)
      update ${eventMessages} set recipients = (select count(*) from added), delivered_at = now() where ${eventMessages.id} = ${messageId}
      returning recipients`)) as { rows: { recipients: number }[] };
    return rows[0].recipients;
  }

  /** Who the message went to, as a subquery of one column, `id`. */
  recipientIdsOf(messageId: string): SQL {
    return sql`select ${eventMessageRecipients.userId} as id from ${eventMessageRecipients} where ${eventMessageRecipients.messageId} = ${messageId}`;
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
