import { Global, Injectable, Module } from '@nestjs/common';
import { ScheduledJob } from '../common/scheduled-job.js';
import { DEFAULT_RATE_LIMITS, RATE_LIMITS } from './rate-limit.decorator.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimitsRepository } from './rate-limits.repository.js';
import { ThrottlingService } from './throttling.service.js';

@Injectable()
class RateLimitPurgeJob {
  constructor(private readonly counters: RateLimitsRepository) {}

  /** Old windows are useless; one DELETE, safe to run on every instance. */
  @ScheduledJob('purge-rate-limits', 10 * 60 * 1000)
  purge(): Promise<void> {
    return this.counters.deleteExpired();
  }
}

@Global()
@Module({
  providers: [RateLimitsRepository, ThrottlingService, RateLimitGuard, RateLimitPurgeJob, { provide: RATE_LIMITS, useValue: DEFAULT_RATE_LIMITS }],
  exports: [RateLimitGuard, ThrottlingService],
})
export class ThrottlingModule {}
