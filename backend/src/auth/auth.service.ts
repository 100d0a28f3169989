import { BadRequestException, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { AccountTokenPurpose } from '../database/schema/sessions.js';
import type { UserRow } from '../database/schema/users.js';
import { MailService } from '../mail/mail.service.js';
import { passwordResetMail, verificationMail } from '../mail/mail.templates.js';
import { PasswordHasher } from '../users/password-hasher.js';
import type { SignUpDto } from '../users/users.dto.js';
import { UsersService } from '../users/users.service.js';
import { AccountTokensRepository } from './account-tokens.repository.js';
import { type SessionOrigin, SessionsService } from './sessions.service.js';
import { hashToken, newToken } from './tokens.js';

const HOUR = 60 * 60 * 1000;
const LINKS: Record<AccountTokenPurpose, { path: string; lifetimeMs: number }> = {
  verify_email: { path: '/auth/verify/', lifetimeMs: 24 * HOUR },
  reset_password: { path: '/auth/reset-password/', lifetimeMs: HOUR },
};

export const MESSAGES = {
  signedUp: 'Account created! Check your institution email for a link to verify your account.',
  badCredentials: 'Invalid email or password',
  notVerified: 'Please verify your email before signing in. We have sent you a new verification link.',
  signedIn: 'Login successful!',
  signedOut: 'Logged out successfully',
  verified: 'Email verified successfully! You can now sign in.',
  badVerificationLink: 'Invalid or expired verification link',
  resetRequested: 'If an account exists for this email, a password reset link has been sent to it.',
  badResetLink: 'Invalid or expired reset link',
  passwordReset: 'Password reset successful! You can now sign in with your new password.',
  wrongCurrentPassword: 'Current password is incorrect',
  samePassword: 'New password must be different from the current password',
  passwordChanged: 'Password changed successfully',
} as const;

/** Sign-up to sign-out. Every e-mail is written to the outbox in the transaction that causes it. */
@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly database: DatabaseService,
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly tokens: AccountTokensRepository,
    private readonly mail: MailService,
  ) {}

  async signUp(form: SignUpDto): Promise<void> {
    const { password, ...profile } = form;
    const passwordHash = await this.passwords.hash(password);
    await this.database.db.transaction(async (tx) => {
      const user = await this.users.createStudent({ ...profile, passwordHash }, tx);
      await this.sendLink(user, 'verify_email', tx);
    });
  }

  /** The same answer for an unknown e-mail and a wrong password, in the same time. */
  async signIn(email: string, password: string, origin: SessionOrigin): Promise<{ token: string; user: UserRow }> {
    const user = await this.users.findByEmail(email);
    const passwordMatches = await this.passwords.verify(user?.passwordHash, password);
    if (!user || !passwordMatches) throw new UnauthorizedException(MESSAGES.badCredentials);
    if (!user.isVerified) {
      await this.database.db.transaction((tx) => this.sendLink(user, 'verify_email', tx));
      throw new ForbiddenException(MESSAGES.notVerified);
    }
    return { token: await this.sessions.start(user.id, origin), user };
  }

  signOut(user: SessionUser | undefined): Promise<void> {
    return user ? this.sessions.end(user.sessionId) : Promise.resolve();
  }

  async verifyEmail(token: string): Promise<void> {
    const verified = await this.database.db.transaction(async (tx) => {
      const userId = await this.tokens.consume(hashToken(token), 'verify_email', tx);
      if (userId) await this.users.markVerified(userId, tx);
      return userId !== undefined;
    });
    if (!verified) throw new BadRequestException(MESSAGES.badVerificationLink);
  }

  /** Sends a link when the account exists; the caller answers the same either way. */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (user) await this.database.db.transaction((tx) => this.sendLink(user, 'reset_password', tx));
  }

  /** A reset proves the mailbox is theirs (so the account counts as verified) and ends every session. */
  async resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await this.passwords.hash(password);
    const reset = await this.database.db.transaction(async (tx) => {
      const userId = await this.tokens.consume(hashToken(token), 'reset_password', tx);
      if (!userId) return false;
      await this.users.setPasswordHash(userId, passwordHash, tx);
      await this.users.markVerified(userId, tx);
      await this.sessions.endAllOfUser(userId, { executor: tx });
      return true;
    });
    if (!reset) throw new BadRequestException(MESSAGES.badResetLink);
  }

  /** Keeps the session that asked and ends every other one. */
  async changePassword(asking: SessionUser, currentPassword: string, newPassword: string): Promise<void> {
    const user = await this.users.findById(asking.id);
    if (!user || !(await this.passwords.verify(user.passwordHash, currentPassword))) {
      throw new BadRequestException({ message: MESSAGES.wrongCurrentPassword, errors: [{ field: 'currentPassword', message: MESSAGES.wrongCurrentPassword }] });
    }
    if (currentPassword === newPassword) throw new BadRequestException(MESSAGES.samePassword);
    const passwordHash = await this.passwords.hash(newPassword);
    await this.database.db.transaction(async (tx) => {
      await this.users.setPasswordHash(user.id, passwordHash, tx);
      await this.sessions.endAllOfUser(user.id, { except: asking.sessionId, executor: tx });
    });
  }

  private async sendLink(user: UserRow, purpose: AccountTokenPurpose, tx: Executor): Promise<void> {
    const token = newToken();
    const link = LINKS[purpose];
    await this.tokens.issue(user.id, purpose, hashToken(token), new Date(Date.now() + link.lifetimeMs), tx);
    const url = new URL(link.path + token, this.config.publicUrl).toString();
    const message = purpose === 'verify_email' ? verificationMail(user.email, user.name, url) : passwordResetMail(user.email, user.name, url);
    await this.mail.send(message, tx);
  }
}
