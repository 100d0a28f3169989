import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';

/** What an admin invitation's e-mail says: which event of which club the invitee is asked to run, and the link. */
interface AdminInviteMail {
  to: string;
  eventName: string;
  clubName: string;
  url: string;
}

export function adminInviteMail({ to, eventName, clubName, url }: AdminInviteMail): MailMessage {
  const paragraphs = [
    'Hello,',
    `You are invited to be the club admin of ${oneLine(clubName)} for the festival event ${oneLine(eventName)}.`,
    'Open the invitation to see the event and create your admin account with this e-mail address.',
  ];
  const footnote = 'The invitation works once and expires in 7 days. If you did not expect it, ignore this e-mail: no account is created without you.';
  return {
    to,
    subject: `You are invited to run ${oneLine(eventName)} for ${oneLine(clubName)}`,
    urgent: true,
    text: `${paragraphs.join('\n\n')}\n\nOpen the invitation:\n${url}\n\n${footnote}\n`,
    html: layout('You are invited as a club admin', paragraphs, { label: 'Open the invitation', url }, footnote),
  };
}
