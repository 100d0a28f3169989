import type { MailAttachment } from '../database/schema/mail.js';

/** A message ready for the outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it, such as an event's calendar invite. */
  attachments?: MailAttachment[];
  /**
   * An account e-mail someone is waiting for at their screen (a verification or reset link, an
   * admin invitation): delivered before every other message due, so a rush's thousands of
   * confirmations never hold up a sign-up.
   */
  urgent?: boolean;
}

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);

/**
 * A name as one line of plain text. Names are checked at sign-up, but one stored before that
 * rule (or by the super admin command) must still not start a line of its own in the e-mail.
 */
export const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/**
 * A ticket as an e-mail carries it: its QR code (an inline image holding the code alone), the code
 * in fours to read aloud or type, and what it admits to, line by line.
 */
export interface MailTicket {
  code: string;
  lines: string[];
  image: MailAttachment & { cid: string };
}

/** The ticket in the message's plain text. */
export const ticketText = (ticket: MailTicket) => `Ticket code: ${ticket.code}\n${ticket.lines.join('\n')}`;

function ticketHtml({ code, lines, image }: MailTicket): string {
  const details = lines.map((line) => `<p style="margin:0 0 4px;font-size:14px">${escape(line)}</p>`).join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border:2px dashed #c4b5fd;border-radius:12px"><tr>
<td style="padding:16px;width:192px" valign="top"><img src="cid:${escape(image.cid)}" width="192" height="192" alt="Ticket QR code" style="display:block;background:#ffffff"></td>
<td style="padding:16px" valign="top"><p style="margin:0 0 4px;font-size:13px;color:#5b5670">Ticket code</p>
<p style="margin:0 0 12px;font-family:Consolas,Menlo,monospace;font-size:20px;font-weight:700;letter-spacing:1px">${escape(code)}</p>${details}</td></tr></table>`;
}

/**
 * The festival's e-mail page around a heading, paragraphs, one button and a footnote, with a
 * ticket after the paragraphs when there is one; every value is escaped.
 */
export function layout(heading: string, paragraphs: string[], action: { label: string; url: string }, footnote: string, ticket?: MailTicket): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('') + (ticket ? ticketHtml(ticket) : '');
  return `<!doctype html><html><body style="margin:0;background:#f4f1fb;font-family:Segoe UI,Roboto,Arial,sans-serif;color:#1f1b2e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td><h1 style="margin:0 0 16px;font-size:22px;color:#5b21b6">${escape(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#7c3aed;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600;display:inline-block">${escape(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#5b5670">If the button does not work, open this link: <a href="${escape(action.url)}" style="color:#5b21b6">${escape(action.url)}</a></p>
<p style="margin:16px 0 0;font-size:13px;color:#5b5670">${escape(footnote)}</p></td></tr></table></td></tr></table></body></html>`;
}

interface PrintableMail {
  recipient: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/**
 * An e-mail as a block of plain text for a terminal, when no SMTP server is configured: its
 * address and subject, then its text as written, so links stay whole on their own lines.
 */
export function printableMail({ recipient, subject, text, attachments = [] }: PrintableMail): string {
  const rule = '-'.repeat(72);
  // Attachments are named, not printed: a calendar invite's text would bury the message.
  const attached = attachments
    .map(({ filename, contentType, content, encoding }) => `Attached: ${filename} (${contentType}, ${Buffer.byteLength(content, encoding)} bytes)\n`)
    .join('');
  return `${rule}\nTo: ${recipient}\nSubject: ${subject}\n\n${text.trimEnd()}\n${attached}${rule}\n`;
}
