import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { AfterResponse } from '../common/after-response.js';
import { Clock } from '../common/clock.js';
import { accountPasswordRule, passwordProblem, type StudentPasswordRule } from '../common/password-rules.js';
import type { SessionUser } from '../common/session-user.js';
import { hashToken, isWellFormedToken, newToken } from '../common/tokens.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService } from '../database/database.service.js';
import type { Role, SignupRow, UserRow } from '../database/schema/users.js';
import { MailService } from '../mail/mail.service.js';
import { ThrottlingService } from '../throttling/throttling.service.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { SignupsService } from '../users/signups.service.js';
import type { SignUpDto } from '../users/users.dto.js';
import { ROLL_NUMBER_TAKEN, UsersService } from '../users/users.service.js';
import { AccountTokensRepository } from './account-tokens.repository.js';
import { accountExistsMail, passwordResetMail, verificationMail } from './auth.mails.js';
import { type SessionOrigin, SessionsService } from './sessions.service.js';
import { TrustedDevicesService } from './trusted-devices.service.js';

const HOUR = 60 * 60 * 1000;
export const SIGNUP_LINK_LIFETIME_MS = 24 * HOUR;
const RESET_LINK_LIFETIME_MS = HOUR;

export const MESSAGES = {
  signedUp: 'Account created! Check your institution email for a link to verify your account.',
  badCredentials: 'Invalid email or password',
  notVerified:
    'Please verify your email before signing in. We have sent you a new verification link: use that one, as the links sent before it no longer work.',
  signedIn: 'Login successful!',
  signedOut: 'Logged out successfully',
  verified: 'Email verified successfully! You can now sign in.',
  badVerificationLink: 'Invalid or expired verification link',
  alreadyVerified: 'This email is already verified. You can sign in.',
  verificationPasswordRequired:
    'This link was opened in another browser than the one that signed up. Enter the password you chose at sign-up to verify your email.',
  wrongSignupPassword: 'This is not the password chosen at sign-up',
  verificationResent: 'If a sign-up is waiting for this email, a new verification link has been sent to it.',
  resetRequested: 'If an account exists for this email, a password reset link has been sent to it.',
  badResetLink: 'Invalid or expired reset link',
  passwordReset: 'Password reset successful! You can now sign in with your new password.',
  wrongCurrentPassword: 'Current password is incorrect',
  samePassword: 'New password must be different from the current password',
  passwordChanged: 'Password changed successfully',
} as const;

/** Who is signing in: the address for the per-client limits and the browser's device cookie. */
interface SignInClient extends SessionOrigin {
  ip: string;
  deviceToken?: string;
}

interface SignedIn {
  token: string;
  user: UserRow;
  /** The device cookie to set: this browser now has its own guessing allowance for the account. */
  deviceToken: string;
}

/** Sign-up to sign-out. Every e-mail is written to the outbox in the transaction that causes it. */
@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly database: DatabaseService,
    private readonly users: UsersService,
    private readonly signups: SignupsService,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly tokens: AccountTokensRepository,
    private readonly devices: TrustedDevicesService,
    private readonly throttling: ThrottlingService,
    private readonly mail: MailService,
    private readonly afterResponse: AfterResponse,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a pending sign-up and e-mails its link; answers the browser token that binds the
   * link to this browser. For an address that already has an account, the answer, its cookie
   * and its cost are the same, and the owner is told by e-mail instead.
   */
  async signUp(form: SignUpDto): Promise<string> {
    const { password, ...profile } = form;
    const passwordHash = await this.passwords.hash(password);
    if (await this.users.isRollNumberTaken(profile.rollNumber)) {
      throw new ConflictException({ message: ROLL_NUMBER_TAKEN, errors: [{ field: 'rollNumber', message: ROLL_NUMBER_TAKEN }] });
    }
    await this.throttling.consume('accountMailsByEmail', profile.email);
    const browserToken = newToken();
    const owner = await this.users.findByEmail(profile.email);
    if (owner) {
      await this.mail.send(accountExistsMail(owner.email, owner.name, this.url('/auth/signin')));
      return browserToken;
    }
    const link = newToken();
    await this.database.transaction(async (tx) => {
      await this.signups.add(
        { ...profile, passwordHash, linkTokenHash: hashToken(link), browserTokenHash: hashToken(browserToken), expiresAt: this.signupLinkExpiry() },
        tx,
      );
      await this.mail.send(verificationMail(profile.email, profile.name, this.url(`/auth/verify/${link}`)), tx);
    });
    return browserToken;
  }

  /**
   * The same answer for an unknown e-mail and a wrong password, in the same time. The right
   * password of a sign-up still waiting for its link answers 403 and sends that link again
   * (within the address's e-mail allowance).
   */
  async signIn(email: string, password: string, client: SignInClient): Promise<SignedIn> {
    const user = await this.users.findByEmail(email);
    const trustedDevice = await this.countAttempt(email, user, client);
    if (!user) {
      const signup = await this.waitingSignupWithPassword(email, password);
      if (!signup) throw new UnauthorizedException(MESSAGES.badCredentials);
      await this.resendLink(signup);
      throw new ForbiddenException(MESSAGES.notVerified);
    }
    if (!(await this.passwords.verify(user.passwordHash, password))) throw new UnauthorizedException(MESSAGES.badCredentials);
    // A browser already holding a device cookie keeps it, so several accounts can trust one browser.
    const deviceToken = trustedDevice ?? (client.deviceToken && isWellFormedToken(client.deviceToken) ? client.deviceToken : newToken());
    await this.devices.remember(user.id, hashToken(deviceToken));
    return { token: await this.sessions.start(user.id, client), user, deviceToken };
  }

  signOut(user: SessionUser | undefined): Promise<void> {
    return user ? this.sessions.end(user.sessionId) : Promise.resolve();
  }

  /** The browser that signed up verifies at once; anywhere else the link asks for the sign-up's password. */
  async verifyEmail(token: string, browserToken: string | undefined): Promise<void> {
    const linkTokenHash = hashToken(token);
    if (browserToken && (await this.signups.activate(linkTokenHash, hashToken(browserToken)))) return;
    if (!(await this.signups.findByLink(linkTokenHash))) throw await this.unusableLink(linkTokenHash);
    throw new ForbiddenException({ message: MESSAGES.verificationPasswordRequired, details: { passwordRequired: true } });
  }

  async verifyEmailWithPassword(token: string, password: string): Promise<void> {
    const linkTokenHash = hashToken(token);
    const signup = await this.signups.findByLink(linkTokenHash);
    if (!signup) throw await this.unusableLink(linkTokenHash);
    if (!(await this.passwords.verify(signup.passwordHash, password))) {
      throw new BadRequestException({ message: MESSAGES.wrongSignupPassword, errors: [{ field: 'password', message: MESSAGES.wrongSignupPassword }] });
    }
    if (!(await this.signups.activate(linkTokenHash))) throw await this.unusableLink(linkTokenHash);
  }

  /** Sends the newest waiting sign-up of the address a new link, after the answer (which is the same either way). */
  resendVerification(email: string): void {
    this.afterResponse.run('Resending a verification link', async () => {
      const [newest] = await this.signups.waitingFor(email);
      if (newest) await this.resendLink(newest);
    });
  }

  /** Sends a link when the account exists, after the answer, so its time is the same either way. */
  requestPasswordReset(email: string): void {
    this.afterResponse.run('Sending a password reset link', async () => {
      const user = await this.users.findByEmail(email);
      if (user) await this.sendResetLink(user);
    });
  }

  /**
   * A reset proves the mailbox is theirs: it ends every session, withdraws every device's
   * allowance (a thief's too) and trusts this browser. Answers the device cookie to set.
   */
  /** Refuses, as setting the password would, a reset link that is unknown, used or expired, so its page says so before a password is typed. */
  async checkResetLink(token: string): Promise<void> {
    if (!(await this.tokens.isUsable(hashToken(token), 'reset_password', this.clock.now()))) throw new BadRequestException(MESSAGES.badResetLink);
  }

  async resetPassword(token: string, password: string, deviceToken: string | undefined): Promise<string> {
    const passwordHash = await this.passwords.hash(password);
    const device = deviceToken && isWellFormedToken(deviceToken) ? deviceToken : newToken();
    const reset = await this.database.transaction(async (tx) => {
      const userId = await this.tokens.consume(hashToken(token), 'reset_password', this.clock.now(), tx);
      if (!userId) return false;
      // Thrown inside the transaction, so a password the account's rule refuses leaves the link usable.
      const user = await this.users.findById(userId, tx);
      if (user) assertPasswordRule(user.role, 'signUp', password, 'password');
      await this.users.setPasswordHash(userId, passwordHash, tx);
      await this.sessions.endAllOfUser(userId, { executor: tx });
      await this.devices.forgetAll(userId, tx);
      await this.devices.remember(userId, hashToken(device), tx);
      return true;
    });
    if (!reset) throw new BadRequestException(MESSAGES.badResetLink);
    return device;
  }

  /** Keeps the session that asked and ends every other one. */
  async changePassword(asking: SessionUser, currentPassword: string, newPassword: string): Promise<void> {
    assertPasswordRule(asking.role, 'change', newPassword, 'newPassword');
    const user = await this.users.findById(asking.id);
    if (!user || !(await this.passwords.verify(user.passwordHash, currentPassword))) {
      throw new BadRequestException({ message: MESSAGES.wrongCurrentPassword, errors: [{ field: 'currentPassword', message: MESSAGES.wrongCurrentPassword }] });
    }
    if (currentPassword === newPassword) throw new BadRequestException(MESSAGES.samePassword);
    const passwordHash = await this.passwords.hash(newPassword);
    await this.database.transaction(async (tx) => {
      await this.users.setPasswordHash(user.id, passwordHash, tx);
      await this.sessions.endAllOfUser(user.id, { except: asking.sessionId, executor: tx });
    });
  }

  /**
   * Counts a sign-in attempt against its budget before any password is checked. A browser the
   * account trusts (a past sign-in there) has its own budget, which nobody else can spend; any
   * other client is limited by its address, by its address and this account, and, with every
   * other untrusted client, by this account. Answers the trusted device's token, if any.
   */
  private async countAttempt(email: string, user: UserRow | undefined, client: SignInClient): Promise<string | undefined> {
    const device = client.deviceToken && isWellFormedToken(client.deviceToken) ? client.deviceToken : undefined;
    if (user && device && (await this.devices.isTrusted(user.id, hashToken(device)))) {
      await this.throttling.consume('signInByTrustedDevice', `${user.id}:${hashToken(device)}`);
      return device;
    }
    await this.throttling.consume('signInByIp', client.ip);
    await this.throttling.consume('signInByIpAndAccount', `${client.ip}:${email}`);
    await this.throttling.consume('signInByAccount', email);
    return undefined;
  }

  /** The waiting sign-up this password belongs to; an address with none costs one decoy check. */
  private async waitingSignupWithPassword(email: string, password: string): Promise<SignupRow | undefined> {
    const waiting = await this.signups.waitingFor(email);
    if (waiting.length === 0) await this.passwords.verify(undefined, password);
    for (const signup of waiting) if (await this.passwords.verify(signup.passwordHash, password)) return signup;
    return undefined;
  }

  /** A new link for a waiting sign-up (its previous link stops working), within the address's e-mail allowance. */
  private async resendLink(signup: SignupRow): Promise<void> {
    if (!(await this.throttling.tryConsume('accountMailsByEmail', signup.email))) return;
    const link = newToken();
    await this.database.transaction(async (tx) => {
      if (!(await this.signups.renewLink(signup.id, hashToken(link), this.signupLinkExpiry(), tx))) return;
      await this.mail.send(verificationMail(signup.email, signup.name, this.url(`/auth/verify/${link}`)), tx);
    });
  }

  private async sendResetLink(user: UserRow): Promise<void> {
    const token = newToken();
    const now = this.clock.now();
    await this.database.transaction(async (tx) => {
      await this.tokens.issue(user.id, 'reset_password', hashToken(token), { now, expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS) }, tx);
      await this.mail.send(passwordResetMail(user.email, user.name, this.url(`/auth/reset-password/${token}`)), tx);
    });
  }

  /** A link that verifies nothing: used already (the account exists, 409 `alreadyVerified`), or unknown or expired (400). */
  private async unusableLink(linkTokenHash: string): Promise<BadRequestException | ConflictException> {
    if (await this.signups.wasUsed(linkTokenHash)) return new ConflictException({ message: MESSAGES.alreadyVerified, details: { alreadyVerified: true } });
    return new BadRequestException(MESSAGES.badVerificationLink);
  }

  private signupLinkExpiry(): Date {
    return new Date(this.clock.now().getTime() + SIGNUP_LINK_LIFETIME_MS);
  }

  private url(path: string): string {
    return new URL(path, this.config.publicUrl).toString();
  }
}

/** A new password must meet its account's rule (see accountPasswordRule), or the field is refused with the rule's message. */
function assertPasswordRule(role: Role, studentRule: StudentPasswordRule, password: string, field: string): void {
  const problem = passwordProblem(accountPasswordRule(role, studentRule), password);
  if (problem) throw new BadRequestException({ message: problem, errors: [{ field, message: problem }] });
}
