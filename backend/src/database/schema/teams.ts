import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { gender, users } from './users.js';

/**
 * A team formed for a group event. Its gender is its leader's, set only on events with the
 * same-gender rule (gender-based events and treasure hunts); `registered_at` is set once, when
 * the team takes its seat, and from then on the team no longer changes.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    leaderId: uuid('leader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gender: gender('gender'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // Two teams of one event cannot share a name, whatever its case.
    uniqueIndex('teams_name_per_event').on(table.eventId, sql`lower(${table.name})`),
    // The target of team_members' (team, event) foreign key, which keeps a member row's event its team's.
    unique('teams_id_event').on(table.id, table.eventId),
    index('teams_leader').on(table.leaderId),
  ],
);

/**
 * Who is in a team, the leader included (the first row). A member is an account (`user_id`), or,
 * for a team listed on the enrolment form, a name with the form's details when their e-mail has
 * no account. The unique (event, user) pair is the rule "one team per student per event":
 * however many invites are accepted at once, a student gets one row per event.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    eventId: uuid('event_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A listed member's details, for members without an account (null for accounts, whose own row says). */
    name: text('name'),
    email: text('email'),
    year: text('year'),
    branch: text('branch'),
    section: text('section'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({ name: 'team_members_team', columns: [table.teamId, table.eventId], foreignColumns: [teams.id, teams.eventId] }).onDelete('cascade'),
    unique('team_members_one_team_per_event').on(table.eventId, table.userId),
    index('team_members_team').on(table.teamId),
    index('team_members_user').on(table.userId),
    check('team_members_account_or_name', sql`${table.userId} IS NOT NULL OR ${table.name} IS NOT NULL`),
  ],
);

/**
 * Registered teams per event and gender, for the events whose boys' and girls' teams are
 * limited. A team's registration raises its count in the same transaction by a conditional
 * upsert that refuses to pass the event's limit, so the last place of a gender goes to one team.
 */
export const teamGenderCounts = pgTable(
  'team_gender_counts',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    gender: gender('gender').notNull(),
    registered: integer('registered').notNull(),
  },
  (table) => [
    primaryKey({ name: 'team_gender_counts_pk', columns: [table.eventId, table.gender] }),
    check('team_gender_counts_positive', sql`${table.registered} >= 0`),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type NewTeamMemberRow = typeof teamMembers.$inferInsert;
