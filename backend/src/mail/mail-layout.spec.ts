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
});
