import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { teams } from './teams.js';
import { users } from './users.js';

export const INVITE_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'cancelled', 'withdrawn'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
export const inviteStatus = pgEnum('invite_status', INVITE_STATUSES);

/**
 * An invitation to join a team, answered from the bell (by id) or from the e-mailed link (by its
 * token, kept only as a hash). Only a pending invite can be answered, once; it stops being
 * pending when answered, cancelled by the leader, withdrawn (its team or its invitee registered
 * elsewhere) or expired.
 */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeId: uuid('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    status: inviteStatus('status').notNull().default('pending'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('team_invites_token').on(table.tokenHash),
    // A team has one pending invite per student at a time, however many requests race.
    uniqueIndex('team_invites_one_pending')
      .on(table.teamId, table.inviteeId)
      .where(sql`${table.status} = 'pending'`),
    index('team_invites_invitee').on(table.inviteeId, table.status),
    // The expiry job finds what is due without reading the answered invites.
    index('team_invites_pending_expiry')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export type InviteRow = typeof teamInvites.$inferSelect;
