import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { DELETED_ACCOUNT } from '../common/erasure.js';
import { once } from '../common/once.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type Gender, type NewUserRow, type Role, type UserRow, users } from '../database/schema/users.js';

/** Who a search looks for: verified students matching `text`, but the one asking, of one gender when given. */
export interface StudentSearch {
  text: string;
  excludeUserId: string;
  gender?: Gender;
  limit: number;
}

/** A user with the session that named them. */
export interface SessionOfUser {
  user: UserRow;
  sessionId: string;
  sessionLastSeenAt: Date;
}

/** Which accounts a listing shows: those whose name, e-mail or roll number contains `search`, of one role when given. */
export interface UserFilter {
  search?: string;
  role?: Role;
}

/** What a role change writes: the role with the club and the event that go with it. */
export type RoleFields = Pick<UserRow, 'role' | 'club' | 'assignedEventId'>;

/** What a student changes of their own account (the profile). */
export type ProfileFields = Pick<UserRow, 'name' | 'dept' | 'year' | 'gender'>;

/** An account's address with what tells the account apart, for the review of addresses. */
export type AccountAddress = Pick<UserRow, 'id' | 'email' | 'role' | 'rollNumber' | 'createdAt'>;

/** The festival's accounts by kind, for the super admin's dashboard. */
export interface AccountCounts {
  students: number;
  verifiedStudents: number;
  /** Club admins and super admins. */
  staff: number;
}

interface PreparedSessionLookup {
  execute(values: Record<string, unknown>): Promise<SessionOfUser[]>;
}

/** The only place that queries the users table. */
@Injectable()
export class UsersRepository {
  constructor(private readonly database: DatabaseService) {}

  async insert(user: NewUserRow, executor: Executor = this.database.db): Promise<UserRow> {
    const [row] = await executor.insert(users).values(user).returning();
    return row;
  }

  async findById(id: string, executor: Executor = this.database.db): Promise<UserRow | undefined> {
    const [row] = await executor.select().from(users).where(eq(users.id, id));
    return row;
  }

  /**
   * The user of the session `liveSession` selects (its `id`, `user_id` and `last_seen_at`), in one
   * statement. The fragment is the same at every call (its values are placeholders, given in
   * `values`), so the statement is prepared once per connection.
   */
  async findBySession(liveSession: SQL, values: Record<string, unknown>): Promise<SessionOfUser | undefined> {
    this.findBySessionStatement ??= this.database.db
      .select({
        user: users,
        sessionId: sql<string>`live_session.id`,
        sessionLastSeenAt: sql<Date>`live_session.last_seen_at`.mapWith((value: string | Date) => new Date(value)),
      })
      .from(users)
      .innerJoin(sql`(${liveSession}) as live_session`, sql`live_session.user_id = ${users.id}`)
      .prepare('find_session_user');
    const [row] = await this.findBySessionStatement.execute(values);
    return row;
  }

  private findBySessionStatement?: PreparedSessionLookup;

  async findByEmail(email: string, executor: Executor = this.database.db): Promise<UserRow | undefined> {
    const [row] = await executor.select().from(users).where(eq(users.email, email));
    return row;
  }

  /** The accounts `ids` (a subquery of one column) names. */
  findIn(ids: SQL, executor: Executor): Promise<UserRow[]> {
    return executor
      .select()
      .from(users)
      .where(sql`${users.id} in (${ids})`);
  }

  /**
   * The address and name of each account `ids` (a subquery of one column) names, as a subquery of
   * the columns `email` and `name`: for a statement that writes to each (`MailService.sendToEach`).
   */
  contactsOf(ids: SQL): SQL {
    return sql`select ${users.email} as email, ${users.name} as name from ${users} where ${users.id} in (${ids})`;
  }

  findByIds(ids: readonly string[], executor?: Executor): Promise<UserRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    if (!executor) return this.findByIdsStatement().execute({ ids });
    return executor
      .select()
      .from(users)
      .where(inArray(users.id, [...ids]));
  }

  /** Names for My Registrations' teams and the lists, on every visit: built and planned once per connection. */
  private findByIdsStatement = once(() =>
    this.database.db
      .select()
      .from(users)
      .where(sql`${users.id} = any(${sql.placeholder('ids')})`)
      .prepare('find_users_by_ids'),
  );

  findByEmails(emails: readonly string[], executor: Executor = this.database.db): Promise<UserRow[]> {
    return emails.length === 0
      ? Promise.resolve([])
      : executor
          .select()
          .from(users)
          .where(inArray(users.email, [...emails]));
  }

  /** The accounts that run an event (a club admin's assigned event), each with that event's id. */
  async assignedToEvents(executor: Executor = this.database.db): Promise<(UserRow & { assignedEventId: string })[]> {
    const rows = await executor.select().from(users).where(isNotNull(users.assignedEventId));
    return rows as (UserRow & { assignedEventId: string })[];
  }

  async findAssignedTo(eventId: string, executor: Executor = this.database.db): Promise<UserRow | undefined> {
    const [row] = await executor.select().from(users).where(eq(users.assignedEventId, eventId));
    return row;
  }

  async isVerifiedByLink(linkTokenHash: string): Promise<boolean> {
    const [row] = await this.database.db.select({ id: users.id }).from(users).where(eq(users.verifiedLinkHash, linkTokenHash));
    return row !== undefined;
  }

  async findByRollNumber(rollNumber: string): Promise<UserRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(users)
      .where(eq(sql`upper(${users.rollNumber})`, rollNumber.toUpperCase()));
    return row;
  }

  // `updated_at` is the database's record of the change (nothing decides on it), so its now() stamps it.
  async setEventReminders(id: string, enabled: boolean): Promise<boolean> {
    const [row] = await this.database.db
      .update(users)
      .set({ eventReminders: enabled, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning({ eventReminders: users.eventReminders });
    return row.eventReminders;
  }

  /** The accounts that take the day-before reminders, as a subquery another module's statement filters its rows with. */
  remindedAccounts(): SQL {
    return sql`select ${users.id} from ${users} where ${users.eventReminders}`;
  }

  async setPasswordHash(id: string, passwordHash: string, executor: Executor = this.database.db): Promise<void> {
    await executor
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  /**
   * The super admins' ids, their rows locked until the caller's transaction ends. Every role
   * change takes these locks first, so two changes are decided one after the other and each
   * counts the super admins the other left. NO KEY UPDATE, so sign-ins (whose sessions' foreign
   * key takes KEY SHARE) are not held up.
   */
  async lockSuperAdmins(executor: Executor): Promise<string[]> {
    const rows = await executor.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).orderBy(asc(users.id)).for('no key update');
    return rows.map((row) => row.id);
  }

  /**
   * The account, locked until the caller's transaction ends. FOR UPDATE, the lock that also
   * waits for a registration or team membership of the account being written (each holds the
   * row FOR KEY SHARE, see migration 0008), so a role or profile change and a registration take turns.
   */
  async lock(id: string, executor: Executor): Promise<UserRow | undefined> {
    const [row] = await executor.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  }

  /**
   * The account, read and kept as read until the caller's transaction ends: FOR KEY SHARE, the
   * lock a registration's or a team membership's foreign key takes anyway, so the reader waits
   * for a profile change or a role change in progress (each holds the row FOR UPDATE), reads what
   * it committed, and holds off the next one until it commits in turn. Readers never wait for each other.
   */
  async readAndHold(id: string, executor: Executor): Promise<UserRow | undefined> {
    const [row] = await executor.select().from(users).where(eq(users.id, id)).for('key share');
    return row;
  }

  updateProfile(id: string, fields: ProfileFields, executor: Executor): Promise<UserRow> {
    return this.updateAccount(id, fields, executor);
  }

  setRole(id: string, fields: RoleFields, executor: Executor): Promise<UserRow> {
    return this.updateAccount(id, fields, executor);
  }

  /** Writes the account's changed fields, stamped, and answers the row as it now is. */
  private async updateAccount(id: string, fields: ProfileFields | RoleFields, executor: Executor): Promise<UserRow> {
    const [row] = await executor
      .update(users)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /**
   * Erases the account to its placeholder: no name, address, roll number or password left, a
   * student's role (so no list of staff or count of super admins finds it) and `deleted_at` set.
   * The row stays for the records that point at it. The address becomes `<id>@deleted.invalid`,
   * which no sign-in can match and which frees the real one for a new sign-up.
   */
  async erase(id: string, now: Date, executor: Executor): Promise<void> {
    await executor
      .update(users)
      .set({
        name: DELETED_ACCOUNT,
        email: `${id}@deleted.invalid`,
        passwordHash: '',
        role: 'student',
        isVerified: false,
        gender: null,
        eventReminders: false,
        dept: null,
        year: null,
        rollNumber: null,
        club: null,
        assignedEventId: null,
        verifiedLinkHash: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, id));
  }

  async makeSuperAdmin(id: string): Promise<void> {
    await this.database.db
      .update(users)
      .set({ role: 'superadmin', updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  /** Verified students whose name or e-mail contains the text, for forming teams. */
  searchStudents({ text, excludeUserId, gender, limit }: StudentSearch): Promise<UserRow[]> {
    return this.database.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.role, 'student'),
          eq(users.isVerified, true),
          ne(users.id, excludeUserId),
          nameOrEmailContains(text),
          gender ? eq(users.gender, gender) : undefined,
        ),
      )
      .orderBy(asc(users.name))
      .limit(limit);
  }

  /** Club admins and super admins whose name or e-mail contains the text (all when none), by name. */
  searchStaff(text: string | undefined, limit: number): Promise<UserRow[]> {
    return this.database.db
      .select()
      .from(users)
      .where(and(inArray(users.role, ['admin', 'superadmin']), text ? nameOrEmailContains(text) : undefined))
      .orderBy(asc(users.name), asc(users.id))
      .limit(limit);
  }

  /** Club admins with a club, by club and then by name. */
  clubAdmins(): Promise<UserRow[]> {
    return this.database.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), isNotNull(users.club)))
      .orderBy(asc(users.club), asc(users.name), asc(users.id));
  }

  listPage(filter: UserFilter, offset: number, limit: number): Promise<UserRow[]> {
    return this.database.db.select().from(users).where(matching(filter)).orderBy(asc(users.createdAt), asc(users.id)).offset(offset).limit(limit);
  }

  /** Every account counted by kind in one pass. */
  async accountCounts(): Promise<AccountCounts> {
    const student = eq(users.role, 'student');
    const [row] = await this.database.db
      .select({
        students: sql<number>`(count(*) filter (where ${student}))::int`,
        verifiedStudents: sql<number>`(count(*) filter (where ${student} and ${users.isVerified}))::int`,
        staff: sql<number>`(count(*) filter (where ${ne(users.role, 'student')}))::int`,
      })
      .from(users)
      .where(isNull(users.deletedAt));
    return row;
  }

  async count(filter: UserFilter): Promise<number> {
    const [row] = await this.database.db.select({ total: count() }).from(users).where(matching(filter));
    return row.total;
  }

  /** Every account's address, oldest first: the review reads them all (a few megabytes for a festival's accounts). */
  addresses(): Promise<AccountAddress[]> {
    const { id, email, role, rollNumber, createdAt } = users;
    return this.database.db.select({ id, email, role, rollNumber, createdAt }).from(users).orderBy(asc(createdAt), asc(id));
  }
}

/** An ILIKE pattern for "contains the text"; the text's own % and _ match only themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Name or e-mail contains the text, whatever its case. */
function nameOrEmailContains(text: string): SQL | undefined {
  const pattern = containing(text);
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
}

/**
 * The super admin's listing of the accounts there are (deleted ones are not), which also finds a
 * student by roll number (the team search does not: it answers only what inviting needs).
 */
function matching({ search, role }: UserFilter): SQL | undefined {
  const found = search ? or(nameOrEmailContains(search), ilike(users.rollNumber, containing(search))) : undefined;
  return and(isNull(users.deletedAt), found, role ? eq(users.role, role) : undefined);
}
