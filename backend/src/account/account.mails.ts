import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';

/** A team a deleted account left, told to those still in it. */
interface TeamLeftMail {
  to: string;
  studentName: string;
  eventName: string;
  teamName: string;
  /** The team's leader now, when the leaving account led it. */
  newLeaderName: string | null;
  /** How many are in the team now, and whether it still holds its seat. */
  members: number;
  registered: boolean;
  url: string;
}

/** Sent to each member still in a team when a member's account is deleted: who leads it now, and where it stands. */
export function teamMemberGoneMail({ to, studentName, eventName, teamName, newLeaderName, members, registered, url }: TeamLeftMail): MailMessage {
  const event = oneLine(eventName);
  const team = oneLine(teamName);
  const paragraphs = [
    `Hi ${oneLine(studentName)},`,
    `A member of your team ${team} for ${event} deleted their account and has left the team.`,
    ...(newLeaderName ? [`${oneLine(newLeaderName)} leads the team now.`] : []),
    registered
      ? `The team stays registered, with ${members} member${members === 1 ? '' : 's'}.`
      : `The team has ${members} member${members === 1 ? '' : 's'} now; its leader can invite someone else before registering it.`,
  ];
  const footnote = 'Check that your team still meets the event’s rules on its page.';
  return {
    to,
    subject: `Your team ${team} for ${event} has changed`,
    text: `${paragraphs.join('\n\n')}\n\nSee the team:\n${url}\n\n${footnote}\n`,
    html: layout('Your team has changed', paragraphs, { label: 'See the team', url }, footnote),
  };
}
