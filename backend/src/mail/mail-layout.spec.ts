import { verificationMail } from '../auth/auth.mails.js';
import { layout, printableMail } from './mail-layout.js';

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

  it("gives a binary attachment's size in bytes, not its base64 text's", () => {
    const printed = printableMail({
      recipient: 'priya@campus.ac.in',
      subject: 'Ticket',
      text: 'Below.',
      attachments: [{ filename: 'ticket-qr.png', contentType: 'image/png', content: Buffer.alloc(300).toString('base64'), encoding: 'base64' }],
    });
    expect(printed.split('\n')).toContain('Attached: ticket-qr.png (image/png, 300 bytes)');
  });
});

describe('layout', () => {
  it("escapes a ticket's code and lines and shows its QR by its content id", () => {
    const ticket = {
      code: 'ABCD EFGH JKMN PQRS',
      lines: ['Name: <b>Priya</b> & co'],
      image: { filename: 'ticket-qr.png', contentType: 'image/png', content: '', cid: 'ticket-qr@festival' },
    };
    const html = layout('You are registered', ['Hi Priya,'], { label: 'Open', url: 'https://fest.test/' }, 'Footnote', ticket);
    expect(html).toContain('<img src="cid:ticket-qr@festival"');
    expect(html).toContain('ABCD EFGH JKMN PQRS');
    expect(html).toContain('Name: &lt;b&gt;Priya&lt;/b&gt; &amp; co');
    expect(html).not.toContain('<b>Priya');
  });
});
