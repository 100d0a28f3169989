import { Inject, Injectable } from '@nestjs/common';
import { SESSION_COOKIE } from '../common/access.decorators.js';
import type { CookieJar, CookieOptions } from '../common/cookies.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SESSION_LIFETIME_SECONDS, type SessionOrigin, SessionsService } from './sessions.service.js';

/**
 * Tells the client a session may exist, so it asks for the user only then (a visitor's every page
 * would otherwise log a refused request). Readable by scripts on purpose and carrying no secret:
 * it only says whether asking is worth it; the httpOnly session cookie stays the only credential.
 */
const SIGNED_IN_HINT_COOKIE = 'fest_signed_in';

/**
 * The cookies of being signed in: the httpOnly session cookie and the signed-in hint, set and
 * cleared together. Every route that signs someone in (the sign-in form, an accepted admin
 * invitation) goes through here, so a session always looks the same to the browser.
 */
@Injectable()
export class SessionCookies {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsService,
  ) {}

  /** Starts a session for the account and sets its cookies. */
  async signIn(userId: string, origin: SessionOrigin, cookies: CookieJar): Promise<void> {
    this.set(cookies, await this.sessions.start(userId, origin));
  }

  /** Sets the cookies of a session already started. */
  set(cookies: CookieJar, sessionToken: string): void {
    const lifetime = { maxAgeSeconds: SESSION_LIFETIME_SECONDS };
    cookies.set(SESSION_COOKIE, sessionToken, { ...this.options(), ...lifetime });
    cookies.set(SIGNED_IN_HINT_COOKIE, '1', { ...this.options(), httpOnly: false, ...lifetime });
  }

  clear(cookies: CookieJar): void {
    cookies.clear(SESSION_COOKIE, this.options());
    cookies.clear(SIGNED_IN_HINT_COOKIE, { ...this.options(), httpOnly: false });
  }

  /** How the product's cookies are sent: httpOnly, same-site, secure behind HTTPS, for `path`. */
  options(path = '/'): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.protocol === 'https:', path };
  }
}
