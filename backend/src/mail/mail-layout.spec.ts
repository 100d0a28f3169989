import { verificationMail } from '../auth/auth.mails.js';
import { printableMail } from './mail-layout.js';

describe('printableMail', () => {
  it('prints the address, the subject and the text with real line breaks, the link alone on its line', () => {
    const url = 'http://localhost:5173/auth/verify/abc_DEF-123';
    const { to, subject, text } = verificationMail('priya@campus.ac.in', 'Priya', url);
    const lines = printableMail({ recipient: to, subject, text }).split('\n');
    expect(lines).toContain('To: priya@campus.ac.in');
    expect(lines).toContain('Subject: Verify your e-mail to join the festival');
    expect(lines).toContain(url);
    expect(lines.join('\n')).not.toContain('\\n');
  });

  it('names each attachment with its type and size below the text, without printing its content', () => {
    const content = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const printed = printableMail({
      recipient: 'priya@campus.ac.in',
      subject: "You're registered for Code Sprint",
      text: 'See you there.',
      attachments: [{ filename: 'code-sprint.ics', contentType: 'text/calendar; charset=utf-8', content }],
    });
    expect(printed.split('\n')).toContain(`Attached: code-sprint.ics (text/calendar; charset=utf-8, ${content.length} bytes)`);
    expect(printed).not.toContain('BEGIN:VCALENDAR');
  });
});
