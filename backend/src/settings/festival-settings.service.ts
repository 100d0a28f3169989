import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import { changedFields, AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { DAY, type FestivalClock, festivalClock } from '../common/festival-clock.js';
import { fieldError } from '../common/field-error.js';
import type { SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EditionRow, FestivalSettingsRow, Signatory } from '../database/schema/festival-settings.js';
import type { FestivalSettingsDto, StartEditionDto } from './festival-settings.dto.js';
import { defaultSettings, describeSettings, type FestivalSettings, festivalEndsAt, festivalStartsAt } from './festival-settings.js';
import { FestivalSettingsRepository, OPEN_EDITION, type SavedSettings } from './festival-settings.repository.js';
import { SignatureImagesService } from './signature-images.service.js';

export { type FestivalSettings, festivalEndsAt, festivalStartsAt } from './festival-settings.js';

/** Long enough for a festival week and its fringe; a longer span is a typing slip. */
const MOST_FESTIVAL_DAYS = 31;

/**
 * The festival's settings, one set for every instance. The super admin saves them (each save
 * names the version it read, so two admins saving at once never overwrite each other silently);
 * until the first save they are the environment's values (FESTIVAL_DATE, REGISTRATION_OPENS_AT,
 * the rules' variables), or the demo festival's dates when it is loaded and no date is set.
 *
 * Every request reads them from memory (`current`): `FreshSettingsGuard` has each request
 * first read the row again when it is older than FESTIVAL_SETTINGS_CACHE_MS, so a save on one
 * instance holds on every other within that time, with no restart; a job does the same at its
 * start (`refresh`). A transaction never reads them from the pool.
 */
@Injectable()
export class FestivalSettingsService {
  private readonly logger = new Logger(FestivalSettingsService.name);
  private saved: FestivalSettings | undefined;
  /** When the row was last read (performance.now()), and the read in progress. */
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;
  private demoLoadedAt: Date | undefined;
  /** The first start's settings, worked out once (every request reads them until the first save). */
  private defaults: FestivalSettings;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: FestivalSettingsRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    private readonly signatureImages: SignatureImagesService,
    private readonly clock: Clock,
  ) {
    this.defaults = defaultSettings(config, undefined);
  }

  /** The settings in force, as last read. */
  get current(): FestivalSettings {
    return this.saved ?? this.defaults;
  }

  /** The festival's days and clock, in its time zone as last read. */
  get festivalClock(): FestivalClock {
    return festivalClock(this.current.timeZone);
  }

  /** The open edition's id as a subquery, for a statement that must name it as it is when the statement runs (a new event's). */
  get openEdition(): SQL {
    return OPEN_EDITION;
  }

  /** Whether the copy is older than FESTIVAL_SETTINGS_CACHE_MS: a request then reads the row again first (`refresh`). */
  get stale(): boolean {
    return performance.now() - this.readAt >= this.config.festivalSettingsCacheMs;
  }

  /** Reads the row again when the copy is `stale` (one read at a time); call outside any transaction. */
  async refresh(): Promise<FestivalSettings> {
    if (this.stale) {
      this.reading ??= this.read().finally(() => (this.reading = undefined));
      await this.reading;
    }
    return this.current;
  }

  /**
   * Saves the settings the super admin sent, refusing them when another save came after the
   * version they read, and records what changed in the audit trail in the same transaction.
   */
  async save(input: FestivalSettingsDto, actor: SessionUser): Promise<FestivalSettings> {
    const values = toSaved(input, actor);
    requireCoherent(values);
    const row = await this.database.transaction(async (tx) => {
      await this.requireSignatureImages(values.certificate.signatories, tx);
      const before = (await this.repository.find(tx)) ?? toSavedRow(this.defaults);
      const written =
        before.version === input.version
          ? await this.repository.saveOver(input.version, { ...values, editionId: before.editionId }, this.clock.now(), tx)
          : undefined;
      if (!written) throw changedMeanwhile();
      await this.audit.record(
        {
          actor,
          action: 'festival.settings_changed',
          club: null,
          subject: { type: 'festival', id: null, label: written.name },
          changes: changedFields(auditView(before), auditView(written)),
        },
        tx,
      );
      return written;
    });
    this.keep(row);
    return this.current;
  }

  /** Every signature image the signatories name is on record (images are never deleted, so nothing need be locked). */
  private async requireSignatureImages(signatories: readonly Signatory[], tx: Executor): Promise<void> {
    const ids = signatories.flatMap(({ signatureImageId }) => (signatureImageId ? [signatureImageId] : []));
    const found = await this.signatureImages.byIds(ids, tx);
    const missing = signatories.findIndex(({ signatureImageId }) => signatureImageId && !found.has(signatureImageId));
    if (missing >= 0) throw fieldError(`certificate.signatories.${missing}.signatureImageId`, 'That signature image is not on record: upload it again');
  }

  /**
   * Starts next year's festival: the open edition closes (its events, registrations, attendance,
   * winners and results are kept, read-only) and a new one opens with the name, days and window
   * sent; the rest of the settings carry over. Confirmed by typing the closing festival's name, and
   * refused while its days are not over unless a reason is given, which the audit trail keeps.
   * One transaction, conditional on the settings' version: two starts at once open one edition.
   */
  async startEdition(input: StartEditionDto, actor: SessionUser): Promise<{ settings: FestivalSettings; closed: Edition }> {
    const now = this.clock.now();
    const { row, closed } = await this.database.transaction(async (tx) => {
      const before = (await this.repository.find(tx)) ?? toSavedRow(this.defaults);
      if (before.version !== input.version) throw changedMeanwhile();
      const next = nextEdition(input, before, actor, now);
      const closed = await this.repository.close(before.editionId, closingOf(before, input, now), tx);
      if (!closed) throw changedMeanwhile();
      const opened = await this.repository.open(now, tx);
      const written = await this.repository.saveOver(input.version, { ...next, editionId: opened.id }, now, tx);
      if (!written) throw changedMeanwhile();
      await this.audit.record(
        {
          actor,
          action: 'festival.edition_started',
          club: null,
          subject: { type: 'festival', id: null, label: written.name },
          changes: {
            ...changedFields(auditView(before), auditView(written)),
            ...(closed.earlyCloseReason ? { earlyCloseReason: { from: null, to: closed.earlyCloseReason } } : {}),
          },
        },
        tx,
      );
      return { row: written, closed };
    });
    this.keep(row);
    return { settings: this.current, closed: closedEdition(closed) };
  }

  /**
   * Every edition, the latest first, with the open one's name and days as the settings say. Which
   * is open is the table's word, not this instance's copy, which may be a moment behind a start.
   */
  async editions(): Promise<Edition[]> {
    const { name, firstDay, lastDay } = this.current;
    return (await this.repository.editions()).map((edition) =>
      edition.closedAt === null ? { id: edition.id, name, firstDay, lastDay, open: true, closedAt: null } : closedEdition(edition),
    );
  }

  /** Called by the demo loader at start, once it knows whether (and when) the demo data was loaded: its dates become the defaults. */
  followDemoLoadedAt(loadedAt: Date): void {
    this.demoLoadedAt = loadedAt;
    this.defaults = defaultSettings(this.config, loadedAt);
  }

  /** The demo festival's first day, for demo data loaded at `loadedAt` (dates set in the environment win). */
  demoFestivalDate(loadedAt: Date): Date {
    return festivalStartsAt(defaultSettings(this.config, loadedAt));
  }

  /** One sentence for the start-up log: the festival's dates in force and where they came from. */
  describe(): string {
    return describeSettings(this.current, this.demoLoadedAt);
  }

  private async read(): Promise<void> {
    const startedAt = performance.now();
    const row = await this.repository.find();
    if (row) this.keep(row, startedAt);
    else {
      // Nothing saved (or the row removed): the defaults hold again.
      this.saved = undefined;
      this.readAt = startedAt;
    }
  }

  /** Keeps a row read or written, unless a newer one is already kept (a read that started before a save here ended after it). */
  private keep(row: FestivalSettingsRow, readAt = performance.now()): void {
    if (this.saved && this.saved.version > row.version) return;
    this.saved = fromRow(row);
    this.readAt = readAt;
    this.logger.debug(`Festival settings version ${row.version} in force`);
  }
}

/** A festival edition as the archive lists it: the open one's name and days are the settings'. */
export interface Edition {
  id: number;
  name: string;
  firstDay: string;
  lastDay: string;
  open: boolean;
  closedAt: Date | null;
}

/** A closed edition's row as the archive lists it (the table's check says a closed one has its name and days). */
const closedEdition = (row: EditionRow): Edition => ({
  id: row.id,
  name: row.name ?? '',
  firstDay: row.firstDay ?? '',
  lastDay: row.lastDay ?? '',
  open: false,
  closedAt: row.closedAt,
});

const changedMeanwhile = () =>
  new ConflictException('The festival settings were changed meanwhile by someone else. Reload to see their change, then make yours again.');

/**
 * The settings of the edition `input` starts, checked: the closing festival's name typed, its
 * days over or a reason given, the new days after them and coherent with the new window.
 */
function nextEdition(input: StartEditionDto, before: FestivalSettingsRow, actor: SessionUser, now: Date): Omit<SavedSettings, 'editionId'> {
  if (input.confirmName.trim().toLowerCase() !== before.name.trim().toLowerCase()) {
    throw fieldError('confirmName', `Type the current festival's name, ${before.name}, to confirm`);
  }
  if (now < festivalEndsAt(before) && !input.earlyCloseReason) {
    const clock = festivalClock(before.timeZone);
    throw fieldError(
      'earlyCloseReason',
      `${before.name} runs until ${clock.dateInWords(new Date(clock.midnightOf(before.lastDay)))}. Start the next festival after it ends, or say why it must start now`,
      409,
    );
  }
  if (input.firstDay <= before.lastDay) throw fieldError('firstDay', `The next festival must begin after ${before.lastDay}, the last day of ${before.name}`);
  const { id: _id, version: _version, updatedAt: _updatedAt, editionId: _editionId, ...carried } = before;
  const next = {
    ...carried,
    name: input.name,
    firstDay: input.firstDay,
    lastDay: input.lastDay,
    registrationOpensAt: new Date(input.registrationOpensAt),
    registrationClosesAt: input.registrationClosesAt ? new Date(input.registrationClosesAt) : null,
    updatedBy: actor.id,
  };
  requireCoherent(next);
  return next;
}

/** The closing edition's record: the festival as it was, and the reason when it closes before its days are over. */
function closingOf(before: FestivalSettingsRow, input: StartEditionDto, now: Date) {
  const early = now < festivalEndsAt(before);
  return {
    name: before.name,
    firstDay: before.firstDay,
    lastDay: before.lastDay,
    closedAt: now,
    earlyCloseReason: early ? (input.earlyCloseReason ?? null) : null,
  };
}

function fromRow(row: FestivalSettingsRow): FestivalSettings {
  const { maxRegistrationsPerStudent, clashCheck, eventLengthMinutes, waitlistOfferHours } = row;
  return {
    name: row.name,
    tagline: row.tagline,
    firstDay: row.firstDay,
    lastDay: row.lastDay,
    registrationOpensAt: row.registrationOpensAt,
    registrationClosesAt: row.registrationClosesAt,
    timeZone: row.timeZone,
    about: row.about,
    certificate: row.certificate,
    rules: { maxRegistrationsPerStudent, clashCheck, eventLengthMinutes },
    waitlistOfferHours,
    version: row.version,
    editionId: row.editionId,
    updatedAt: row.updatedAt,
    source: 'saved',
  };
}

/** The settings sent; their edition is the stored one's (only starting an edition changes it). */
function toSaved(input: FestivalSettingsDto, actor: SessionUser): Omit<SavedSettings, 'editionId'> {
  const { about, certificate, rules } = input;
  return {
    name: input.name,
    tagline: input.tagline,
    firstDay: input.firstDay,
    lastDay: input.lastDay,
    registrationOpensAt: new Date(input.registrationOpensAt),
    registrationClosesAt: input.registrationClosesAt ? new Date(input.registrationClosesAt) : null,
    timeZone: input.timeZone,
    about: {
      lead: about.lead,
      accreditation: about.accreditation,
      undergraduateProgrammes: about.undergraduateProgrammes.map((name) => name.trim()),
      postgraduateProgrammes: about.postgraduateProgrammes.map((name) => name.trim()),
      vision: about.vision,
      mission: about.mission,
      contactEmail: about.contactEmail.toLowerCase(),
      contactPhone: about.contactPhone,
      contactNote: about.contactNote,
    },
    certificate: {
      institutionName: certificate.institutionName,
      signatories: certificate.signatories.map(({ name, title, signatureImageId }) => ({ name, title, ...(signatureImageId ? { signatureImageId } : {}) })),
    },
    maxRegistrationsPerStudent: rules.maxRegistrationsPerStudent,
    clashCheck: rules.clashCheck,
    eventLengthMinutes: rules.eventLengthMinutes,
    waitlistOfferHours: rules.waitlistOfferHours,
    updatedBy: actor.id,
  };
}

/** The defaults as the row they would be, version 0, for an audit record of the first save. */
function toSavedRow(settings: FestivalSettings): FestivalSettingsRow {
  const { rules, source: _source, ...rest } = settings;
  return { ...rest, ...rules, id: 1, version: 0, updatedAt: new Date(0), updatedBy: null };
}

/** The rules between fields, each refusal naming the field to change (the table's checks say the same). */
function requireCoherent(values: Omit<SavedSettings, 'editionId'>): void {
  const clock = festivalClock(values.timeZone);
  if (!inCalendar(values.firstDay, clock)) throw fieldError('firstDay', 'First day is not a date in the calendar');
  if (!inCalendar(values.lastDay, clock)) throw fieldError('lastDay', 'Last day is not a date in the calendar');
  const first = clock.midnightOf(values.firstDay);
  const last = clock.midnightOf(values.lastDay);
  if (last < first) throw fieldError('lastDay', 'Last day cannot be before the first day');
  if (Math.round((last - first) / DAY) >= MOST_FESTIVAL_DAYS) throw fieldError('lastDay', `A festival lasts at most ${MOST_FESTIVAL_DAYS} days`);
  const ends = festivalEndsAt(values);
  if (values.registrationOpensAt >= ends) throw fieldError('registrationOpensAt', 'Registration cannot open after the festival ends');
  const closes = values.registrationClosesAt;
  if (closes && closes <= values.registrationOpensAt) throw fieldError('registrationClosesAt', 'Registration must close after it opens');
  if (closes && closes > ends) throw fieldError('registrationClosesAt', 'Registration cannot close after the festival ends');
}

/** Whether a `2026-02-31`-shaped day exists (Date would roll it over into March). */
const inCalendar = (day: string, clock: FestivalClock): boolean => {
  const midnight = clock.midnightOf(day);
  return !Number.isNaN(midnight) && clock.day(midnight) === day;
};

/** The settings as the audit trail compares them: one field per line of the form (`festivalName`, as an event's is `name`). */
function auditView(row: FestivalSettingsRow): Record<string, unknown> {
  const { id: _id, version: _version, updatedAt: _updatedAt, updatedBy: _updatedBy, name, about, certificate, ...fields } = row;
  return { festivalName: name, ...fields, ...about, institutionName: certificate.institutionName, signatories: certificate.signatories };
}
