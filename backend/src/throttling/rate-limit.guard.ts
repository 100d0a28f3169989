import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthenticatedRequest } from '../common/session-user.js';
import { RATE_LIMIT_KEYS, RATE_LIMIT_METADATA, type RateLimitName } from './rate-limit.decorator.js';
import { ThrottlingService } from './throttling.service.js';

/** Applies a route's @RateLimit rules; runs after the session guard so rules can key by account. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly throttling: ThrottlingService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const names = this.reflector.get<RateLimitName[] | undefined>(RATE_LIMIT_METADATA, context.getHandler());
    if (!names) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    for (const name of names) {
      const key = RATE_LIMIT_KEYS[name](request);
      if (key !== undefined) await this.throttling.consume(name, key);
    }
    return true;
  }
}
