import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AccountTraces, jsonWithoutTraces, mentions, withoutTraces } from '../common/erasure.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { mailOutbox } from '../database/schema/mail.js';
import type { MailMessage } from './mail-layout.js';

/** Messages per insert, well inside PostgreSQL's 65,535 parameters a statement at six each. */
const MESSAGES_PER_STATEMENT = 1000;

export type OutboxRow = typeof mailOutbox.$inferSelect;

export const MAX_ATTEMPTS = 10;

export interface OutboxBacklog {
  /** Unsent messages with attempts left, due or waiting for a retry. */
  pending: number;
  oldestPendingSeconds: number;
  /** Refused, or out of attempts: never delivered. */
  givenUp: number;
}

/**
 * The outbox's times are the database's `now()`, not the app's clock: leases and retries are
 * shared by every delivering instance, and each claim decides "due" in one locking statement.
 */
@Injectable()
export class OutboxRepository {
  constructor(private readonly database: DatabaseService) {}

  async add(message: MailMessage, executor: Executor = this.database.db): Promise<void> {
    await this.addMany([message], executor);
  }

  /**
   * The messages in as few statements as PostgreSQL takes (a batch of confirmations costs one round
   * trip, not one each): a statement holds at most 65,535 parameters, six a message, so a message
   * to every one of an event's thousands of people is written a thousand at a time.
   */
  async addMany(messages: readonly MailMessage[], executor: Executor = this.database.db): Promise<void> {
    for (let start = 0; start < messages.length; start += MESSAGES_PER_STATEMENT) {
      await executor
        .insert(mailOutbox)
        .values(
          messages
            .slice(start, start + MESSAGES_PER_STATEMENT)
            .map(({ to, subject, text, html, attachments = [], urgent = false }) => ({ recipient: to, subject, text, html, attachments, urgent })),
        );
    }
  }

  /**
   * One message to each of `people` (a subquery of the columns `email` and `name`), written by the
   * database: the message is sent once, with `nameSlot` where a person's name goes, and each copy
   * takes its person's name on one line (as `oneLine` puts it; in the page, escaped as `layout`
   * escapes text). One statement and a few kilobytes, however many people.
   */
  async addForEach(message: Omit<MailMessage, 'to'>, nameSlot: string, people: SQL, executor: Executor): Promise<void> {
    const name = sql`btrim(regexp_replace(person.name, '[[:space:][:cntrl:]]+', ' ', 'g'))`;
    const htmlName = sql`replace(replace(replace(replace(replace(${name}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;
    await executor.execute(sql`
      insert into ${mailOutbox} (recipient, subject, text, html, attachments, urgent)
      select person.email, replace(${message.subject}, ${nameSlot}, ${name}), replace(${message.text}, ${nameSlot}, ${name}),
        replace(${message.html}, ${nameSlot}, ${htmlName}), ${JSON.stringify(message.attachments ?? [])}::jsonb, ${message.urgent ?? false}
      from (${people}) as person`);
  }

  /**
   * Claims up to `limit` due messages, urgent ones first (`MailMessage.urgent`), in one statement
   * and hides them from other deliverers for `leaseMs`, in case this one dies mid-send; SKIP
   * LOCKED lets several instances deliver side by side. The caller starts every claimed attempt
   * at once, so the lease covers each of them. `urgentOnly` leaves the bulk ones for later.
   */
  async claimDue(limit: number, leaseMs: number, { urgentOnly = false } = {}): Promise<OutboxRow[]> {
    const due = this.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          lt(mailOutbox.attempts, MAX_ATTEMPTS),
          urgentOnly ? eq(mailOutbox.urgent, true) : undefined,
        ),
      )
      .orderBy(desc(mailOutbox.urgent), asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await this.database.db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    // UPDATE … RETURNING gives no order: urgent first again, so they are handed over first.
    return claimed.sort((a, b) => Number(b.urgent) - Number(a.urgent));
  }

  /** What waits in the outbox (through its index of unsent messages), for the metrics. */
  async backlog(): Promise<OutboxBacklog> {
    const attemptsLeft = lt(mailOutbox.attempts, MAX_ATTEMPTS);
    const [row] = await this.database.db
      .select({
        pending: sql<number>`count(*) filter (where ${attemptsLeft})`.mapWith(Number),
        oldestPendingSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${attemptsLeft})), 0)`.mapWith(Number),
        givenUp: sql<number>`count(*) filter (where not ${attemptsLeft})`.mapWith(Number),
      })
      .from(mailOutbox)
      .where(isNull(mailOutbox.sentAt));
    return row;
  }

  /**
   * Keeps who was sent what subject, and drops the body: its verification or reset link is a
   * secret that a copy of the database (a backup, a replica) must not hand out.
   */
  async markSent(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.database.db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, lastError: null, text: '', html: '' })
      .where(inArray(mailOutbox.id, ids));
  }

  /** Never tried again, with the reason; like a sent message, it keeps no link. */
  async refuse(id: string, reason: string): Promise<void> {
    await this.database.db.update(mailOutbox).set({ attempts: MAX_ATTEMPTS, lastError: reason, text: '', html: '' }).where(eq(mailOutbox.id, id));
  }

  /**
   * Erases a deleted account from the outbox: its own messages go (sent or not), and its name,
   * address and roll number are replaced in others' (a team's notice naming it, say).
   */
  async eraseTraces(traces: AccountTraces, executor: Executor): Promise<void> {
    await executor.delete(mailOutbox).where(eq(mailOutbox.recipient, traces.email));
    const { subject, text, html, attachments } = mailOutbox;
    await executor
      .update(mailOutbox)
      .set({
        subject: withoutTraces(subject, traces),
        text: withoutTraces(text, traces),
        html: withoutTraces(html, traces),
        attachments: jsonWithoutTraces(attachments, traces),
      })
      .where(or(mentions(subject, traces), mentions(text, traces), mentions(html, traces), mentions(attachments, traces)));
  }

  /** What was sent (or is waiting to be sent) to the address, newest first: subjects and times, not bodies (a sent one keeps none). */
  sentTo(email: string): Promise<{ subject: string; createdAt: Date; sentAt: Date | null }[]> {
    const { subject, createdAt, sentAt } = mailOutbox;
    return this.database.db.select({ subject, createdAt, sentAt }).from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(createdAt));
  }

  /** Deletes the messages done with (sent, or given up) and written more than `days` days ago. */
  async deleteDoneOlderThan(days: number): Promise<void> {
    const done = or(sql`${mailOutbox.sentAt} is not null`, sql`${mailOutbox.attempts} >= ${MAX_ATTEMPTS}`);
    await this.database.db.delete(mailOutbox).where(and(done, lt(mailOutbox.createdAt, sql`now() - make_interval(days => ${days})`)));
  }

  async scheduleRetry(id: string, delaySeconds: number, error: string): Promise<void> {
    await this.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`, lastError: error.slice(0, 1000) })
      .where(eq(mailOutbox.id, id));
  }
}
