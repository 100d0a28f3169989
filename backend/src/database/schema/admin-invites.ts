import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './clubs.js';
import { events } from './events.js';
import { users } from './users.js';

export const ADMIN_INVITE_STATUSES = ['pending', 'accepted', 'cancelled', 'expired'] as const;
export type AdminInviteStatus = (typeof ADMIN_INVITE_STATUSES)[number];
export const adminInviteStatus = pgEnum('admin_invite_status', ADMIN_INVITE_STATUSES);

/**
 * The super admin's invitation to run one event as its club's admin, e-mailed as a link whose
 * token is kept only as a hash. Accepting it creates the admin account, bound to the club and
 * the event; it stops being pending when accepted, cancelled or expired (at use, and by the job).
 */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased, like users.email. */
    email: text('email').notNull(),
    clubName: text('club_name')
      .notNull()
      .references(() => clubs.name, { onUpdate: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    status: adminInviteStatus('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was accepted, cancelled or found expired. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('admin_invites_token').on(table.tokenHash),
    // One pending invitation per event, however many sends race.
    uniqueIndex('admin_invites_one_pending_per_event')
      .on(table.eventId)
      .where(sql`${table.status} = 'pending'`),
    index('admin_invites_created').on(table.createdAt),
    index('admin_invites_pending_expiry')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export type AdminInviteRow = typeof adminInvites.$inferSelect;
