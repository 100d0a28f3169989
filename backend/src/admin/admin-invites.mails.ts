import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';

/**
 * What an admin invitation's e-mail says: the invitee becomes a club admin of the club (who runs
 * all its events, as the admin side's rule has it), starting with the event named, and the link.
 */
interface AdminInviteMail {
  to: string;
  eventName: string;
  clubName: string;
  url: string;
}

export function adminInviteMail({ to, eventName, clubName, url }: AdminInviteMail): MailMessage {
  const paragraphs = [
    'Hello,',
    `You are invited to be a club admin of ${oneLine(clubName)}, starting with its festival event ${oneLine(eventName)}.`,
    `A club admin runs all of ${oneLine(clubName)}'s events: creating and changing them, approving registrations, and on the day, attendance and winners.`,
    'Open the invitation to see the event and create your admin account with this e-mail address.',
  ];
  const footnote = 'The invitation works once and expires in 7 days. If you did not expect it, ignore this e-mail: no account is created without you.';
  return {
    to,
    subject: `You are invited to be a club admin of ${oneLine(clubName)}, starting with ${oneLine(eventName)}`,
    urgent: true,
    text: `${paragraphs.join('\n\n')}\n\nOpen the invitation:\n${url}\n\n${footnote}\n`,
    html: layout('You are invited as a club admin', paragraphs, { label: 'Open the invitation', url }, footnote),
  };
}
