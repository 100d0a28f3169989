import { get, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const SEAT_STREAM_PATH = '/api/v1/events/seats/stream';

/** One event's seats as the stream says them. */
export interface StreamedSeats {
  id: string;
  maxApplications: number | null;
  actualSeatsTaken: number;
  availableSeats: number | null;
}

interface StreamMessage {
  event: string;
  data: string;
}

/**
 * A page's view of the seat stream over a real HTTP connection: its messages in order as the
 * server wrote them, parsed as a browser's EventSource does (comments are kept apart).
 */
export class SeatStream {
  readonly messages: StreamMessage[] = [];
  comments = 0;
  private buffer = '';
  /** How many messages `next` has handed out. */
  private taken = 0;
  private readonly arrivals: (() => void)[] = [];

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    private readonly response: IncomingMessage,
  ) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => this.take(chunk));
  }

  /** Opens the stream on the app's server, listening on a free loopback port if it is not yet. */
  static async open(server: Server, headers: Record<string, string> = {}): Promise<SeatStream> {
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: SEAT_STREAM_PATH, headers: { Accept: 'text/event-stream', ...headers } }, (response) =>
        resolve(new SeatStream(response.statusCode ?? 0, response.headers, response)),
      ).on('error', reject);
    });
  }

  /** The next message not yet taken by `next`, waiting up to `timeoutMs` for it. */
  async next(timeoutMs = 5000): Promise<StreamMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.taken >= this.messages.length) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${timeoutMs} ms (had ${this.messages.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.arrivals.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.messages[this.taken++];
  }

  /** The next message's data, which must be of the named event. */
  async nextOf<T>(event: 'snapshot' | 'seats', timeoutMs?: number): Promise<T> {
    const message = await this.next(timeoutMs);
    expect(message.event).toBe(event);
    return JSON.parse(message.data) as T;
  }

  /** The whole body once the server ends it: a refusal's JSON envelope. */
  async body(): Promise<string> {
    if (!this.response.complete) await new Promise((resolve) => this.response.once('end', resolve));
    return this.buffer;
  }

  /** Messages that arrived but were not taken by `next`. */
  unread(): StreamMessage[] {
    return this.messages.slice(this.taken);
  }

  /** Whether the server has ended the stream. */
  get ended(): boolean {
    return this.response.complete || this.response.destroyed;
  }

  /** The page goes away: the connection is closed from this side. */
  close(): void {
    this.response.destroy();
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const lines = block.split('\n');
      if (lines.every((line) => line.startsWith(':'))) this.comments += 1;
      else {
        const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
        this.messages.push({ event: field('event') || 'message', data: field('data') });
      }
    }
    for (const arrived of this.arrivals.splice(0)) arrived();
  }
}
