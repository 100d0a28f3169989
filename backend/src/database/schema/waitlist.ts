import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { teams } from './teams.js';
import { users } from './users.js';

/**
 * waiting: in line; offered: a seat is held for them until `offer_expires_at`; accepted: they
 * took it; declined / lapsed: they let it go (the seat passed on); left: they left the line.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'declined', 'lapsed', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const waitlistStatus = pgEnum('waitlist_status', WAITLIST_STATUSES);

/**
 * The line for a full event: a solo student, or a whole team (`team_id`, joined by its leader,
 * `user_id`). A freed seat goes to the oldest waiting entry as an offer, held in
 * `event_seats.held` until it is accepted, declined or lapses. The partial unique indexes keep
 * one open entry (waiting or offered) per student and per team for an event, however many joins race.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The student in line: the solo student, or the team's leader who put the team in line. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    status: waitlistStatus('status').notNull().default('waiting'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** When the entry left the line: accepted, declined, lapsed or left. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('waitlist_one_open_per_student')
      .on(table.eventId, table.userId)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    uniqueIndex('waitlist_one_open_per_team')
      .on(table.eventId, table.teamId)
      .where(sql`${table.status} in ('waiting', 'offered') and ${table.teamId} is not null`),
    // The head of each event's line, and a student's place in it.
    index('waitlist_line')
      .on(table.eventId, table.joinedAt, table.id)
      .where(sql`${table.status} = 'waiting'`),
    // The sweep's lapsed offers.
    index('waitlist_offers_due')
      .on(table.offerExpiresAt)
      .where(sql`${table.status} = 'offered'`),
    index('waitlist_user').on(table.userId),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
