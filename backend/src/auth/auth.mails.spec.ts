import { passwordResetMail, verificationMail } from './auth.mails.js';

describe('e-mail templates', () => {
  it.each([
    ['verification', verificationMail],
    ['password reset', passwordResetMail],
  ])('put the name in the %s e-mail as plain text on one line', (_kind, template) => {
    const mail = template('priya@campus.ac.in', 'Priya\r\n\r\nClick <a href="https://evil.example">here</a>\u0000', 'https://fest.example/auth/x/token');
    expect(mail.text.split('\n')[0]).toBe('Hi Priya Click <a href="https://evil.example">here</a>,');
    expect(mail.html).toContain('Hi Priya Click &lt;a href=&quot;https://evil.example&quot;&gt;here&lt;/a&gt;,');
    expect(mail.html).not.toContain('<a href="https://evil.example">');
  });

  it.each([
    ['verification', verificationMail],
    ['password reset', passwordResetMail],
  ])('puts the link of the %s e-mail on a line of its own', (_kind, template) => {
    const url = 'https://fest.example/auth/x/token';
    expect(template('priya@campus.ac.in', 'Priya', url).text.split('\n')).toContain(url);
  });
});
