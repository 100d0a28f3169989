import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';
import type { Decision, RegistrationDecision } from '../registrations/registrations.dto.js';

/** Who is told and about which event, with the page the button opens. */
interface EventMail {
  to: string;
  studentName: string;
  eventName: string;
  url: string;
}

/** Sent to every student registered for an event its club deleted, and to everyone in its line (`inLine`). */
export function eventCancelledMail({ to, studentName, eventName, url }: EventMail, inLine = false): MailMessage {
  const event = oneLine(eventName);
  const yours = inLine ? 'your place in its waitlist is closed' : 'your registration for it is cancelled';
  const paragraphs = [`Hi ${oneLine(studentName)},`, `${event} has been cancelled by its organisers, so ${yours} too.`];
  const footnote = 'Other events of the festival may still have seats.';
  return {
    to,
    subject: `${event} has been cancelled`,
    text: `${paragraphs.join('\n\n')}\n\nSee the festival's events:\n${url}\n\n${footnote}\n`,
    html: layout('Event cancelled', paragraphs, { label: "See the festival's events", url }, footnote),
  };
}

const DECISION_WORDS: Record<Decision, { subject: string; heading: string; sentence: string }> = {
  approved: { subject: 'approved', heading: 'Registration approved', sentence: 'has been approved. See you there!' },
  rejected: { subject: 'not approved', heading: 'Registration not approved', sentence: 'was not approved by its organisers, and its seat has been given up.' },
};

/** Sent to each student whose pending registration a club admin decided (a team's members each get one). */
export function registrationDecisionMail({ to, studentName, eventName, url }: EventMail, { status, reason }: RegistrationDecision): MailMessage {
  const event = oneLine(eventName);
  const words = DECISION_WORDS[status];
  const paragraphs = [`Hi ${oneLine(studentName)},`, `Your registration for ${event} ${words.sentence}`];
  if (reason) paragraphs.push(`The organisers said: “${oneLine(reason)}”`);
  const footnote = 'My Registrations shows the status of each of your registrations.';
  return {
    to,
    subject: `Your registration for ${event} was ${words.subject}`,
    text: `${paragraphs.join('\n\n')}\n\nOpen My Registrations:\n${url}\n\n${footnote}\n`,
    html: layout(words.heading, paragraphs, { label: 'Open My Registrations', url }, footnote),
  };
}
