import { Injectable } from '@nestjs/common';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../database/database.service.js';
import { type DoorScanRow, doorScans } from '../database/schema/door-scans.js';

export type NewDoorScan = Omit<DoorScanRow, 'syncedAt'>;

/** The only place that queries the door scans. */
@Injectable()
export class DoorScansRepository {
  findByIds(ids: readonly string[], executor: Executor): Promise<DoorScanRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return executor
      .select()
      .from(doorScans)
      .where(inArray(doorScans.id, [...ids]));
  }

  /** Answers how many it wrote: a scan whose id another transaction wrote meanwhile is left out. */
  async insert(scans: readonly NewDoorScan[], executor: Executor): Promise<number> {
    if (scans.length === 0) return 0;
    const written = await executor
      .insert(doorScans)
      .values([...scans])
      .onConflictDoNothing()
      .returning({ id: doorScans.id });
    return written.length;
  }
}
