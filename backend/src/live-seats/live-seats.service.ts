import type { Writable } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { databaseUnavailable } from '../database/database-unavailable.js';
import { EventsService } from '../events/events.service.js';
import { changeMessages, HEARTBEAT, readingOf, type SeatReading, snapshotMessage } from './seat-messages.js';

/** Proxies close a connection that has been quiet for a minute; a comment every 25 s keeps it open. */
const HEARTBEAT_MS = 25_000;
/**
 * A watcher that has not taken this much of what was written to it (a phone gone out of reach)
 * is let go rather than buffered for: its page reconnects and starts again from a snapshot.
 */
const MAX_UNSENT_BYTES = 64 * 1024;

/** Why a stream is not opened; the page polls meanwhile and tries again later (see use-live-seats.ts). */
const REFUSALS = {
  closing: 'The server is restarting. Please try again in a moment.',
  instanceFull: 'Live seat counts are busy right now. Please try again in a moment.',
  addressFull: 'Too many pages from your network are watching the seats. Please try again in a moment.',
};

/**
 * The live seat counts of this instance. One reader reads every event's seats from the database
 * every SEAT_STREAM_INTERVAL_MS while at least one page watches, compares them with its last
 * reading and writes what changed to every watcher: a thousand watchers cost one statement a
 * second, none at all. Reading the database, not this instance's own registrations, lets every
 * instance agree (see docs/decisions.md, "Live seat counts").
 */
@Injectable()
export class LiveSeatsService implements OnModuleDestroy {
  private readonly logger = new Logger('LiveSeats');
  /** Watchers that have their snapshot and are told each change. */
  private readonly watchers = new Set<Writable>();
  /** Watchers that came before the reader's first reading: it brings their snapshot. */
  private readonly waiting = new Set<Writable>();
  private reading: SeatReading | undefined;
  /** The snapshot of `reading`, built once for every watcher who joins meanwhile. */
  private snapshot: string | undefined;
  /** Bumped when the reader stops, so a read still in flight is not applied or rescheduled. */
  private run = 0;
  private nextRead: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private databaseAway = false;
  /** Every open stream's client address, until its connection closes (a stream let go for being slow counts until then). */
  private readonly addresses = new Map<Writable, string>();
  /** Open streams per client address, for SEAT_STREAM_MAX_PER_CLIENT. */
  private readonly perAddress = new Map<string, number>();
  /** Set once shutdown begins: a late page is refused rather than starting the reader again. */
  private closing = false;

  constructor(
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Streams the seats to the watcher `open` starts, until it closes: a snapshot first, then each
   * change. Refused with 503 before anything is opened while the instance shuts down, holds
   * SEAT_STREAM_MAX_CLIENTS streams, or `address` (the client's, as the rate limits see it)
   * holds SEAT_STREAM_MAX_PER_CLIENT: each open stream costs the instance a socket and memory.
   */
  watch(address: string, open: () => Writable): void {
    const refusal = this.refusalFor(address);
    if (refusal) throw new ServiceUnavailableException(REFUSALS[refusal]);
    const watcher = open();
    this.addresses.set(watcher, address);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    watcher.once('close', () => this.leave(watcher));
    const idle = this.watcherCount() === 0;
    if (this.reading) this.welcome(watcher, this.reading);
    else this.waiting.add(watcher);
    if (idle) this.startReading();
  }

  /** Open streams, a snapshot's wait included. */
  watcherCount(): number {
    return this.watchers.size + this.waiting.size;
  }

  /** At shutdown the streams end, so the server's close does not wait for pages that never leave. */
  onModuleDestroy(): void {
    this.closing = true;
    this.stopReading();
    for (const watcher of [...this.watchers, ...this.waiting]) watcher.end();
    this.watchers.clear();
    this.waiting.clear();
    this.addresses.clear();
    this.perAddress.clear();
  }

  private refusalFor(address: string): keyof typeof REFUSALS | undefined {
    if (this.closing) return 'closing';
    if (this.addresses.size >= this.config.seatStreamMaxClients) return 'instanceFull';
    if ((this.perAddress.get(address) ?? 0) >= this.config.seatStreamMaxPerClient) return 'addressFull';
    return undefined;
  }

  private leave(watcher: Writable): void {
    this.watchers.delete(watcher);
    this.waiting.delete(watcher);
    this.forgetAddressOf(watcher);
    if (this.watcherCount() === 0) this.stopReading();
  }

  private forgetAddressOf(watcher: Writable): void {
    const address = this.addresses.get(watcher);
    // Ended at shutdown, the watcher is forgotten already.
    if (address === undefined) return;
    this.addresses.delete(watcher);
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(address, left);
    else this.perAddress.delete(address);
  }

  private welcome(watcher: Writable, reading: SeatReading): void {
    this.snapshot ??= snapshotMessage(reading);
    if (this.send(watcher, this.snapshot)) this.watchers.add(watcher);
  }

  private startReading(): void {
    const run = this.run;
    this.heartbeat = setInterval(() => this.broadcast(HEARTBEAT, [...this.watchers, ...this.waiting]), HEARTBEAT_MS);
    void this.read(run);
  }

  /** Forgets the last reading too: when someone comes back, the seats are read afresh. */
  private stopReading(): void {
    this.run += 1;
    clearTimeout(this.nextRead);
    clearInterval(this.heartbeat);
    this.reading = undefined;
    this.snapshot = undefined;
  }

  /**
   * One reading, then the next after the interval (never two at once, however slow the
   * database). A database that is away is logged once and read again on the next turn: the
   * watchers stay connected and see the seats again when it is back.
   */
  private async read(run: number): Promise<void> {
    const counts = await this.events.seatCounts().then(
      (read) => {
        if (this.databaseAway) this.logger.log('Seat counts read again: the database is back');
        this.databaseAway = false;
        return read;
      },
      (error: unknown) => {
        if (!this.databaseAway)
          this.logger.warn(`Seat counts could not be read, trying again every ${this.config.seatStreamIntervalMs} ms: ${describe(error)}`);
        this.databaseAway = true;
        return undefined;
      },
    );
    if (run !== this.run) return;
    if (counts) this.apply(readingOf(counts));
    this.nextRead = setTimeout(() => void this.read(run), this.config.seatStreamIntervalMs);
  }

  private apply(reading: SeatReading): void {
    const changes = this.reading ? changeMessages(this.reading, reading) : '';
    if (this.reading === undefined || changes !== '') this.snapshot = undefined;
    this.reading = reading;
    if (changes !== '') this.broadcast(changes, this.watchers);
    for (const watcher of this.waiting) this.welcome(watcher, reading);
    this.waiting.clear();
  }

  private broadcast(chunk: string, watchers: Iterable<Writable>): void {
    for (const watcher of watchers) this.send(watcher, chunk);
  }

  /** Writes to one watcher, or lets it go when it stopped taking what it was sent; whether it stays. */
  private send(watcher: Writable, chunk: string): boolean {
    if (watcher.writableLength > MAX_UNSENT_BYTES) {
      watcher.destroy();
      return false;
    }
    watcher.write(chunk);
    return true;
  }
}

/** Why a reading failed, without the statement: the database's own words when it is away. */
function describe(error: unknown): string {
  return databaseUnavailable(error) ?? (error instanceof Error ? error.message : String(error));
}
