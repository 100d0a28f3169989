import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './clubs.js';
import { editions } from './festival-settings.js';

export const EVENT_TYPES = ['solo', 'group', 'workshop', 'competition', 'seminar', 'other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const eventType = pgEnum('event_type', EVENT_TYPES);

/** A person in charge of an event, as the event forms record them. */
export interface StaffInCharge {
  adminId: string | null;
  name: string;
  email: string;
  club: string;
}

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    eventType: eventType('event_type').notNull(),
    /** The festival edition the event is part of; a closed edition's events are read, never changed. */
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id),
    clubInCharge: text('club_in_charge').references(() => clubs.name, { onUpdate: 'cascade' }),
    staffInCharges: jsonb('staff_incharges').$type<StaffInCharge[]>().notNull().default([]),
    rules: jsonb('rules').$type<string[]>().notNull().default([]),
    minTeamSize: integer('min_team_size'),
    maxTeamSize: integer('max_team_size'),
    eventDate: timestamp('event_date', { withTimezone: true }),
    /** When the event ends; null for an event without a set end, taken to last the festival's event length. */
    eventEndDate: timestamp('event_end_date', { withTimezone: true }),
    registrationDeadline: timestamp('registration_deadline', { withTimezone: true }),
    venue: text('venue'),
    coordinatorName: text('coordinator_name'),
    coordinatorDept: text('coordinator_dept'),
    isActive: boolean('is_active').notNull().default(true),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    hasGenderBasedTeams: boolean('has_gender_based_teams').notNull().default(false),
    maxBoyTeams: integer('max_boy_teams'),
    maxGirlTeams: integer('max_girl_teams'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Event names are unique in an edition whatever their case, so "Treasure Hunt" cannot appear
    // twice in one festival, and may again next year.
    uniqueIndex('events_name_unique').on(table.editionId, sql`lower(${table.name})`),
    check(
      'events_team_sizes',
      sql`(${table.minTeamSize} IS NULL OR ${table.minTeamSize} >= 1) AND (${table.maxTeamSize} IS NULL OR ${table.maxTeamSize} >= coalesce(${table.minTeamSize}, 1))`,
    ),
    // An end needs a start before it.
    check('events_end_after_start', sql`${table.eventEndDate} IS NULL OR (${table.eventDate} IS NOT NULL AND ${table.eventEndDate} > ${table.eventDate})`),
    check('events_gender_limits', sql`coalesce(${table.maxBoyTeams}, 0) >= 0 AND coalesce(${table.maxGirlTeams}, 0) >= 0`),
  ],
);

/**
 * Each event's seats: capacity (null = unlimited; a seat is one solo registration or one
 * registered team) and seats taken. Kept apart from `events` because a registration rush updates
 * this one row per event hundreds of times a minute: the narrow row keeps those updates cheap
 * and in place, and the registrations' foreign-key checks on `events` never wait on them.
 */
export const eventSeats = pgTable(
  'event_seats',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    capacity: integer('capacity'),
    taken: integer('taken').notNull().default(0),
    /**
     * Seats offered to students at the head of the waitlist and held for them until they accept
     * or the offer lapses: nobody else can take them, so they count against the capacity.
     */
    held: integer('held').notNull().default(0),
  },
  (table) => [
    check(
      'event_seats_within_capacity',
      sql`${table.taken} >= 0 AND ${table.held} >= 0 AND (${table.capacity} IS NULL OR ${table.taken} + ${table.held} <= ${table.capacity})`,
    ),
    check('event_seats_capacity_positive', sql`${table.capacity} IS NULL OR ${table.capacity} >= 1`),
  ],
);

/** An event with its seats, as the events module hands it out: `seatsHeld` are offered to the waitlist. */
export type EventRow = typeof events.$inferSelect & { maxApplications: number | null; seatsTaken: number; seatsHeld: number };
/** A new event's fields: its edition is the open one, which the statement that inserts it names (`EventsRepository`). */
export type NewEventRow = Omit<typeof events.$inferInsert, 'editionId'> & { maxApplications?: number | null; seatsTaken?: number };
