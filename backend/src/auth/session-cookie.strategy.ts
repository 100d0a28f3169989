import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-custom';
import { SESSION_COOKIE, SESSION_STRATEGY } from '../common/access.decorators.js';
import type { AuthenticatedRequest, SessionUser } from '../common/session-user.js';
import { SessionsService } from './sessions.service.js';

/** Passport strategy: the session cookie's token names a live server-side session. */
@Injectable()
export class SessionCookieStrategy extends PassportStrategy(Strategy, SESSION_STRATEGY) {
  constructor(private readonly sessions: SessionsService) {
    super();
  }

  async validate(request: AuthenticatedRequest): Promise<SessionUser | null> {
    const token: unknown = request.cookies?.[SESSION_COOKIE];
    if (typeof token !== 'string' || token.length < 20 || token.length > 100) return null;
    return (await this.sessions.resolve(token)) ?? null;
  }
}
