import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with an e-mail (a calendar invite, a ticket's QR code): small, kept in the outbox with its message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text, or its bytes in base64 when `encoding` says so. */
  content: string;
  encoding?: 'base64';
  /** Shown inside the message (`<img src="cid:…">`) rather than offered as a file. */
  cid?: string;
}

/**
 * The transactional outbox: a message is written in the same transaction as the change that
 * causes it and delivered later by the delivery job, with retries, so an SMTP outage loses nothing.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /** An account e-mail someone waits for (a verification or reset link, an admin invitation): delivered before the others. */
    urgent: boolean('urgent').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The delivery order: urgent messages first, then the longest due.
    index('mail_outbox_due_urgent_first')
      .on(sql`${table.urgent} desc`, table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
  ],
);
