// An SMTP server that accepts every message and counts deliveries per recipient, so the bench can
// prove that several app instances deliver each e-mail of the outbox exactly once.
import { SMTPServer } from 'smtp-server';

/** Listens on `port` (0: any free one). */
export async function startMailSink(port) {
  const deliveries = new Map();
  const server = new SMTPServer({
    authOptional: true,
    // The product sends plain SMTP to a local sink; smtp-server's built-in certificate is expired.
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The product keeps its pooled connections open between messages: closing ends them at once.
    closeTimeout: 50,
    onData: (stream, session, callback) => {
      stream.resume();
      stream.on('end', () => {
        for (const { address } of session.envelope.rcptTo) deliveries.set(address, (deliveries.get(address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}?ignoreTLS=true`,
    /** Messages received for each recipient address. */
    deliveries,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
