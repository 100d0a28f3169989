import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The clubs a new database starts with (migration 0015 writes them); the super admin adds, renames and retires clubs from there. */
export const FIRST_CLUBS = [
  'Blue Sky Forum',
  "Readers' Club",
  'Photography Club',
  'Dance Club',
  'Music Club',
  'Drama Club',
  'Tech Club',
  'Literary Club',
  'Sports Club',
  'Cultural Club',
] as const;

/**
 * The clubs that run the festival's events. Events, club admins and admin invitations name their
 * club by `name`, a foreign key that follows a rename (ON UPDATE CASCADE) and refuses to delete a
 * club in use; a retired club (`retired_at`) keeps its past events and results and takes no new
 * events, admins or invitations.
 */
export const clubs = pgTable(
  'clubs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique('clubs_name_key'),
    description: text('description').notNull().default(''),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique whatever their case, so "Tech Club" and "tech club" cannot both exist.
  (table) => [uniqueIndex('clubs_name_unique_ci').on(sql`lower(${table.name})`)],
);

export type ClubRow = typeof clubs.$inferSelect;
