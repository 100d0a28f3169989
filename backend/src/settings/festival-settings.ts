import { DAY, festivalClock } from '../common/festival-clock.js';
import type { AppConfig, FestivalRules } from '../config/app-config.js';
import { type CertificateSettings, type InstitutionAbout, NO_CERTIFICATE_SETTINGS } from '../database/schema/festival-settings.js';

/** Where the settings in force came from: saved by the super admin, or the first start's defaults. */
type SettingsSource = 'saved' | 'environment' | 'demo' | 'default';

/** The festival as the super admin runs it: what the home page says, its days, its registration window and its rules. */
export interface FestivalSettings {
  name: string;
  tagline: string;
  /** The festival's first and last days in its time zone, `2026-02-20`. */
  firstDay: string;
  lastDay: string;
  registrationOpensAt: Date;
  /** When registration closes for every event; null: each event's own deadline and start decide. */
  registrationClosesAt: Date | null;
  /** Where the festival happens (an IANA name, `Asia/Kolkata`): its days, deadlines and times are that zone's. */
  timeZone: string;
  about: InstitutionAbout;
  /** The institution awarding the certificates and who signs them. */
  certificate: CertificateSettings;
  rules: FestivalRules;
  /** How long a seat offered to the head of a waitlist is held for them. */
  waitlistOfferHours: number;
  /** How many saves made these settings: 0 before the first. */
  version: number;
  /** The open edition, whose events the public pages list and whose archive is still to be written. */
  editionId: number;
  updatedAt: Date | null;
  source: SettingsSource;
}

/** When the festival starts: midnight of its first day, in its time zone. */
export const festivalStartsAt = (settings: Pick<FestivalSettings, 'firstDay' | 'timeZone'>): Date =>
  new Date(festivalClock(settings.timeZone).midnightOf(settings.firstDay));
/** When the festival is over: midnight after its last day, in its time zone. */
export const festivalEndsAt = (settings: Pick<FestivalSettings, 'lastDay' | 'timeZone'>): Date =>
  new Date(festivalClock(settings.timeZone).endOfDay(settings.lastDay));

/** What the home page says before the super admin first saves the festival's settings. */
const DEFAULT_FESTIVAL_NAME = 'Campus Festival';
const DEFAULT_TAGLINE = "Every club's events in one place. Pick your stage, register solo or bring your team, and make this festival yours.";

const DEFAULT_ABOUT: InstitutionAbout = {
  lead: 'An engineering institution where classrooms, labs and clubs share one campus, and where the festival is the day they all meet.',
  accreditation: 'Nationally accredited, with programmes reviewed regularly against national quality standards for engineering education.',
  undergraduateProgrammes: [
    'Computer Science and Engineering',
    'Information Technology',
    'Artificial Intelligence and Data Science',
    'Electronics and Communication',
    'Electrical and Electronics',
    'Mechanical',
    'Civil',
    'Biotechnology',
    'Biomedical',
  ],
  postgraduateProgrammes: ['M.E.', 'MBA', 'MCA', 'Ph.D'],
  vision: 'To be a place where curious students become engineers and leaders who build for their communities.',
  mission: 'To teach with rigour and care, to learn by doing through projects, research and clubs, and to open every door of the campus to every student.',
  contactEmail: '',
  contactPhone: '',
  contactNote:
    'Questions about an event? Its page names the coordinator and department to ask. For anything else, the Student Affairs office on campus is happy to help.',
};

/** The demo festival, counted from the day its data was loaded: registration opened a week before, the festival three weeks after. */
const DEMO_OPENED_DAYS_BEFORE = 7;
const DEMO_FESTIVAL_DAYS_AFTER = 21;

/**
 * The settings before the super admin's first save: FESTIVAL_DATE and REGISTRATION_OPENS_AT when
 * either is set; otherwise, with the demo festival loaded at `demoLoadedAt`, dates counted from
 * that day (so a newcomer's demo always lies ahead, and keeps its dates over restarts); otherwise
 * the configured defaults. The rules are the environment's.
 */
export function defaultSettings(config: AppConfig, demoLoadedAt: Date | undefined): FestivalSettings {
  const clock = festivalClock(config.festivalTimeZone);
  const demoDay = !config.festivalDatesSet && demoLoadedAt ? clock.midnight(demoLoadedAt) : undefined;
  const festivalDate = demoDay === undefined ? config.festivalDate : new Date(demoDay + DEMO_FESTIVAL_DAYS_AFTER * DAY);
  return {
    name: DEFAULT_FESTIVAL_NAME,
    tagline: DEFAULT_TAGLINE,
    firstDay: clock.day(festivalDate),
    lastDay: clock.day(festivalDate),
    registrationOpensAt: demoDay === undefined ? config.registrationOpensAt : new Date(demoDay - DEMO_OPENED_DAYS_BEFORE * DAY),
    registrationClosesAt: null,
    timeZone: config.festivalTimeZone,
    about: DEFAULT_ABOUT,
    certificate: NO_CERTIFICATE_SETTINGS,
    rules: config.festivalRules,
    waitlistOfferHours: config.waitlistOfferHours,
    version: 0,
    // Nothing saved: no edition was ever started, so the open one is the first.
    editionId: 1,
    updatedAt: null,
    source: config.festivalDatesSet ? 'environment' : demoDay === undefined ? 'default' : 'demo',
  };
}

/** One sentence for the start-up log: the festival's dates and where they came from. */
export function describeSettings(settings: FestivalSettings, demoLoadedAt: Date | undefined): string {
  const { firstDay, lastDay, registrationOpensAt, source, timeZone } = settings;
  const clock = festivalClock(timeZone);
  const days = firstDay === lastDay ? `Festival on ${firstDay}` : `Festival from ${firstDay} to ${lastDay}`;
  const dates = `${days}, registration opening ${clock.day(registrationOpensAt)} (${timeZone})`;
  switch (source) {
    case 'saved':
      return `${dates}: the festival settings the super admin saved.`;
    case 'environment':
      return `${dates}: from FESTIVAL_DATE and REGISTRATION_OPENS_AT, until the super admin saves the festival settings.`;
    case 'demo':
      return `${dates}: the demo festival's dates, counted from the day its data was loaded (${clock.day(demoLoadedAt ?? 0)}), until the super admin saves the festival settings.`;
    case 'default':
      return `${dates}: the defaults, as FESTIVAL_DATE and REGISTRATION_OPENS_AT are not set and nothing is saved.`;
  }
}
