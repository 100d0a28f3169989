import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A copy of everything held about an account, prepared when its owner asks and offered for a
 * limited time (`expires_at`), then purged. Kept as the JSON text served, so a download is a read.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('data_exports_user').on(table.userId, table.createdAt), index('data_exports_expires').on(table.expiresAt)],
);

export type DataExportRow = typeof dataExports.$inferSelect;
