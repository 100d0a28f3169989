import { Inject, Injectable } from '@nestjs/common';
import type { AccountTraces } from '../common/erasure.js';
import { TooManyAttemptsException } from '../common/too-many-attempts.exception.js';
import type { Executor } from '../database/database.service.js';
import { type Limit, type LimitName, RATE_LIMITS } from './rate-limit.decorator.js';
import { RateLimitsRepository } from './rate-limits.repository.js';

/** Counts uses of a named rule per key, for the route guard and for services whose keys need the database. */
@Injectable()
export class ThrottlingService {
  constructor(
    private readonly counters: RateLimitsRepository,
    @Inject(RATE_LIMITS) private readonly limits: Record<LimitName, Limit>,
  ) {}

  /** Counts one use; past the limit, a 429 that says when to try again. */
  async consume(name: LimitName, key: string): Promise<void> {
    const { allowed, retryAfterSeconds } = await this.count(name, key);
    if (!allowed) throw new TooManyAttemptsException(retryAfterSeconds);
  }

  /** Counts one use and answers whether it was within the limit, for work skipped silently past it. */
  async tryConsume(name: LimitName, key: string): Promise<boolean> {
    return (await this.count(name, key)).allowed;
  }

  /** Forgets the counts kept under a deleted account's address, in its deletion's transaction. */
  forget(traces: AccountTraces, executor: Executor): Promise<void> {
    return this.counters.deleteMentioning(traces, executor);
  }

  private async count(name: LimitName, key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const { limit, windowSeconds } = this.limits[name];
    const { hits, retryAfterSeconds } = await this.counters.hit(`${name}:${key}`, windowSeconds);
    return { allowed: hits <= limit, retryAfterSeconds };
  }
}
