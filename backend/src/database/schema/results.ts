import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { teams } from './teams.js';
import { users } from './users.js';

/**
 * An event's confirmed winners, one row per place: a student (solo events) or a team (group
 * events), never both. The unique pairs make a place, a student and a team appear once per
 * event; a new choice replaces the whole set in one transaction, so `confirmed_at` is the same on
 * every row of the set and says when the results were published.
 */
export const eventWinners = pgTable(
  'event_winners',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('event_winners_place').on(table.eventId, table.place),
    unique('event_winners_student').on(table.eventId, table.userId),
    unique('event_winners_team').on(table.eventId, table.teamId),
    index('event_winners_user').on(table.userId),
    index('event_winners_team_id').on(table.teamId),
    check('event_winners_place_positive', sql`${table.place} >= 1`),
    check('event_winners_student_or_team', sql`num_nonnulls(${table.userId}, ${table.teamId}) = 1`),
  ],
);

export type EventWinnerRow = typeof eventWinners.$inferSelect;
export type NewEventWinnerRow = typeof eventWinners.$inferInsert;
