import { requestsInFlight } from './requests-in-flight.js';

/**
 * Requests in flight from which bulk work (confirmation e-mails, reminders, organisers' messages)
 * waits for a later run: writing or handing over thousands of rows takes a core and the
 * database, which a rush's registrations need more.
 */
const BUSY_REQUESTS = 4;
/** The longest bulk work waits for a quiet moment: a server busy for longer does it anyway. */
const LONGEST_WAIT_FOR_QUIET_MS = 30_000;

/** One background job's view of whether people are waiting on this process (one per job: each waits on its own). */
export class QuietMoments {
  /** Since when the server has been busy at every check; unset while it is quiet. */
  private busySince: number | undefined;

  constructor(private readonly inFlight: () => number = () => requestsInFlight.current) {}

  /** Whether bulk work waits this round: people are waiting on the server, and not for long yet. */
  bulkWaits(): boolean {
    if (this.inFlight() < BUSY_REQUESTS) {
      this.busySince = undefined;
      return false;
    }
    this.busySince ??= performance.now();
    return performance.now() - this.busySince < LONGEST_WAIT_FOR_QUIET_MS;
  }
}
