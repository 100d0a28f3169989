import { index, pgEnum, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('registrations_one_per_student').on(table.eventId, table.userId),
    index('registrations_user').on(table.userId),
    index('registrations_team').on(table.teamId),
    // The dashboards' latest registrations of each event: a few rows off the top of one range, not every row of the event sorted.
    index('registrations_event_latest').on(table.eventId, table.appliedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

export type RegistrationRow = typeof registrations.$inferSelect;
