import { Injectable } from '@nestjs/common';
import type { Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import type { MailMessage } from '../mail/mail-layout.js';
import { MailService } from '../mail/mail.service.js';
import { UsersService } from '../users/users.service.js';
import { RegistrationInvites } from './registration-invites.js';
import type { RegistrationMail } from './registrations.mails.js';

/**
 * E-mails about registrations, one to each registration's student: the confirmations' and the
 * reminders' jobs both look up the students, give each e-mail the event's invite and My
 * Registrations' address, and queue them together in the job's transaction.
 */
@Injectable()
export class RegistrationMailer {
  constructor(
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly invites: RegistrationInvites,
  ) {}

  /** Queues `write`'s e-mail for each registration whose student and event (`eventOf`) exist. */
  async queue(
    rows: readonly RegistrationRow[],
    eventOf: (row: RegistrationRow) => EventRow | undefined,
    write: (mail: RegistrationMail, row: RegistrationRow, event: EventRow) => MailMessage,
    now: Date,
    tx: Executor,
  ): Promise<void> {
    const students = new Map(
      (
        await this.users.findByIds(
          rows.map((row) => row.userId),
          tx,
        )
      ).map((student) => [student.id, student]),
    );
    const mails = rows.flatMap((row) => {
      const [event, student] = [eventOf(row), students.get(row.userId)];
      if (!event || !student) return [];
      const invite = this.invites.attachmentFor(event, row, now);
      return [write({ to: student.email, studentName: student.name, eventName: event.name, url: this.invites.myRegistrationsUrl, invite }, row, event)];
    });
    await this.mail.sendMany(mails, tx);
  }
}
