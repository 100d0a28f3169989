import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { SessionUser } from '../common/session-user.js';
import type { Executor } from '../database/database.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { hashToken, newToken } from './tokens.js';

/** A session ends 30 days after sign-in at the latest, or after 7 days without use. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** Last use is written at most this often, so reading pages does not write on every request. */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export interface SessionOrigin {
  userAgent?: string;
  ip?: string;
}

@Injectable()
export class SessionsService {
  constructor(private readonly sessions: SessionsRepository) {}

  /** Starts a session and returns the cookie's token; only its hash is stored. */
  async start(userId: string, origin: SessionOrigin): Promise<string> {
    const token = newToken();
    await this.sessions.insert({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000),
      userAgent: origin.userAgent?.slice(0, 300),
      ip: origin.ip,
    });
    return token;
  }

  /** The user behind a cookie's token, when its session is live. */
  async resolve(token: string): Promise<SessionUser | undefined> {
    const found = await this.sessions.findLive(hashToken(token), SESSION_IDLE_SECONDS);
    if (!found) return undefined;
    const { session, user } = found;
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) await this.sessions.touch(session.id);
    const { passwordHash: _secret, updatedAt: _updated, ...profile } = user;
    return { ...profile, sessionId: session.id };
  }

  end(sessionId: string): Promise<void> {
    return this.sessions.delete(sessionId);
  }

  endAllOfUser(userId: string, options: { except?: string; executor?: Executor } = {}): Promise<void> {
    return this.sessions.deleteAllOfUser(userId, options.except, options.executor);
  }

  /** One DELETE of ended sessions; safe on every instance. */
  @Interval('purge-sessions', 60 * 60 * 1000)
  purgeEnded(): Promise<void> {
    return this.sessions.deleteEnded(SESSION_IDLE_SECONDS);
  }
}
