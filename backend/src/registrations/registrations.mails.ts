import type { MailAttachment } from '../database/schema/mail.js';
import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';

/** Who is told about which event, with My Registrations' address and the event's invite when it has a date. */
export interface RegistrationMail {
  to: string;
  studentName: string;
  eventName: string;
  /** My Registrations, where the ticket is. */
  url: string;
  invite?: MailAttachment;
}

const INVITE_LINE = 'The calendar invite attached puts the event in your calendar.';
const NO_DATE_LINE = 'Its date is not announced yet: My Registrations will show it.';

function mailWith(mail: RegistrationMail, subject: string, heading: string, paragraphs: string[], footnote: string): MailMessage {
  const action = { label: 'Open My Registrations', url: mail.url };
  return {
    to: mail.to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\nOpen My Registrations:\n${mail.url}\n\n${footnote}\n`,
    html: layout(heading, paragraphs, action, footnote),
    ...(mail.invite ? { attachments: [mail.invite] } : {}),
  };
}

/** Sent to each student a registration was recorded for (a team's members each get one), once it committed. */
export function registrationConfirmedMail(mail: RegistrationMail, awaitsApproval: boolean): MailMessage {
  const event = oneLine(mail.eventName);
  const state = awaitsApproval
    ? `Your registration for ${event} is recorded and awaits the club's approval; you will get an e-mail once they decide.`
    : `You're registered for ${event}.`;
  const paragraphs = [`Hi ${oneLine(mail.studentName)},`, state, mail.invite ? INVITE_LINE : NO_DATE_LINE];
  const subject = awaitsApproval ? `Your registration for ${event} awaits approval` : `You're registered for ${event}`;
  return mailWith(
    mail,
    subject,
    awaitsApproval ? 'Registration received' : "You're registered",
    paragraphs,
    'Your ticket for the door is on My Registrations.',
  );
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
    : 'Bring your ticket: it is on My Registrations.';
  const paragraphs = [`Hi ${oneLine(mail.studentName)},`, `${event} is tomorrow ${mail.time}${where}.`, ticket];
  const footnote = 'To stop these reminders, turn off "E-mail me a reminder the day before each event" on My Registrations.';
  return mailWith(mail, `Tomorrow: ${event}`, awaitsApproval ? 'Tomorrow, awaiting approval' : 'See you tomorrow', paragraphs, footnote);
}
