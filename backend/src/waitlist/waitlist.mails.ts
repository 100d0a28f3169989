import type { FestivalClock } from '../common/festival-clock.js';
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
  /** The festival's clock, which tells the offer's end. */
  clock: FestivalClock;
}

/** Sent to the head of the line (a team's leader) when a seat is held for them. */
export function seatOfferMail({ to, studentName, eventName, teamName, expiresAt, url, clock }: OfferMail): MailMessage {
  const event = oneLine(eventName);
  const until = clock.momentInWords(expiresAt);
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

/** Who waited for which event, and the page where they register or read why. */
interface LineMail {
  to: string;
  studentName: string;
  eventName: string;
  url: string;
}

/** Sent to everyone in line (a team's leader) when the event's capacity is lifted: the line is over and anyone may register. */
export function seatsOpenMail({ to, studentName, eventName, url }: LineMail): MailMessage {
  const event = oneLine(eventName);
  const paragraphs = [`Hi ${oneLine(studentName)},`, `${event} no longer limits its seats, so its waitlist is over: register now while registration is open.`];
  const footnote = 'Your place in line is closed: registering is all it takes now.';
  return {
    to,
    subject: `Seats are open for ${event}: register now.`,
    text: `${paragraphs.join('\n\n')}\n\nRegister:\n${url}\n\n${footnote}\n`,
    html: layout('Seats are open', paragraphs, { label: 'Register', url }, footnote),
  };
}

/**
 * Sent to the head of the line (a team's leader) when a seat came free but they could not take
 * it (registering's reason): their place in line is closed, and the seat went to the next one.
 */
export function lineClosedMail({ to, studentName, eventName, url, reason }: LineMail & { reason: string }): MailMessage {
  const event = oneLine(eventName);
  const paragraphs = [
    `Hi ${oneLine(studentName)},`,
    `A seat for ${event} came free, but it could not be offered to you: ${oneLine(reason)}`,
    'Your place in line is closed and the seat went to the next in line.',
  ];
  const footnote = 'You may join the line again once you could register.';
  return {
    to,
    subject: `Your place in line for ${event} is closed`,
    text: `${paragraphs.join('\n\n')}\n\nThe event:\n${url}\n\n${footnote}\n`,
    html: layout('Your place in line is closed', paragraphs, { label: 'See the event', url }, footnote),
  };
}

/** Sent to each member of a team (not its leader) when the leader cancels the team's registration. */
export function teamCancelledMail({ to, studentName, eventName, teamName, leaderName, url }: LineMail & { teamName: string; leaderName: string }): MailMessage {
  const event = oneLine(eventName);
  const team = oneLine(teamName);
  const paragraphs = [
    `Hi ${oneLine(studentName)},`,
    `${oneLine(leaderName)}, your team's leader, has cancelled ${team}'s registration for ${event}. Your ticket for it no longer admits you.`,
    'The team is still there, unregistered: its leader can register it again while seats and registration are open.',
  ];
  const footnote = 'If this is a surprise, talk to your team leader.';
  return {
    to,
    subject: `${team}'s registration for ${event} is cancelled`,
    text: `${paragraphs.join('\n\n')}\n\nThe event:\n${url}\n\n${footnote}\n`,
    html: layout('Your team is no longer registered', paragraphs, { label: 'See the event', url }, footnote),
  };
}
