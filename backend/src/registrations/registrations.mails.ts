import type { MailAttachment } from '../database/schema/mail.js';
import { layout, type MailMessage, type MailTicket, oneLine, ticketText } from '../mail/mail-layout.js';
import type { Decision, RegistrationDecision } from './registrations.dto.js';

/**
 * Who is told about which event, with My Registrations' address, the event's invite when it has a
 * date, and the ticket when the e-mail carries it.
 */
export interface RegistrationMail {
  to: string;
  studentName: string;
  eventName: string;
  /** My Registrations, where the ticket is. */
  url: string;
  invite?: MailAttachment;
  ticket?: MailTicket;
}

const INVITE_LINE = 'The calendar invite attached puts the event in your calendar.';
const NO_DATE_LINE = 'Its date is not announced yet: My Registrations will show it.';
const TICKET_LINE = 'Your ticket is below: show its QR code, or say its code, at the door.';
const TICKET_FOOTNOTE = 'Your ticket is also on My Registrations, ready to show full screen or to print.';

function mailWith(mail: RegistrationMail, subject: string, heading: string, paragraphs: string[], footnote: string): MailMessage {
  const action = { label: 'Open My Registrations', url: mail.url };
  const ticket = mail.ticket ? `\n\n${ticketText(mail.ticket)}` : '';
  const attachments = [mail.invite, mail.ticket?.image].filter((file) => file !== undefined);
  return {
    to: mail.to,
    subject,
    text: `${paragraphs.join('\n\n')}${ticket}\n\nOpen My Registrations:\n${mail.url}\n\n${footnote}\n`,
    html: layout(heading, paragraphs, action, footnote, mail.ticket),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

/** Sent to each student a registration was recorded for (a team's members each get one), once it committed. */
export function registrationConfirmedMail(mail: RegistrationMail, awaitsApproval: boolean): MailMessage {
  const event = oneLine(mail.eventName);
  const state = awaitsApproval
    ? `Your registration for ${event} is recorded and awaits the club's approval; you will get an e-mail once they decide.`
    : `You're registered for ${event}.`;
  const ticket = awaitsApproval ? 'Your ticket comes with the approval: until then the door does not let it in.' : TICKET_LINE;
  const paragraphs = [`Hi ${oneLine(mail.studentName)},`, state, mail.invite ? INVITE_LINE : NO_DATE_LINE, ticket];
  const subject = awaitsApproval ? `Your registration for ${event} awaits approval` : `You're registered for ${event}`;
  return mailWith(mail, subject, awaitsApproval ? 'Registration received' : "You're registered", paragraphs, TICKET_FOOTNOTE);
}

/**
 * To each student holding a place in an event whose time or venue changed, with the invite again
 * (same UID, higher SEQUENCE), which moves the calendar's entry.
 */
export function eventChangedMail(
  mail: RegistrationMail & {
    what: 'time' | 'venue' | 'time and venue';
    /** `30 August 2025 at 10:00 am IST`, null once the date is withdrawn */ when: string | null;
    venue: string | null;
  },
): MailMessage {
  const event = oneLine(mail.eventName);
  const when = mail.when ? `It now takes place on ${mail.when}` : 'Its new date is not announced yet';
  const where = mail.venue ? `, at ${oneLine(mail.venue)}` : '';
  const paragraphs = [
    `Hi ${oneLine(mail.studentName)},`,
    `The ${mail.what} of ${event} changed. ${when}${where}.`,
    mail.invite ? 'The calendar invite attached moves the event in your calendar.' : NO_DATE_LINE,
  ];
  return mailWith(mail, `${event}: new ${mail.what}`, `New ${mail.what}`, paragraphs, 'Your registration and ticket stay as they were.');
}

/**
 * The day before the event, to each student holding a place in it who has not turned reminders
 * off. A pending registration holds its place but is not yet accepted: it is told so, not to
 * bring a ticket the club may still turn down.
 */
export function eventReminderMail(
  mail: RegistrationMail & { /** `at 10:00 am IST` or `from … to … IST` */ time: string; venue: string | null },
  awaitsApproval: boolean,
): MailMessage {
  const event = oneLine(mail.eventName);
  const where = mail.venue ? `, at ${oneLine(mail.venue)}` : '';
  const ticket = awaitsApproval
    ? "Your registration still awaits the club's approval: you will get an e-mail once they decide, and My Registrations shows it."
    : 'Bring your ticket: it is below, and on My Registrations.';
  const paragraphs = [`Hi ${oneLine(mail.studentName)},`, `${event} is tomorrow ${mail.time}${where}.`, ticket];
  const footnote = 'To stop these reminders, turn off "E-mail me a reminder the day before each event" on My Registrations.';
  return mailWith(mail, `Tomorrow: ${event}`, awaitsApproval ? 'Tomorrow, awaiting approval' : 'See you tomorrow', paragraphs, footnote);
}

const DECISION_WORDS: Record<Decision, { subject: string; heading: string; sentence: string }> = {
  approved: { subject: 'approved', heading: 'Registration approved', sentence: 'has been approved. See you there!' },
  rejected: { subject: 'not approved', heading: 'Registration not approved', sentence: 'was not approved by its organisers, and its seat has been given up.' },
};

/**
 * Sent to each student whose pending registration a club admin decided (a team's members each get
 * one); an approval carries the ticket, now valid at the door.
 */
export function registrationDecisionMail(mail: RegistrationMail, { status, reason }: RegistrationDecision): MailMessage {
  const event = oneLine(mail.eventName);
  const words = DECISION_WORDS[status];
  const paragraphs = [`Hi ${oneLine(mail.studentName)},`, `Your registration for ${event} ${words.sentence}`];
  if (reason) paragraphs.push(`The organisers said: “${oneLine(reason)}”`);
  if (mail.ticket) paragraphs.push(TICKET_LINE);
  return mailWith(
    mail,
    `Your registration for ${event} was ${words.subject}`,
    words.heading,
    paragraphs,
    'My Registrations shows the status of each of your registrations.',
  );
}
