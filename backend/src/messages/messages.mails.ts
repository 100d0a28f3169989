import type { MessageAudience } from '../database/schema/event-messages.js';
import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';

interface EventMessageMail {
  /** The student's name, or the outbox's stand-in for each one's (`MailService.sendToEach`). */
  studentName: string;
  eventName: string;
  club: string;
  audience: MessageAudience;
  subject: string;
  body: string;
  /** The event's page. */
  url: string;
}

const WHY: Record<MessageAudience, string> = {
  registrants: 'everyone registered for',
  waitlist: 'everyone in the waitlist of',
  everyone: 'everyone registered for or waiting for',
};

/** An organiser's message to an event's people: their words as written, line by line, under the club's name. */
export function eventMessageMail(mail: EventMessageMail): Omit<MailMessage, 'to'> {
  const [event, club] = [oneLine(mail.eventName), oneLine(mail.club)];
  const intro = `${club} wrote to ${WHY[mail.audience]} ${event}:`;
  const lines = mail.body.split('\n').filter((line) => line.trim() !== '');
  const paragraphs = [`Hi ${oneLine(mail.studentName)},`, intro, ...lines];
  const footnote = `You get this as one of ${WHY[mail.audience]} ${event}. It is also in your notifications on the festival's site.`;
  return {
    subject: `${event}: ${oneLine(mail.subject)}`,
    text: `Hi ${oneLine(mail.studentName)},\n\n${intro}\n\n${mail.body}\n\nOpen the event:\n${mail.url}\n\n${footnote}\n`,
    html: layout(oneLine(mail.subject), paragraphs, { label: 'Open the event', url: mail.url }, footnote),
  };
}
