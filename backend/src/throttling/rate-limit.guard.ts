import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../common/session-user.js';
import { type Limit, RATE_LIMIT_KEYS, RATE_LIMIT_METADATA, RATE_LIMITS, type RateLimitName } from './rate-limit.decorator.js';
import { RateLimitsRepository } from './rate-limits.repository.js';

/** Applies a route's @RateLimit rules; runs after the session guard so rules can key by account. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly counters: RateLimitsRepository,
    @Inject(RATE_LIMITS) private readonly limits: Record<RateLimitName, Limit>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const names = this.reflector.get<RateLimitName[] | undefined>(RATE_LIMIT_METADATA, context.getHandler());
    if (!names) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    for (const name of names) {
      const key = RATE_LIMIT_KEYS[name](request);
      if (key === undefined) continue;
      const { limit, windowSeconds } = this.limits[name];
      const { hits, retryAfterSeconds } = await this.counters.hit(`${name}:${key}`, windowSeconds);
      if (hits > limit) {
        context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(Math.max(retryAfterSeconds, 1)));
        throw new HttpException(`Too many attempts. Please try again in ${describeWait(retryAfterSeconds)}.`, HttpStatus.TOO_MANY_REQUESTS);
      }
    }
    return true;
  }
}

function describeWait(seconds: number): string {
  if (seconds <= 60) return 'a minute';
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hour(s)`;
}
