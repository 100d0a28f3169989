import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One-time operations already done on this database, such as loading the demo data. */
export const appMilestones = pgTable('app_milestones', {
  key: text('key').primaryKey(),
  reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
});
