import type { Logger } from '@nestjs/common';
import { databaseUnavailable } from './database-unavailable.js';

/** How far a run got: the work adds what it has done as it goes, so a run cut short still says. */
interface JobProgress {
  done: number;
}

/**
 * The runs of one scheduled job in this process: a run that starts while the last is still
 * going is skipped, and a database outage pauses the job with one warning instead of failing it
 * (what was not done is picked up by the next run after the database returns). Other instances
 * run their own; the work itself must make its claims safe across them.
 */
export class JobRuns {
  private running = false;

  constructor(
    private readonly logger: Logger,
    /** Says what pauses, e.g. "E-mail delivery paused". */
    private readonly paused: string,
  ) {}

  /** Runs the work unless a run is going; answers how much it did. */
  async run(work: (progress: JobProgress) => Promise<void>): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    const progress: JobProgress = { done: 0 };
    try {
      await work(progress);
      return progress.done;
    } catch (error) {
      const outage = databaseUnavailable(error);
      if (!outage) throw error;
      this.logger.warn(`${this.paused}, the database is unavailable (${outage})`);
      return progress.done;
    } finally {
      this.running = false;
    }
  }
}
