/** A message ready for the outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A name as one line of plain text. Names are checked at sign-up, but one stored before that
 * rule (or by the super admin command) must still not start a line of its own in the e-mail.
 */
const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim();

function layout(heading: string, paragraphs: string[], action: { label: string; url: string }, footnote: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  return `<!doctype html><html><body style="margin:0;background:#f4f1fb;font-family:Segoe UI,Roboto,Arial,sans-serif;color:#1f1b2e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td><h1 style="margin:0 0 16px;font-size:22px;color:#5b21b6">${escape(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#7c3aed;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600;display:inline-block">${escape(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#5b5670">If the button does not work, open this link: <a href="${escape(action.url)}" style="color:#5b21b6">${escape(action.url)}</a></p>
<p style="margin:16px 0 0;font-size:13px;color:#5b5670">${escape(footnote)}</p></td></tr></table></td></tr></table></body></html>`;
}

export function verificationMail(to: string, name: string, url: string): MailMessage {
  const paragraphs = [`Hi ${oneLine(name)},`, 'Welcome to the festival! Confirm your e-mail address to finish creating your account, then sign in to register for events.'];
  const footnote =
    'The link works once and expires in 24 hours. Opened in another browser than the one you signed up in, it asks for the password you chose. If you did not sign up, ignore this e-mail.';
  return {
    to,
    subject: 'Verify your e-mail to join the festival',
    text: `${paragraphs.join('\n\n')}\n\nVerify your e-mail: ${url}\n\n${footnote}\n`,
    html: layout('Verify your e-mail', paragraphs, { label: 'Verify my e-mail', url }, footnote),
  };
}

export function passwordResetMail(to: string, name: string, url: string): MailMessage {
  const paragraphs = [`Hi ${oneLine(name)},`, 'Someone (hopefully you) asked to reset the password of your festival account.'];
  const footnote = 'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject: 'Reset your festival password',
    text: `${paragraphs.join('\n\n')}\n\nChoose a new password: ${url}\n\n${footnote}\n`,
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
    text: `${paragraphs.join('\n\n')}\n\nSign in: ${signInUrl}\n\n${footnote}\n`,
    html: layout('You already have an account', paragraphs, { label: 'Sign in', url: signInUrl }, footnote),
  };
}
