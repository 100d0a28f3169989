import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';

const BUSY_MESSAGE = 'Many reports are being prepared right now. Please try again in a few seconds.';

/**
 * How many heavy reports (the admins' CSV exports, a dashboard's figures read afresh) one instance
 * prepares at once: REPORTS_IN_FLIGHT. Each holds the event loop and memory for as long as it runs;
 * beyond the limit a request is answered 503 with Retry-After at once, which the client shows as
 * "try again", rather than every report slowing down together until memory runs out.
 */
@Injectable()
export class ReportGate {
  private running = 0;
  private readonly limit: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limit = config.reportsInFlight;
  }

  /** Runs `work` when a place is free; otherwise refuses it with 503 without starting it. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) throw new ServiceUnavailableException(BUSY_MESSAGE);
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
    }
  }
}
