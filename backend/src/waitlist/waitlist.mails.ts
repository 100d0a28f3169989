import { festivalMomentInWords } from '../events/festival-calendar.service.js';
import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';

/** Who is offered which event's seat, until when, and the page where they answer. */
interface OfferMail {
  to: string;
  studentName: string;
  eventName: string;
  /** The team the seat is for, when a whole team waited. */
  teamName: string | null;
  expiresAt: Date;
  url: string;
}

/** Sent to the head of the line (a team's leader) when a seat is held for them. */
export function seatOfferMail({ to, studentName, eventName, teamName, expiresAt, url }: OfferMail): MailMessage {
  const event = oneLine(eventName);
  const until = festivalMomentInWords(expiresAt);
  const forWhom = teamName ? `your team ${oneLine(teamName)}` : 'you';
  const paragraphs = [
    `Hi ${oneLine(studentName)},`,
    `A seat for ${event} has come free and is held for ${forWhom} until ${until}.`,
    'Accept it to register, or decline it so it passes to the next in line.',
  ];
  const footnote = 'If you do not answer by then, the seat passes to the next in line. The offer also waits for you under the bell when you sign in.';
  return {
    to,
    subject: `A seat for ${event} is yours until ${until}`,
    text: `${paragraphs.join('\n\n')}\n\nAnswer the offer:\n${url}\n\n${footnote}\n`,
    html: layout('A seat is yours', paragraphs, { label: 'Answer the offer', url }, footnote),
  };
}
