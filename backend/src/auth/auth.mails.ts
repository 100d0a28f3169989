import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';

/** The account e-mails: each on the festival's layout, its name put on one line of plain text, its link on a line of its own (mail apps and terminals make it clickable). */
export function verificationMail(to: string, name: string, url: string): MailMessage {
  const paragraphs = [
    `Hi ${oneLine(name)},`,
    'Welcome to the festival! Confirm your e-mail address to finish creating your account, then sign in to register for events.',
  ];
  const footnote =
    'The link works once and expires in 24 hours; a newer link (sent when you sign in before verifying, or ask for one) replaces it. Opened in another browser than the one you signed up in, it asks for the password you chose. If you did not sign up, ignore this e-mail.';
  return {
    to,
    subject: 'Verify your e-mail to join the festival',
    urgent: true,
    text: `${paragraphs.join('\n\n')}\n\nVerify your e-mail:\n${url}\n\n${footnote}\n`,
    html: layout('Verify your e-mail', paragraphs, { label: 'Verify my e-mail', url }, footnote),
  };
}

export function passwordResetMail(to: string, name: string, url: string): MailMessage {
  const paragraphs = [`Hi ${oneLine(name)},`, 'Someone (hopefully you) asked to reset the password of your festival account.'];
  const footnote = 'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject: 'Reset your festival password',
    urgent: true,
    text: `${paragraphs.join('\n\n')}\n\nChoose a new password:\n${url}\n\n${footnote}\n`,
    html: layout('Reset your password', paragraphs, { label: 'Choose a new password', url }, footnote),
  };
}

/** Sent instead of a verification link when someone signs up with an address that has an account. */
export function accountExistsMail(to: string, name: string, signInUrl: string): MailMessage {
  const paragraphs = [
    `Hi ${oneLine(name)},`,
    'Someone (hopefully you) tried to create a festival account with this e-mail address, which already has one. No new account was created.',
    'Sign in with your password, or choose a new one with "Forgot password?" on the sign-in page.',
  ];
  const footnote = 'If it was not you, you need do nothing: your account and its password are unchanged.';
  return {
    to,
    subject: 'You already have a festival account',
    urgent: true,
    text: `${paragraphs.join('\n\n')}\n\nSign in:\n${signInUrl}\n\n${footnote}\n`,
    html: layout('You already have an account', paragraphs, { label: 'Sign in', url: signInUrl }, footnote),
  };
}
