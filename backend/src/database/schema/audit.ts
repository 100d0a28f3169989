import { index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const AUDIT_ACTIONS = [
  'invite.sent',
  'invite.cancelled',
  'invite.accepted',
  'event.created',
  'event.updated',
  'event.deleted',
  'registration.approved',
  'registration.rejected',
  'user.role_changed',
  'event.winners_confirmed',
  'festival.settings_changed',
  'festival.edition_started',
  'club.created',
  'club.updated',
  'club.retired',
  'club.restored',
  'event.message_sent',
  'event.certificates_issued',
  'certificate.revoked',
  'certificate.reissued',
  'user.profile_updated',
  'user.account_deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditAction = pgEnum('audit_action', AUDIT_ACTIONS);

/** A changed field: its value before and after (null where there was none). */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * What admins did, written in the same transaction as the change itself, so the record and the
 * change commit or fail together. The actor's name and e-mail are copied: the record outlives
 * the account. Rows are only ever inserted, and rewritten only to erase a deleted account
 * (`AuditRepository.eraseTraces`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: auditAction('action').notNull(),
    /** The club the action concerns, for the club filter; null for actions outside any club. */
    club: text('club'),
    /** What was acted on: its kind ('event', 'invite', 'user', 'registration', 'festival', 'club', 'certificate'), id and a readable label. */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id'),
    subjectLabel: text('subject_label').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (table) => [index('audit_log_at').on(table.at), index('audit_log_club_at').on(table.club, table.at), index('audit_log_actor_at').on(table.actorId, table.at)],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
