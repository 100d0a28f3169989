import { Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type AccountTraces, DELETED_ACCOUNT, withoutTraces } from '../common/erasure.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type CertificateRow, certificates, type NewCertificateRow } from '../database/schema/certificates.js';

/** Certificates inserted a statement: 23 parameters each keeps a thousand well inside PostgreSQL's 65,535. */
const CERTIFICATES_PER_STATEMENT = 1000;

/** The only place that queries the certificates table. */
@Injectable()
export class CertificatesRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Every certificate of the event, revoked ones too, by kind, place and name. */
  ofEvent(eventId: string, executor: Executor = this.database.db): Promise<CertificateRow[]> {
    return executor
      .select()
      .from(certificates)
      .where(eq(certificates.eventId, eventId))
      .orderBy(asc(certificates.kind), asc(certificates.place), asc(certificates.studentName), asc(certificates.issuedAt));
  }

  /** The event's certificates that stand (not revoked), in the same order. */
  standingOfEvent(eventId: string): Promise<CertificateRow[]> {
    return this.database.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.eventId, eventId), isNull(certificates.revokedAt)))
      .orderBy(asc(certificates.kind), asc(certificates.place), asc(certificates.studentName));
  }

  /** The student's certificates that stand, newest first. */
  standingOfStudent(userId: string): Promise<CertificateRow[]> {
    return this.database.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, userId), isNull(certificates.revokedAt)))
      .orderBy(sql`${certificates.issuedAt} desc`, asc(certificates.kind));
  }

  /** Every certificate issued to the student, revoked ones too, newest first. */
  allOfStudent(userId: string): Promise<CertificateRow[]> {
    return this.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, userId))
      .orderBy(sql`${certificates.issuedAt} desc`);
  }

  async findById(id: string, executor: Executor = this.database.db): Promise<CertificateRow | undefined> {
    const [row] = await executor.select().from(certificates).where(eq(certificates.id, id));
    return row;
  }

  /** The certificate whose code hashes to `codeHash`: one unique-index probe, found or not. */
  async findByCodeHash(codeHash: string): Promise<CertificateRow | undefined> {
    const [row] = await this.database.db.select().from(certificates).where(eq(certificates.codeHash, codeHash));
    return row;
  }

  /**
   * Inserts the certificates; one already standing for the same student, event and kind (another
   * issue that came first) is skipped by the unique index. Answers the rows inserted.
   */
  async insert(rows: readonly NewCertificateRow[], executor: Executor): Promise<CertificateRow[]> {
    const inserted: CertificateRow[] = [];
    for (let start = 0; start < rows.length; start += CERTIFICATES_PER_STATEMENT) {
      const chunk = rows.slice(start, start + CERTIFICATES_PER_STATEMENT);
      inserted.push(...(await executor.insert(certificates).values(chunk).onConflictDoNothing().returning()));
    }
    return inserted;
  }

  /**
   * Erases a deleted account's certificates: the name they carry becomes the placeholder (a
   * team's name quoting it too), and those still standing are revoked with `reason`, so their
   * codes answer that the holder deleted the account rather than "no such certificate".
   */
  async eraseHolder(userId: string, traces: AccountTraces, revocation: { revokedAt: Date; revokedReason: string }, executor: Executor): Promise<void> {
    await executor
      .update(certificates)
      .set({
        studentName: DELETED_ACCOUNT,
        teamName: withoutTraces(certificates.teamName, traces),
        revokedAt: sql`coalesce(${certificates.revokedAt}, ${revocation.revokedAt})`,
        revokedReason: sql`coalesce(${certificates.revokedReason}, ${revocation.revokedReason})`,
      })
      .where(eq(certificates.userId, userId));
  }

  /** Revokes the certificate if it still stands; answers it as revoked, or nothing when it was already. */
  async revoke(id: string, revocation: { revokedAt: Date; revokedReason: string; revokedBy: string }, executor: Executor): Promise<CertificateRow | undefined> {
    const [row] = await executor
      .update(certificates)
      .set(revocation)
      .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
      .returning();
    return row;
  }
}
