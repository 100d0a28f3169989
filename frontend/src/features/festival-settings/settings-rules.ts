import type { FestivalSettings } from '../../api/types';
import { fromCampusInput, toCampusInput } from '../../lib/campus-input';
import { isEmailAddress } from '../../lib/person-rules';
import { failing } from '../../lib/use-form';
import type { FestivalSettingsForm } from './festival-settings-api';

/**
 * The settings page's fields as the form holds them (text, one programme per line, 'true' or '' for the clash check, a
 * signatory's uploaded signature image by its id or '' for none).
 */
export interface SettingsValues {
  [field: string]: string;
  name: string;
  tagline: string;
  firstDay: string;
  lastDay: string;
  registrationOpensAt: string;
  registrationClosesAt: string;
  timeZone: string;
  maxRegistrationsPerStudent: string;
  clashCheck: string;
  eventLengthMinutes: string;
  waitlistOfferHours: string;
  lead: string;
  accreditation: string;
  undergraduateProgrammes: string;
  postgraduateProgrammes: string;
  vision: string;
  mission: string;
  contactEmail: string;
  contactPhone: string;
  contactNote: string;
  institutionName: string;
  signatory1Name: string;
  signatory1Title: string;
  signatory1ImageId: string;
  signatory2Name: string;
  signatory2Title: string;
  signatory2ImageId: string;
  signatory3Name: string;
  signatory3Title: string;
  signatory3ImageId: string;
}

/** The server's limits, said before sending. */
export const LIMITS = {
  name: 80,
  tagline: 200,
  lead: 300,
  paragraph: 600,
  contactNote: 300,
  programmes: 40,
  programme: 80,
  institutionName: 120,
  signatory: 80,
} as const;
/** The signature block's places, side by side on the certificate. */
export const SIGNATORY_PLACES = [1, 2, 3] as const;
/** What the server takes as a signature image (it reads the bytes again, and refuses more than 2000 by 1000 pixels). */
export const SIGNATURE_IMAGE = { types: ['image/png', 'image/jpeg'], bytes: 100 * 1024 } as const;
const NUMBERS = {
  maxRegistrationsPerStudent: { label: 'Cap per student', min: 0, max: 100 },
  eventLengthMinutes: { label: 'Event length', min: 15, max: 1440 },
  waitlistOfferHours: { label: 'Waitlist hold', min: 1, max: 168 },
} as const;
const PHONE = /^\+?[\d\s()-]{6,30}$/;

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function settingsValues(settings: FestivalSettings): SettingsValues {
  const { about, rules, certificate } = settings;
  const signatory = (place: number) => certificate.signatories.at(place - 1);
  return {
    name: settings.name,
    tagline: settings.tagline,
    firstDay: settings.firstDay,
    lastDay: settings.lastDay,
    registrationOpensAt: toCampusInput(settings.registrationOpensAt),
    registrationClosesAt: toCampusInput(settings.registrationClosesAt),
    timeZone: settings.timeZone,
    maxRegistrationsPerStudent: String(rules.maxRegistrationsPerStudent),
    clashCheck: rules.clashCheck ? 'true' : '',
    eventLengthMinutes: String(rules.eventLengthMinutes),
    waitlistOfferHours: String(rules.waitlistOfferHours),
    lead: about.lead,
    accreditation: about.accreditation,
    undergraduateProgrammes: about.undergraduateProgrammes.join('\n'),
    postgraduateProgrammes: about.postgraduateProgrammes.join('\n'),
    vision: about.vision,
    mission: about.mission,
    contactEmail: about.contactEmail,
    contactPhone: about.contactPhone,
    contactNote: about.contactNote,
    institutionName: certificate.institutionName,
    signatory1Name: signatory(1)?.name ?? '',
    signatory1Title: signatory(1)?.title ?? '',
    signatory1ImageId: signatory(1)?.signatureImageId ?? '',
    signatory2Name: signatory(2)?.name ?? '',
    signatory2Title: signatory(2)?.title ?? '',
    signatory2ImageId: signatory(2)?.signatureImageId ?? '',
    signatory3Name: signatory(3)?.name ?? '',
    signatory3Title: signatory(3)?.title ?? '',
    signatory3ImageId: signatory(3)?.signatureImageId ?? '',
  };
}

function numberError(field: keyof typeof NUMBERS, value: string): string | undefined {
  const { label, min, max } = NUMBERS[field];
  const n = Number(value);
  return value.trim() === '' || !Number.isInteger(n) || n < min || n > max ? `${label} must be a whole number from ${min} to ${max}` : undefined;
}

function programmesError(label: string, text: string): string | undefined {
  const names = lines(text);
  if (names.length > LIMITS.programmes) return `${label}: at most ${LIMITS.programmes}`;
  if (names.some((name) => name.length > LIMITS.programme)) return `${label}: each must be at most ${LIMITS.programme} characters`;
  return undefined;
}

/** A festival's name, days and registration window: the fields the settings and next year's festival share. */
export type NameAndDates = Pick<SettingsValues, 'name' | 'firstDay' | 'lastDay' | 'registrationOpensAt' | 'registrationClosesAt'>;

/** The rules of a festival's name, days and window (the settings' and next year's). */
export function nameAndDatesErrors(values: NameAndDates) {
  const name = values.name.trim();
  const opens = fromCampusInput(values.registrationOpensAt);
  const closes = fromCampusInput(values.registrationClosesAt);
  return {
    name: !name ? 'Festival name is required' : name.length < 3 ? 'Festival name must be at least 3 characters' : undefined,
    firstDay: values.firstDay ? undefined : 'First day is required',
    lastDay: !values.lastDay
      ? 'Last day is required'
      : values.firstDay && values.lastDay < values.firstDay
        ? 'Last day cannot be before the first day'
        : undefined,
    registrationOpensAt: opens ? undefined : 'Registration opens is required',
    registrationClosesAt: values.registrationClosesAt && opens && closes && closes <= opens ? 'Registration must close after it opens' : undefined,
  };
}

/** The rules the server applies, checked as each field is left; the server checks them again. */
export function settingsErrors(values: SettingsValues) {
  return failing<SettingsValues>({
    ...nameAndDatesErrors(values),
    timeZone: values.timeZone ? undefined : 'Time zone is required',
    maxRegistrationsPerStudent: numberError('maxRegistrationsPerStudent', values.maxRegistrationsPerStudent),
    eventLengthMinutes: numberError('eventLengthMinutes', values.eventLengthMinutes),
    waitlistOfferHours: numberError('waitlistOfferHours', values.waitlistOfferHours),
    undergraduateProgrammes: programmesError('Undergraduate programmes', values.undergraduateProgrammes),
    postgraduateProgrammes: programmesError('Postgraduate programmes', values.postgraduateProgrammes),
    contactEmail: values.contactEmail.trim() && !isEmailAddress(values.contactEmail) ? 'Contact e-mail is not a valid e-mail address' : undefined,
    contactPhone:
      values.contactPhone.trim() && !PHONE.test(values.contactPhone.trim()) ? 'Contact phone must be a phone number such as +91 44 2345 6789' : undefined,
    ...signatoryErrors(values),
  });
}

/**
 * A signatory is a name with its title: one without the other is refused at the field left empty. A signature image
 * is a signatory's, so one without a name is refused at the name.
 */
function signatoryErrors(values: SettingsValues): Record<string, string | undefined> {
  return Object.fromEntries(
    SIGNATORY_PLACES.flatMap((place) => {
      const [name, title] = [values[`signatory${place}Name`].trim(), values[`signatory${place}Title`].trim()];
      const image = values[`signatory${place}ImageId`];
      return [
        [
          `signatory${place}Name`,
          name ? undefined : image ? 'Name the signatory whose signature this is' : title ? 'Enter the name of this signatory' : undefined,
        ],
        [`signatory${place}Title`, name && !title ? 'Enter the title of this signatory, such as Principal' : undefined],
      ];
    }),
  );
}

/** Why a file chosen as a signature image is refused before it is sent (the server's words), or undefined to send it. */
export function signatureFileError(file: File): string | undefined {
  if (!(SIGNATURE_IMAGE.types as readonly string[]).includes(file.type)) return 'A signature image must be a PNG or JPEG file';
  if (file.size > SIGNATURE_IMAGE.bytes) return `A signature image is at most ${SIGNATURE_IMAGE.bytes / 1024} KB`;
  return undefined;
}

/** The places of the signatories sent, in the order the server numbers them: those with a name and a title. */
const sentPlaces = (values: SettingsValues) =>
  SIGNATORY_PLACES.filter((place) => values[`signatory${place}Name`].trim() && values[`signatory${place}Title`].trim());

/** The form as the server takes it, with the version it was read at. */
export function settingsPayload(values: SettingsValues, version: number): FestivalSettingsForm {
  return {
    name: values.name,
    tagline: values.tagline,
    firstDay: values.firstDay,
    lastDay: values.lastDay,
    registrationOpensAt: fromCampusInput(values.registrationOpensAt) ?? '',
    registrationClosesAt: fromCampusInput(values.registrationClosesAt),
    timeZone: values.timeZone,
    about: {
      lead: values.lead,
      accreditation: values.accreditation,
      undergraduateProgrammes: lines(values.undergraduateProgrammes),
      postgraduateProgrammes: lines(values.postgraduateProgrammes),
      vision: values.vision,
      mission: values.mission,
      contactEmail: values.contactEmail.trim(),
      contactPhone: values.contactPhone.trim(),
      contactNote: values.contactNote,
    },
    certificate: {
      institutionName: values.institutionName,
      signatories: sentPlaces(values).map((place) => ({
        name: values[`signatory${place}Name`].trim(),
        title: values[`signatory${place}Title`].trim(),
        signatureImageId: values[`signatory${place}ImageId`] || null,
      })),
    },
    rules: {
      maxRegistrationsPerStudent: Number(values.maxRegistrationsPerStudent),
      clashCheck: values.clashCheck === 'true',
      eventLengthMinutes: Number(values.eventLengthMinutes),
      waitlistOfferHours: Number(values.waitlistOfferHours),
    },
    version,
  };
}

/**
 * The server names a nested field by its path (`about.contactEmail`, `certificate.signatories.0.title`); the form, by
 * its own name. A signatory is numbered among those sent (`values`), not by its place: places left empty are not sent.
 */
export const formFieldErrors = (byField: Record<string, string>, values: SettingsValues): Record<string, string> =>
  Object.fromEntries(Object.entries(byField).map(([field, message]) => [formFieldOf(field, sentPlaces(values)), message]));

const SIGNATORY_FIELDS = { name: 'Name', title: 'Title', signatureImageId: 'ImageId' } as const;

function formFieldOf(path: string, places: readonly number[]): string {
  const signatory = /^certificate\.signatories\.(\d)\.(name|title|signatureImageId)$/.exec(path);
  if (signatory) {
    const place = places.at(Number(signatory[1])) ?? Number(signatory[1]) + 1;
    return `signatory${place}${SIGNATORY_FIELDS[signatory[2] as keyof typeof SIGNATORY_FIELDS]}`;
  }
  return path.replace(/^(about|rules|certificate)\./, '');
}
