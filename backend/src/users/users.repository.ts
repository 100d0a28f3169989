import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type Gender, type NewUserRow, type UserRow, users } from '../database/schema/users.js';

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

  findByIds(ids: readonly string[], executor: Executor = this.database.db): Promise<UserRow[]> {
    return ids.length === 0
      ? Promise.resolve([])
      : executor
          .select()
          .from(users)
          .where(inArray(users.id, [...ids]));
  }

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
  async setPasswordHash(id: string, passwordHash: string, executor: Executor = this.database.db): Promise<void> {
    await executor
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
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
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.database.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.role, 'student'),
          eq(users.isVerified, true),
          ne(users.id, excludeUserId),
          or(ilike(users.name, pattern), ilike(users.email, pattern)),
          gender ? eq(users.gender, gender) : undefined,
        ),
      )
      .orderBy(asc(users.name))
      .limit(limit);
  }

  listPage(offset: number, limit: number): Promise<UserRow[]> {
    return this.database.db.select().from(users).orderBy(asc(users.createdAt), asc(users.id)).offset(offset).limit(limit);
  }

  async count(): Promise<number> {
    const [row] = await this.database.db.select({ total: count() }).from(users);
    return row.total;
  }
}
