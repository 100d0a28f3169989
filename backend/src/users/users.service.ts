import { Injectable } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import { uniqueConflict } from '../common/conflicts.js';
import { canonicalEmail, isInstitutionAddress } from '../common/email-address.js';
import type { PageOf, PageQuery } from '../common/pagination.js';
import type { Executor } from '../database/database.service.js';
import type { NewUserRow, UserRow } from '../database/schema/users.js';
import {
  type AccountAddress,
  type AccountCounts,
  type RoleFields,
  type SessionOfUser,
  type StudentSearch,
  type UserFilter,
  UsersRepository,
} from './users.repository.js';

export type { AccountAddress, AccountCounts, RoleFields, StudentSearch, UserFilter };

/** The staff in-charge search lists at most this many people. */
const STAFF_SEARCH_LIMIT = 20;

export const ROLL_NUMBER_TAKEN = 'This roll number is already registered';
export const EVENT_HAS_ADMIN = 'This event already has an admin assigned';
const TAKEN = {
  users_email_unique: { message: 'An account with this email already exists', field: 'email' },
  users_roll_number_unique: { message: ROLL_NUMBER_TAKEN, field: 'rollNumber' },
  users_one_admin_per_event: { message: EVENT_HAS_ADMIN },
};

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /** Creates an account; a taken e-mail or roll number is a 409 with the field named, an event that has its admin a 409 too. */
  async create(user: NewUserRow, executor?: Executor): Promise<UserRow> {
    try {
      return await this.users.insert(user, executor);
    } catch (error) {
      throw uniqueConflict(error, TAKEN) ?? error;
    }
  }

  findById(id: string, executor?: Executor): Promise<UserRow | undefined> {
    return this.users.findById(id, executor);
  }

  /** The club admins that run an event, each with its id (`assignedEventId`). */
  assignedToEvents(executor?: Executor): Promise<(UserRow & { assignedEventId: string })[]> {
    return this.users.assignedToEvents(executor);
  }

  /** The admin who runs the event, if any. */
  findAssignedTo(eventId: string, executor?: Executor): Promise<UserRow | undefined> {
    return this.users.findAssignedTo(eventId, executor);
  }

  /** The accounts `ids` (a subquery of one column) names, read through `executor`. */
  findIn(ids: SQL, executor: Executor): Promise<UserRow[]> {
    return this.users.findIn(ids, executor);
  }

  /** The address and name of each account `ids` names, as a subquery (see the repository). */
  contactsOf(ids: SQL): SQL {
    return this.users.contactsOf(ids);
  }

  findByIds(ids: readonly string[], executor?: Executor): Promise<UserRow[]> {
    return this.users.findByIds(ids, executor);
  }

  /** Accounts by e-mail, each address compared in its canonical form, as stored. */
  findByEmails(emails: readonly string[], executor?: Executor): Promise<UserRow[]> {
    return this.users.findByEmails(emails.map(canonicalEmail), executor);
  }

  /** The user of the live session that `liveSession` (the sessions' own fragment) selects with `values`. */
  findBySession(liveSession: SQL, values: Record<string, unknown>): Promise<SessionOfUser | undefined> {
    return this.users.findBySession(liveSession, values);
  }

  /** Whether this sign-up link already created an account (it is used up, not unknown). */
  isVerifiedByLink(linkTokenHash: string): Promise<boolean> {
    return this.users.isVerifiedByLink(linkTokenHash);
  }

  findByEmail(email: string, executor?: Executor): Promise<UserRow | undefined> {
    return this.users.findByEmail(canonicalEmail(email), executor);
  }

  /**
   * Accounts whose stored address is not a plain one at the institution's domain in canonical
   * form: made before the rule, they are for the super admin to review (`npm run
   * accounts:review`), and nothing here changes them.
   */
  async addressesToReview(domain: string): Promise<AccountAddress[]> {
    const accounts = await this.users.addresses();
    return accounts.filter(({ email }) => email !== canonicalEmail(email) || !isInstitutionAddress(email, domain));
  }

  /** True when an account holds this roll number, whatever its case. */
  async isRollNumberTaken(rollNumber: string): Promise<boolean> {
    return (await this.users.findByRollNumber(rollNumber)) !== undefined;
  }

  /** Turns the student's day-before reminders on or off; answers the setting as stored. */
  setEventReminders(id: string, enabled: boolean): Promise<boolean> {
    return this.users.setEventReminders(id, enabled);
  }

  /**
   * The accounts that take the day-before reminders, as an SQL subquery of their ids: the
   * registrations module claims its reminders in one statement with it, as the sessions supply
   * the live session to the user lookup.
   */
  remindedAccounts(): SQL {
    return this.users.remindedAccounts();
  }

  setPasswordHash(id: string, passwordHash: string, executor?: Executor): Promise<void> {
    return this.users.setPasswordHash(id, passwordHash, executor);
  }

  /** The super admins' ids, locked until the transaction ends: every role change takes them first (see the repository). */
  lockSuperAdmins(executor: Executor): Promise<string[]> {
    return this.users.lockSuperAdmins(executor);
  }

  /** The account, locked until the transaction ends, also against a registration or a team membership being written for it. */
  lock(id: string, executor: Executor): Promise<UserRow | undefined> {
    return this.users.lock(id, executor);
  }

  /** The account as it stands, kept from changing (its profile, its role) until the transaction ends; other readers are not held up. */
  readAndHold(id: string, executor: Executor): Promise<UserRow | undefined> {
    return this.users.readAndHold(id, executor);
  }

  /** Writes a role with its club and event; the rules of who may become what belong to the caller. */
  setRole(id: string, fields: RoleFields, executor: Executor): Promise<UserRow> {
    return this.users.setRole(id, fields, executor);
  }

  /** Erases the account to its placeholder (see the repository), in the deletion's transaction. */
  erase(id: string, now: Date, executor: Executor): Promise<void> {
    return this.users.erase(id, now, executor);
  }

  makeSuperAdmin(id: string): Promise<void> {
    return this.users.makeSuperAdmin(id);
  }

  /** Verified students by name or e-mail, for forming teams (the rules of who may be found belong to the caller). */
  searchStudents(search: StudentSearch): Promise<UserRow[]> {
    return this.users.searchStudents(search);
  }

  /** Club admins and super admins by name or e-mail (everyone of them without text), for choosing an event's staff in-charge. */
  searchStaff(text: string | undefined): Promise<UserRow[]> {
    return this.users.searchStaff(text, STAFF_SEARCH_LIMIT);
  }

  /** Club admins who have a club, by club and then by name. */
  accountCounts(): Promise<AccountCounts> {
    return this.users.accountCounts();
  }

  clubAdmins(): Promise<UserRow[]> {
    return this.users.clubAdmins();
  }

  /** One page of the accounts the filter keeps (every account without one), oldest first, with how many there are in all. */
  async listPage(page: PageQuery, filter: UserFilter = {}): Promise<PageOf<UserRow>> {
    const [items, total] = await Promise.all([this.users.listPage(filter, page.offset, page.limit), this.users.count(filter)]);
    return { items, total };
  }
}
