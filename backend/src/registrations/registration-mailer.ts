import { Injectable } from '@nestjs/common';
import type { Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import type { MailMessage, MailTicket } from '../mail/mail-layout.js';
import { MailService } from '../mail/mail.service.js';
import { UsersService } from '../users/users.service.js';
import { mailTicket } from './mail-tickets.js';
import { RegistrationInvites } from './registration-invites.js';
import type { RegistrationMail } from './registrations.mails.js';
import { RegistrationsRepository } from './registrations.repository.js';

/**
 * E-mails about registrations, one to each registration's student: the confirmations', the
 * reminders' and the change notices' jobs, and a club's approvals, all look up the students, give
 * each e-mail the event's invite and My Registrations' address (and the ticket, when asked), and
 * queue them together in the caller's transaction.
 */
@Injectable()
export class RegistrationMailer {
  constructor(
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly invites: RegistrationInvites,
    private readonly events: EventsService,
    private readonly registrations: RegistrationsRepository,
  ) {}

  /**
   * Queues `write`'s e-mail for each registration whose student and event (`eventOf`) exist;
   * the registrations `ticketed` picks carry their ticket.
   */
  async queue(
    rows: readonly RegistrationRow[],
    eventOf: (row: RegistrationRow) => EventRow | undefined,
    write: (mail: RegistrationMail, row: RegistrationRow, event: EventRow) => MailMessage,
    now: Date,
    tx: Executor,
    ticketed: (row: RegistrationRow) => boolean = () => false,
  ): Promise<void> {
    const students = await this.studentsOf(rows, tx);
    const tickets = await this.ticketsOf(rows.filter(ticketed), eventOf, students, tx);
    const mails = rows.flatMap((row) => {
      const [event, student] = [eventOf(row), students.get(row.userId)];
      if (!event || !student) return [];
      const invite = this.invites.attachmentFor(event, row, now);
      const ticket = ticketed(row) ? tickets.get(row.ticketCode) : undefined;
      return [write({ to: student.email, studentName: student.name, eventName: event.name, url: this.invites.myRegistrationsUrl, invite, ticket }, row, event)];
    });
    await this.mail.sendMany(mails, tx);
  }

  /** `30 August 2025 at 10:00 am IST` (or from … to …), in the festival's zone; null without a date. */
  whenOf(event: EventRow): string | null {
    const clock = this.events.festivalClock;
    return event.eventDate ? `${clock.dateInWords(event.eventDate)} ${clock.hoursInWords(event.eventDate, event.eventEndDate)}` : null;
  }

  private async studentsOf(rows: readonly RegistrationRow[], tx: Executor): Promise<Map<string, UserRow>> {
    const found = await this.users.findByIds([...new Set(rows.map((row) => row.userId))], tx);
    return new Map(found.map((student) => [student.id, student]));
  }

  /**
   * Each ticket once, by its code (a team's members share theirs), naming everyone holding its
   * seat: a team's members are read with the seat, since a batch may hold only some of them.
   */
  private async ticketsOf(
    rows: readonly RegistrationRow[],
    eventOf: (row: RegistrationRow) => EventRow | undefined,
    students: Map<string, UserRow>,
    tx: Executor,
  ): Promise<Map<string, MailTicket>> {
    const teamCodes = [...new Set(rows.flatMap((row) => (row.teamId ? [row.ticketCode] : [])))];
    const holders = [...rows.filter((row) => !row.teamId), ...(await this.registrations.findStandingByTickets(teamCodes, tx))];
    const unknown = holders.filter((row) => !students.has(row.userId));
    const names = new Map([...students, ...(await this.studentsOf(unknown, tx))].map(([id, student]) => [id, student.name]));
    const tickets = new Map<string, MailTicket>();
    for (const row of rows) {
      const event = eventOf(row);
      if (!event || tickets.has(row.ticketCode)) continue;
      const seat = holders.filter((holder) => holder.ticketCode === row.ticketCode);
      const holderNames = seat.flatMap((holder) => names.get(holder.userId) ?? []);
      tickets.set(
        row.ticketCode,
        mailTicket({
          code: row.ticketCode,
          eventName: event.name,
          when: this.whenOf(event),
          venue: event.venue,
          holders: holderNames,
          team: row.teamId !== null,
        }),
      );
    }
    return tickets;
  }
}
