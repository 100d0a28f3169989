import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { teams } from './teams.js';
import { users } from './users.js';

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const registrationStatus = pgEnum('registration_status', REGISTRATION_STATUSES);

/**
 * One row per student registered for an event, alone or as a member of a registered team. The unique pair is what makes a second
 * registration impossible, however many requests race for it.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The team the student registered with; null for a solo registration. A team's members share its one seat. */
    teamId: uuid('team_id').references(() => teams.id),
    status: registrationStatus('status').notNull(),
    /** Why a club admin rejected it, when they said: told to the student. Null otherwise. */
    rejectionReason: text('rejection_reason'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The seat's ticket: 16 characters without look-alikes (`common/ticket-code.ts`; earlier tickets, 22 base64url). A solo registration has its own; a team's
     * members share their team's, written with their rows in the statement that takes the seat,
     * which the server makes (`new_ticket_code()`, migration 0009, gave the rows before it a code;
     * docs/decisions.md, "Event day").
     */
    ticketCode: text('ticket_code')
      .notNull()
      .default(sql`new_ticket_code()`),
    /** Marked on the event day by the club's admins; `checked_in_at` is when, and is cleared with it (as are the door and scan below). */
    isPresent: boolean('is_present').notNull().default(false),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** The door that checked them in, by the name its admin gave it; null when marked on the attendance page or at an online door. */
    checkedInDoor: text('checked_in_door'),
    /** The door scan that let them in (`door_scans`): the first by time of every scan of their ticket, whichever door synced first. */
    checkedInScan: uuid('checked_in_scan'),
    /** When the day-before reminder was queued for this student: set once, by whichever instance claims it first. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /**
     * When the confirmation e-mail was queued: the confirmations job claims new registrations in
     * batches, so registering stays one statement and the e-mail outlives a crash after the commit.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    unique('registrations_one_per_student').on(table.eventId, table.userId),
    index('registrations_user').on(table.userId),
    index('registrations_team').on(table.teamId),
    // The dashboards' latest registrations of each event: a few rows off the top of one range, not every row of the event sorted.
    index('registrations_event_latest').on(table.eventId, table.appliedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('registrations_ticket').on(table.ticketCode),
    // The confirmations job's queue: only the few registrations not yet confirmed are in it.
    index('registrations_unconfirmed')
      .on(table.appliedAt)
      .where(sql`${table.confirmedAt} is null`),
  ],
);

export type RegistrationRow = typeof registrations.$inferSelect;
