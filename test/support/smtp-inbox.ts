import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes decoded. */
  body: string;
  /** The message as it arrived. */
  raw: string;
}

interface InboxOptions {
  /** How long the server takes to accept each message, as a slow mail server does. */
  delayMs?: number;
  /** Every this many connections, one is turned away at its greeting (a busy or flaky mail server). */
  refuseEveryNthConnection?: number;
}

/** A real SMTP server on a local port that keeps what it receives, for tests to read. */
export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  connections = 0;
  refusedConnections = 0;

  constructor(private readonly options: InboxOptions = {}) {}

  private readonly server = new SMTPServer({
    authOptional: true,
    // smtp-server's built-in certificate has expired; the product sends plain SMTP to it.
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The product keeps its pooled connections open between messages: stopping closes them at once.
    closeTimeout: 50,
    onConnect: (_session, callback) => {
      this.connections += 1;
      const every = this.options.refuseEveryNthConnection;
      if (every === undefined || this.connections % every !== 0) {
        callback();
        return;
      }
      this.refusedConnections += 1;
      callback(Object.assign(new Error('Too busy, try again later'), { responseCode: 421 }));
    },
    onData: (stream, session, callback) => {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: decodeSubject(raw), body: decodeQuotedPrintable(raw), raw });
        if (this.options.delayMs) setTimeout(callback, this.options.delayMs);
        else callback();
      });
    },
  });

  async start(port = 0): Promise<number> {
    // The previous file's inbox may still be letting the port go (its last connections closing):
    // a busy port is tried again for up to ten seconds.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.listen(port);
        return (this.server.server.address() as AddressInfo).port;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  private listen(port: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for a message to `to` whose subject matches, calling `poke` meanwhile (to run delivery). */
  async waitFor(to: string, subject: RegExp, poke: () => Promise<unknown> = () => Promise.resolve(), timeoutMs = 15_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) => m.to.includes(to) && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject}; received ${this.messages.map((m) => m.subject).join(', ')}`);
      await poke();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const linkPaths = { verify: 'auth/verify', 'reset-password': 'auth/reset-password', invite: 'invite', 'admin-invite': 'admin/invite' } as const;

/** The link of the given kind in a received message. */
export function linkIn(mail: ReceivedMail, kind: keyof typeof linkPaths): string {
  const match = mail.body.match(new RegExp(`https?://[^\\s"<>]+/${linkPaths[kind]}/[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${kind} link in the e-mail`);
  return match[0];
}

/**
 * The MIME part of a received message shown inline under `contentId` (an `<img src="cid:…">`):
 * its headers and its bytes, decoded from base64.
 */
export function inlinePart(mail: ReceivedMail, contentId: string): { headers: string; bytes: Buffer } {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1].replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
  // Every part of every nesting level, each as its headers and its body.
  const parts = mail.raw.split(new RegExp(`--(?:${boundaries.join('|')})(?:--)?`)).map((part) => {
    const [headers, ...body] = part.trim().split(/\r?\n\r?\n/);
    return { headers, body: body.join('') };
  });
  const part = parts.find(({ headers }) => new RegExp(`^Content-ID: <${contentId}>`, 'mi').test(headers));
  if (!part) throw new Error(`no part with Content-ID <${contentId}> in the e-mail`);
  return { headers: part.headers, bytes: Buffer.from(part.body.replace(/\s+/g, ''), 'base64') };
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeSubject(raw: string): string {
  const header = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}
