import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type DataExportRow, dataExports } from '../database/schema/data-exports.js';

/** The only place that queries the data_exports table. */
@Injectable()
export class DataExportsRepository {
  constructor(private readonly database: DatabaseService) {}

  async insert(download: Omit<DataExportRow, 'id'>, executor: Executor): Promise<DataExportRow> {
    const [row] = await executor.insert(dataExports).values(download).returning();
    return row;
  }

  /** The account's download still offered at `now`, if any. */
  async findOffered(userId: string, now: Date): Promise<DataExportRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), gt(dataExports.expiresAt, now)))
      .orderBy(desc(dataExports.createdAt))
      .limit(1);
    return row;
  }

  async deleteAllOf(userId: string, executor: Executor): Promise<void> {
    await executor.delete(dataExports).where(eq(dataExports.userId, userId));
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.database.db.delete(dataExports).where(lte(dataExports.expiresAt, now));
  }
}
