import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import type { SessionUser } from '../common/session-user.js';
import { hashToken, newToken } from '../common/tokens.js';
import type { Executor } from '../database/database.service.js';
import { UsersService } from '../users/users.service.js';
import { SessionsRepository } from './sessions.repository.js';

/** A session ends 30 days after sign-in at the latest, or after 7 days without use. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** Last use is written at most this often, so reading pages does not write on every request. */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export interface SessionOrigin {
  userAgent?: string;
  ip?: string;
}

/** A sign-in as the account's own data download shows it. */
interface SignInRecord {
  signedInAt: string;
  lastSeenAt: string;
  expiresAt: string;
  browser: string | null;
  address: string | null;
}

@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  /** Starts a session and returns the cookie's token; only its hash is stored. */
  async start(userId: string, origin: SessionOrigin): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await this.sessions.insert({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000),
      userAgent: origin.userAgent?.slice(0, 300),
      ip: origin.ip,
    });
    return token;
  }

  /** The user behind a cookie's token, when its session is live. */
  async resolve(token: string): Promise<SessionUser | undefined> {
    const now = this.clock.now();
    const idleSince = new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000);
    const found = await this.users.findBySession(this.sessions.liveSession(), { tokenHash: hashToken(token), now, idleSince });
    if (!found) return undefined;
    if (now.getTime() - found.sessionLastSeenAt.getTime() > TOUCH_AFTER_MS) await this.sessions.touch(found.sessionId, now);
    const { passwordHash: _secret, updatedAt: _updated, ...profile } = found.user;
    return { ...profile, sessionId: found.sessionId };
  }

  /** Where and when the account signed in: its sessions still kept (ended ones are purged within the hour). */
  async signInsOf(userId: string): Promise<SignInRecord[]> {
    return (await this.sessions.ofUser(userId)).map(({ createdAt, lastSeenAt, expiresAt, userAgent, ip }) => ({
      signedInAt: createdAt.toISOString(),
      lastSeenAt: lastSeenAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      browser: userAgent,
      address: ip,
    }));
  }

  end(sessionId: string): Promise<void> {
    return this.sessions.delete(sessionId);
  }

  endAllOfUser(userId: string, options: { except?: string; executor?: Executor } = {}): Promise<void> {
    return this.sessions.deleteAllOfUser(userId, options.except, options.executor);
  }

  /** One DELETE of ended sessions; safe on every instance. */
  @ScheduledJob('purge-sessions', 60 * 60 * 1000)
  purgeEnded(): Promise<void> {
    return this.sessions.deleteEnded(this.clock.now(), SESSION_IDLE_SECONDS);
  }
}
