import { Injectable } from '@nestjs/common';
import {
  databasePoolConnections,
  databasePoolWaiting,
  metricsRegistry,
  outboxGivenUp,
  outboxOldestPendingSeconds,
  outboxPending,
  seatsLeft,
  seatStreamsOpen,
} from '../common/metrics.js';
import { DatabaseService } from '../database/database.service.js';
import { EventsService } from '../events/events.service.js';
import { LiveSeatsService } from '../live-seats/live-seats.service.js';
import { MailService } from '../mail/mail.service.js';

/**
 * One scrape: the gauges read afresh (two statements: every event's seats, the outbox's
 * backlog), then every instrument in Prometheus's text format. A scrape every 15 s costs the
 * database what one page watching the live seats costs it every second.
 */
@Injectable()
export class MetricsService {
  constructor(
    private readonly events: EventsService,
    private readonly mail: MailService,
    private readonly liveSeats: LiveSeatsService,
    private readonly database: DatabaseService,
  ) {}

  readonly contentType = metricsRegistry.contentType;

  async scrape(): Promise<string> {
    const [seats, backlog] = await Promise.all([this.events.seatCounts(), this.mail.backlog()]);
    // A deleted event's series goes with it.
    seatsLeft.reset();
    for (const event of seats) if (event.availableSeats !== null) seatsLeft.set({ event: event.id }, event.availableSeats);
    outboxPending.set(backlog.pending);
    outboxOldestPendingSeconds.set(backlog.oldestPendingSeconds);
    outboxGivenUp.set(backlog.givenUp);
    seatStreamsOpen.set(this.liveSeats.watcherCount());
    const pool = this.database.poolUse();
    if (pool) {
      databasePoolConnections.set({ state: 'in_use' }, pool.inUse);
      databasePoolConnections.set({ state: 'idle' }, pool.idle);
      databasePoolWaiting.set(pool.waiting);
    }
    return metricsRegistry.metrics();
  }
}
