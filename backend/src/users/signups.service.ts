import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { canonicalEmail } from '../common/email-address.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { NewSignupRow, SignupRow, UserRow } from '../database/schema/users.js';
import { SignupsRepository } from './signups.repository.js';
import { UsersService } from './users.service.js';

/** At most this many waiting sign-ups of one address are tried against a sign-in's password. */
const SIGN_IN_CANDIDATES = 5;

/**
 * Sign-ups waiting for their e-mail link. A sign-up creates no account: the link does, so only
 * a password chosen by whoever holds the mailbox can ever sign in. Several may wait for one
 * address (or roll number); none removes another.
 */
@Injectable()
export class SignupsService {
  constructor(
    private readonly database: DatabaseService,
    private readonly signups: SignupsRepository,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  add(signup: NewSignupRow, executor: Executor): Promise<void> {
    return this.signups.insert(signup, executor);
  }

  findByLink(linkTokenHash: string): Promise<SignupRow | undefined> {
    return this.signups.findByLink(linkTokenHash, this.clock.now());
  }

  /** Whether this link was used and created an account: worded apart from an unknown link, never usable again. */
  wasUsed(linkTokenHash: string): Promise<boolean> {
    return this.users.isVerifiedByLink(linkTokenHash);
  }

  /** The newest waiting sign-ups of an address, the ones a sign-in's password is tried against. */
  waitingFor(email: string): Promise<SignupRow[]> {
    return this.signups.waitingFor(canonicalEmail(email), this.clock.now(), SIGN_IN_CANDIDATES);
  }

  /** People waiting to verify: addresses with a live sign-up and no account (the dashboard's unverified users). */
  countWaiting(): Promise<number> {
    return this.signups.countWaitingAddresses(this.clock.now());
  }

  renewLink(id: string, linkTokenHash: string, expiresAt: Date, executor: Executor): Promise<boolean> {
    return this.signups.renewLink(id, linkTokenHash, expiresAt, executor);
  }

  /**
   * Turns the sign-up whose link this is into a verified student, in one transaction; with a
   * browser token, only when the sign-up was made in that browser. Answers nothing when the link
   * is unknown, expired, already used or bound elsewhere. When the address or roll number became
   * an account meanwhile (another link won a race), the 409 says which and nothing is created.
   */
  async activate(linkTokenHash: string, browserTokenHash?: string): Promise<UserRow | undefined> {
    const user = await this.database.transaction(async (tx) => {
      const signup = await this.signups.take(linkTokenHash, browserTokenHash, this.clock.now(), tx);
      if (!signup) return undefined;
      const { name, email, passwordHash, gender, dept, year, rollNumber } = signup;
      const verifiedLinkHash = signup.linkTokenHash;
      return this.users.create({ name, email, passwordHash, gender, dept, year, rollNumber, role: 'student', isVerified: true, verifiedLinkHash }, tx);
    });
    // The address is taken now: its other sign-ups can never succeed. Done after the commit, so
    // this transaction never waits on a racing one's sign-up row while holding the new e-mail.
    if (user) await this.signups.deleteFor(user.email);
    return user;
  }

  /** The address became an account by other means (the super admin's): its sign-ups are void. */
  voidFor(email: string): Promise<void> {
    return this.signups.deleteFor(canonicalEmail(email));
  }

  /** The address's sign-ups waiting for their link, deleted with its account (the deletion's transaction). */
  forget(email: string, executor: Executor): Promise<void> {
    return this.signups.deleteFor(email, executor);
  }

  /** One DELETE of expired sign-ups; safe on every instance. */
  @ScheduledJob('purge-signups', 60 * 60 * 1000)
  purgeExpired(): Promise<void> {
    return this.signups.deleteExpired(this.clock.now());
  }
}
