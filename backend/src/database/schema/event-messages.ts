import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { users } from './users.js';

/** Who an organiser's message goes to: the students holding a place, the ones in line, or both. */
export const MESSAGE_AUDIENCES = ['registrants', 'waitlist', 'everyone'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
export const messageAudience = pgEnum('message_audience', MESSAGE_AUDIENCES);

/** A message an event's club sent its people, by e-mail and to their notifications. */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Null once the sender's account is gone; `sender_name` keeps who it was. */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    audience: messageAudience('audience').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** How many people it reached: counted when it is sent, then when it leaves (`deliveredAt`). */
    recipients: integer('recipients').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When its recipients were written and their e-mails queued: by a job, at the server's next
     * quiet moment (MessagesService.deliverDue), not in the organiser's request. Null until then.
     */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('event_messages_by_event').on(table.eventId, table.sentAt),
    index('event_messages_to_deliver')
      .on(table.sentAt)
      .where(sql`${table.deliveredAt} is null`),
  ],
);

/**
 * Who a message went to, as they were when it was sent: a student who registers later does not
 * see what was said before, and one who left still does.
 */
export const eventMessageRecipients = pgTable(
  'event_message_recipients',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => eventMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] }), index('event_message_recipients_by_user').on(table.userId)],
);

export type EventMessageRow = typeof eventMessages.$inferSelect;
