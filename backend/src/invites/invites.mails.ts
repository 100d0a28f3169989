import { unlinked } from '../common/plain-text.js';
import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';

/** What a team invite's e-mail says: who invites whom, to which team of which event, and its link. */
interface InviteMail {
  to: string;
  inviteeName: string;
  inviterName: string;
  teamName: string;
  eventName: string;
  url: string;
}

/** The invite's line in the bell and on the invite page (student-side §3's "message"). */
export function inviteMessage(inviterName: string, teamName: string, eventName: string): string {
  return `${oneLine(inviterName)} invited you to join their team ${oneLine(teamName)} for ${oneLine(eventName)}`;
}

/**
 * The invite's e-mail. The names in it are written by students (the team's, the inviter's) and
 * stay plain words: `unlinked` keeps a name stored before today's rules from becoming a link or
 * reading backwards, and the HTML layout escapes every value; the only link is the invite's.
 */
export function teamInviteMail({ to, url, ...written }: InviteMail): MailMessage {
  const [inviteeName, inviterName, teamName, eventName] = [written.inviteeName, written.inviterName, written.teamName, written.eventName].map(unlinked);
  const paragraphs = [`Hi ${oneLine(inviteeName)},`, `${inviteMessage(inviterName, teamName, eventName)}.`, 'Open the invite to accept or decline it.'];
  const footnote =
    'The invite works once and expires in 7 days. It also waits for you under the bell when you sign in. If you do not know the sender, ignore it.';
  return {
    to,
    subject: `${oneLine(inviterName)} invited you to their team for ${oneLine(eventName)}`,
    text: `${paragraphs.join('\n\n')}\n\nOpen the invite:\n${url}\n\n${footnote}\n`,
    html: layout('You are invited to a team', paragraphs, { label: 'Open the invite', url }, footnote),
  };
}
