import type { Writable } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
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

  constructor(
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Streams the seats to `watcher` until it closes: a snapshot first, then each change. */
  watch(watcher: Writable): void {
    watcher.once('close', () => this.leave(watcher));
    const idle = this.watcherCount() === 0;
    if (this.reading) this.welcome(watcher, this.reading);
    else this.waiting.add(watcher);
    if (idle) this.startReading();
  }

  watcherCount(): number {
    return this.watchers.size + this.waiting.size;
  }

  /** At shutdown the streams end, so the server's close does not wait for pages that never leave. */
  onModuleDestroy(): void {
    this.stopReading();
    for (const watcher of [...this.watchers, ...this.waiting]) watcher.end();
    this.watchers.clear();
    this.waiting.clear();
  }

  private leave(watcher: Writable): void {
    this.watchers.delete(watcher);
    this.waiting.delete(watcher);
    if (this.watcherCount() === 0) this.stopReading();
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
