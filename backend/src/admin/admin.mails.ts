import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';

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
