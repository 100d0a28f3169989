import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { editions, type Signatory } from './festival-settings.js';
import { users } from './users.js';

/** Participation: marked present. Merit: a confirmed winner (each member of a winning team). */
export const CERTIFICATE_KINDS = ['participation', 'merit'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export const certificateKind = pgEnum('certificate_kind', CERTIFICATE_KINDS);

/**
 * A certificate as issued: everything it says is copied in when it is issued (the student's name
 * as registered, the event, the festival, the institution, the signatories), so it reads the same
 * whatever changes later, a closed edition's included, until its club admin re-issues it (a new
 * row; the earlier one is revoked naming it). Its code is given to the holder only: a lookup goes
 * by the code's SHA-256, which an unguessable code makes the same work whether it exists or not.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 16 Crockford base32 characters (`common/ticket-code.ts`), printed on the certificate and in its QR. */
    code: text('code').notNull(),
    /** SHA-256 of `code`: what a verification looks up. */
    codeHash: text('code_hash').notNull(),
    kind: certificateKind('kind').notNull(),
    /** The place won, 1 for first; null on a participation certificate. */
    place: integer('place'),
    /** Null once the event is deleted; the certificate still says what it was for. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** Null once the account is gone; the certificate still says whose it was. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id),
    studentName: text('student_name').notNull(),
    /** The winning team's name, on a team member's merit certificate. */
    teamName: text('team_name'),
    eventName: text('event_name').notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }),
    club: text('club'),
    festivalName: text('festival_name').notNull(),
    institutionName: text('institution_name').notNull(),
    /** The festival's time zone when issued: the day printed is the event's day there. */
    timeZone: text('time_zone').notNull(),
    signatories: jsonb('signatories').$type<Signatory[]>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('certificates_code_hash').on(table.codeHash),
    // One standing certificate of each kind per student and event: issuing twice at once issues once.
    uniqueIndex('certificates_one_standing')
      .on(table.eventId, table.userId, table.kind)
      .where(sql`${table.revokedAt} is null`),
    index('certificates_event').on(table.eventId),
    index('certificates_user').on(table.userId),
    check('certificates_place_for_merit', sql`(${table.kind} = 'merit') = (${table.place} is not null)`),
    check('certificates_revoked_with_reason', sql`(${table.revokedAt} is null) = (${table.revokedReason} is null)`),
  ],
);

export type CertificateRow = typeof certificates.$inferSelect;
export type NewCertificateRow = typeof certificates.$inferInsert;
