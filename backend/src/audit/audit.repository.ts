import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { type AccountTraces, jsonWithoutTraces, DELETED_ACCOUNT, mentions, withoutTraces } from '../common/erasure.js';
import type { PageOf } from '../common/pagination.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { auditLog, type AuditRow, type NewAuditRow } from '../database/schema/audit.js';

/** Which records to read: all, or one club's, or one person's actions. */
export interface AuditFilter {
  club?: string;
  actorId?: string;
}

/** The only place that queries the audit_log table. */
@Injectable()
export class AuditRepository {
  constructor(private readonly database: DatabaseService) {}

  async insert(entry: NewAuditRow, executor: Executor): Promise<void> {
    await executor.insert(auditLog).values(entry);
  }

  /** The records of the account's own actions and of changes to the account itself, newest first. */
  about(userId: string): Promise<AuditRow[]> {
    return this.database.db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.actorId, userId), and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, userId))))
      .orderBy(desc(auditLog.at), desc(auditLog.id));
  }

  /** The names the account changed from on its profile, as the trail recorded them. */
  async formerNamesOf(userId: string, executor: Executor): Promise<string[]> {
    const rows = await executor
      .select({ name: sql<string>`${auditLog.changes} -> 'fullName' ->> 'from'` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.profile_updated'), eq(auditLog.subjectId, userId), sql`${auditLog.changes} ? 'fullName'`));
    return rows.map((row) => row.name);
  }

  /**
   * Rewrites what the trail says of a deleted account: its own actions keep their records under
   * the placeholder, and its name, address and roll number are replaced wherever a record quotes
   * them (a subject's label, a change's values). The only change ever made to a record.
   */
  async eraseTraces(actorId: string, traces: AccountTraces, executor: Executor): Promise<void> {
    await executor.update(auditLog).set({ actorName: DELETED_ACCOUNT, actorEmail: DELETED_ACCOUNT }).where(eq(auditLog.actorId, actorId));
    await executor
      .update(auditLog)
      .set({
        actorName: withoutTraces(auditLog.actorName, traces),
        actorEmail: withoutTraces(auditLog.actorEmail, traces),
        subjectLabel: withoutTraces(auditLog.subjectLabel, traces),
        changes: jsonWithoutTraces(auditLog.changes, traces),
      })
      .where(
        or(
          mentions(auditLog.actorName, traces),
          mentions(auditLog.actorEmail, traces),
          mentions(auditLog.subjectLabel, traces),
          mentions(auditLog.changes, traces),
        ),
      );
  }

  /** Newest first. */
  async page(filter: AuditFilter, offset: number, limit: number): Promise<PageOf<AuditRow>> {
    const where = and(...conditions(filter));
    const db = this.database.db;
    const [items, [{ total }]] = await Promise.all([
      db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).offset(offset).limit(limit),
      db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return { items, total };
  }
}

function conditions({ club, actorId }: AuditFilter): SQL[] {
  return [...(club ? [eq(auditLog.club, club)] : []), ...(actorId ? [eq(auditLog.actorId, actorId)] : [])];
}
