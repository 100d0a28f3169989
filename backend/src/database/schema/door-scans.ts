import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { users } from './users.js';

/**
 * What the server found when a door's scan reached it: `admitted` when the ticket's holders were
 * let in by it (whether it was the first for each of them is read from their registrations'
 * `checked_in_scan`, which an earlier scan synced later can take over), or why it admitted nobody.
 */
export const DOOR_SCAN_VERDICTS = ['admitted', 'unknown', 'other-event', 'not-approved', 'before-the-day'] as const;
export type DoorScanVerdict = (typeof DOOR_SCAN_VERDICTS)[number];
export const doorScanVerdict = pgEnum('door_scan_verdict', DOOR_SCAN_VERDICTS);

/**
 * Every ticket scan a door recorded while it held the event's list (online or not), as synced.
 * The id is the door's own, made when it scanned: a scan sent again (a sync whose answer was lost)
 * is found by it and changes nothing.
 */
export const doorScans = pgTable(
  'door_scans',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The admin whose door sent it; null once that account is gone. */
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the admin gave the door ("Door 2"): said to the other doors of an admission. */
    door: text('door').notNull(),
    /** The code as the door read it (its ticket's code, or whatever a forged QR held). */
    code: text('code').notNull(),
    /** The team members ticked at the door; null for every holder of the ticket. */
    holderIds: uuid('holder_ids').array(),
    /** When the door scanned it, by the door's clock (never later than when it reached the server). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    verdict: doorScanVerdict('verdict').notNull(),
  },
  (table) => [index('door_scans_by_event').on(table.eventId, table.scannedAt)],
);

export type DoorScanRow = typeof doorScans.$inferSelect;
