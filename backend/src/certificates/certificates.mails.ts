import type { CertificateRow } from '../database/schema/certificates.js';
import { layout, type MailMessage, oneLine } from '../mail/mail-layout.js';
import { certificateTitle } from './certificate-wording.js';

interface CertificatesIssuedMail {
  to: string;
  studentName: string;
  /** The student's certificates just issued, of one event. */
  certificates: readonly CertificateRow[];
  /** My Registrations, where they are downloaded. */
  url: string;
}

/**
 * A student's certificates of an event are ready: what they are and where to download them. No
 * PDF attached: an e-mail forwarded is no certificate, and the download is always the one issued.
 */
export function certificatesIssuedMail(mail: CertificatesIssuedMail): MailMessage {
  const event = oneLine(mail.certificates[0]?.eventName ?? '');
  const titles = mail.certificates.map((certificate) => certificateTitle(certificate));
  const what = titles.length === 1 ? `Your ${titles[0]} for ${event} is ready.` : `Your certificates for ${event} are ready: ${titles.join(' and ')}.`;
  const how = 'Download it from My Registrations. Its QR code and code let anyone check that it is genuine.';
  const footnote = 'You get this because the organisers issued certificates for an event you took part in.';
  return {
    to: mail.to,
    subject: titles.length === 1 ? `${event}: your certificate is ready` : `${event}: your certificates are ready`,
    text: `Hi ${oneLine(mail.studentName)},\n\n${what}\n\n${how}\n${mail.url}\n\n${footnote}\n`,
    html: layout(`Your certificate for ${event}`, [`Hi ${oneLine(mail.studentName)},`, what, how], { label: 'Open My Registrations', url: mail.url }, footnote),
  };
}
