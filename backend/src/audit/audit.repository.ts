import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
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
