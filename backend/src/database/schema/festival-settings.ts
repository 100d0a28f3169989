import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ImageType } from '../../common/image-facts.js';

/**
 * The festival's editions, one a year: the open one (the current festival, whose name and days
 * are the settings' own) and the closed ones, kept whole as the archive. A closed edition records
 * what the festival was called and its days when it closed (who closed it is in the audit trail).
 * Events belong to one edition.
 */
export const editions = pgTable(
  'editions',
  {
    id: serial('id').primaryKey(),
    /** The festival's name and days as they were when the edition closed; null while it is open. */
    name: text('name'),
    firstDay: date('first_day', { mode: 'string' }),
    lastDay: date('last_day', { mode: 'string' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Why the super admin closed it before its festival days were over; null when they were. */
    earlyCloseReason: text('early_close_reason'),
  },
  (table) => [
    // One festival at a time: at most one edition is open.
    uniqueIndex('editions_one_open')
      .on(sql`(${table.closedAt} IS NULL)`)
      .where(sql`${table.closedAt} IS NULL`),
    check(
      'editions_closed_named',
      sql`${table.closedAt} IS NULL OR (${table.name} IS NOT NULL AND ${table.firstDay} IS NOT NULL AND ${table.lastDay} IS NOT NULL)`,
    ),
  ],
);

export type EditionRow = typeof editions.$inferSelect;

/** The about-the-institution section of the home page, as fields (the client lays them out; no HTML). */
export interface InstitutionAbout {
  /** The sentence under the section's title. */
  lead: string;
  accreditation: string;
  undergraduateProgrammes: string[];
  postgraduateProgrammes: string[];
  vision: string;
  mission: string;
  contactEmail: string;
  contactPhone: string;
  /** Where to ask, in a sentence (an office, its hours). */
  contactNote: string;
}

/**
 * Who signs the festival's certificates: a name and a title (`Principal`), printed under the line
 * they sign on, and, when one was uploaded, their signature's image above it (`signature_images`).
 */
export interface Signatory {
  name: string;
  title: string;
  signatureImageId?: string | null;
}

/** What the festival's certificates say besides the event: the institution awarding them and who signs them. */
export interface CertificateSettings {
  institutionName: string;
  signatories: Signatory[];
}

/** Nothing set: certificates wait until the super admin names the institution and a signatory. */
export const NO_CERTIFICATE_SETTINGS: CertificateSettings = { institutionName: '', signatories: [] };

/**
 * The festival's settings, one row, edited by the super admin. Until the first save there is no
 * row and the environment's values apply (see FestivalSettingsService). `version` counts the
 * saves: a save names the version it read and is refused when another came first.
 */
export const festivalSettings = pgTable(
  'festival_settings',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
    tagline: text('tagline').notNull(),
    /** The festival's first and last days, in its time zone. */
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }).notNull(),
    /** When registration closes for every event; null: each event's own deadline and start decide. */
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
    /** Where the festival happens, an IANA name: its days are that zone's. Rows saved before it was asked were India's. */
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    about: jsonb('about').$type<InstitutionAbout>().notNull(),
    maxRegistrationsPerStudent: integer('max_registrations_per_student').notNull(),
    clashCheck: boolean('clash_check').notNull(),
    eventLengthMinutes: integer('event_length_minutes').notNull(),
    waitlistOfferHours: integer('waitlist_offer_hours').notNull(),
    certificate: jsonb('certificate').$type<CertificateSettings>().notNull().default(NO_CERTIFICATE_SETTINGS),
    version: integer('version').notNull(),
    /** The open edition these settings are for: a new edition's start writes its id here with its days. */
    editionId: integer('edition_id')
      .notNull()
      .default(1)
      .references(() => editions.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (table) => [
    check('festival_settings_one_row', sql`${table.id} = 1`),
    check('festival_settings_days_in_order', sql`${table.lastDay} >= ${table.firstDay}`),
    check('festival_settings_window_in_order', sql`${table.registrationClosesAt} IS NULL OR ${table.registrationClosesAt} > ${table.registrationOpensAt}`),
    check('festival_settings_cap', sql`${table.maxRegistrationsPerStudent} BETWEEN 0 AND 100`),
    check('festival_settings_event_length', sql`${table.eventLengthMinutes} BETWEEN 15 AND 1440`),
    check('festival_settings_offer_hours', sql`${table.waitlistOfferHours} BETWEEN 1 AND 168`),
  ],
);

export type FestivalSettingsRow = typeof festivalSettings.$inferSelect;

/**
 * A signature's image, uploaded by the super admin for a signatory. Named by the SHA-256 of its
 * bytes and never changed: a certificate issued with it draws the same image for as long as it is
 * downloaded, whatever the settings say later.
 */
export const signatureImages = pgTable('signature_images', {
  id: text('id').primaryKey(),
  contentType: text('content_type').$type<ImageType>().notNull(),
  /** The image's bytes in base64: small (100 KB at most), and read the same by both database drivers. */
  content: text('content').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type SignatureImageRow = typeof signatureImages.$inferSelect;
