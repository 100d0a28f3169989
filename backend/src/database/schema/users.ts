import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './clubs.js';
import { events } from './events.js';

export const ROLES = ['student', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const role = pgEnum('role', ROLES);
export const gender = pgEnum('gender', GENDERS);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased, so uniqueness is about the address, not its spelling. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: role('role').notNull().default('student'),
    isVerified: boolean('is_verified').notNull().default(false),
    gender: gender('gender'),
    /** Whether the student gets the day-before reminder of their events (they can turn it off on My Registrations). */
    eventReminders: boolean('event_reminders').notNull().default(true),
    dept: text('dept'),
    /** '1' to '6'; '0' means staff. */
    year: text('year'),
    rollNumber: text('roll_number'),
    club: text('club').references(() => clubs.name, { onUpdate: 'cascade' }),
    /** A club admin's event, the one their accepted invitation named; one admin per event. */
    assignedEventId: uuid('assigned_event_id').references(() => events.id, { onDelete: 'set null' }),
    /**
     * The hash of the sign-up link that created the account, kept only so that opening the link
     * again can say the e-mail is already verified instead of calling the link unknown.
     */
    verifiedLinkHash: text('verified_link_hash'),
    /**
     * When the account was deleted. Its row stays, erased to a placeholder ("Deleted account"),
     * because records others rely on point at it: a team's past registration, results, attendance.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_one_admin_per_event').on(table.assignedEventId),
    uniqueIndex('users_verified_link_hash_unique').on(table.verifiedLinkHash),
    // Roll numbers are unique whatever their case: 23cse001 and 23CSE001 are one student.
    uniqueIndex('users_roll_number_unique').on(sql`upper(${table.rollNumber})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * A sign-up waiting for its e-mail link. It holds no address or roll number: several may wait
 * for one address, and the first link used creates the account (the users table's unique
 * indexes decide a race). Only hashes of the link's token and of the signing-up browser's
 * cookie are kept.
 */
export const signups = pgTable(
  'signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased, like users.email. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    gender: gender('gender'),
    dept: text('dept'),
    year: text('year'),
    rollNumber: text('roll_number'),
    linkTokenHash: text('link_token_hash').notNull().unique(),
    browserTokenHash: text('browser_token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('signups_email').on(table.email, table.createdAt)],
);

export type SignupRow = typeof signups.$inferSelect;
export type NewSignupRow = typeof signups.$inferInsert;
