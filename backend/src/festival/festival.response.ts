import { ApiProperty } from '@nestjs/swagger';
import type { CertificateSettings, InstitutionAbout, Signatory } from '../database/schema/festival-settings.js';
import { type Edition, type FestivalSettings, festivalEndsAt, festivalStartsAt } from '../settings/festival-settings.service.js';

/** The about-the-institution section, field by field. */
class InstitutionAboutResponse implements InstitutionAbout {
  @ApiProperty() lead: string;
  @ApiProperty() accreditation: string;
  @ApiProperty({ type: [String] }) undergraduateProgrammes: string[];
  @ApiProperty({ type: [String] }) postgraduateProgrammes: string[];
  @ApiProperty() vision: string;
  @ApiProperty() mission: string;
  @ApiProperty({ description: 'Empty when none is given' }) contactEmail: string;
  @ApiProperty({ description: 'Empty when none is given' }) contactPhone: string;
  @ApiProperty() contactNote: string;
}

/** What the home page shows about the festival. */
export class FestivalResponse {
  @ApiProperty({ example: 'Campus Festival' }) name: string;
  @ApiProperty() tagline: string;
  @ApiProperty({ format: 'date', example: '2025-08-30', description: "The first day, in the festival's time zone" }) firstDay: string;
  @ApiProperty({ format: 'date', example: '2025-08-31', description: "The last day, in the festival's time zone" }) lastDay: string;
  @ApiProperty({ format: 'date-time', example: '2025-08-29T18:30:00.000Z', description: 'When the festival starts: midnight of its first day' })
  festivalDate: string;
  @ApiProperty({ format: 'date-time', example: '2025-08-31T18:30:00.000Z', description: 'When it is over: midnight after its last day' })
  festivalEndsAt: string;
  @ApiProperty({ example: 'Asia/Kolkata', description: "Where the festival happens (an IANA time zone): its dates and times are shown in that zone's clock" })
  timeZone: string;
  @ApiProperty({ format: 'date-time', example: '2025-08-13T18:30:00.000Z' }) registrationOpensAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: "null: each event's deadline and start close it" })
  registrationClosesAt: string | null;
  @ApiProperty({ type: InstitutionAboutResponse }) about: InstitutionAboutResponse;
  @ApiProperty({ example: 'campus.ac.in', description: 'Only addresses at this domain may sign up' }) institutionEmailDomain: string;
  @ApiProperty({ minimum: 0 }) eventCount: number;
}

/** A signatory of the certificates. */
class SignatoryResponse implements Signatory {
  @ApiProperty() name: string;
  @ApiProperty() title: string;
  @ApiProperty({
    type: String,
    required: false,
    nullable: true,
    description: 'Their signature image (`GET /festival/signature-images/:id`), when one was uploaded',
  })
  signatureImageId?: string | null;
}

/** What the certificates say besides the event. */
class CertificateSettingsResponse implements CertificateSettings {
  @ApiProperty({ description: 'Empty until set: certificates are issued once it and a signatory are' }) institutionName: string;
  @ApiProperty({ type: [SignatoryResponse] }) signatories: SignatoryResponse[];
}

/** The festival-wide rules, as the settings page edits them. */
class FestivalRulesResponse {
  @ApiProperty({ minimum: 0, description: '0: no cap' }) maxRegistrationsPerStudent: number;
  @ApiProperty() clashCheck: boolean;
  @ApiProperty({ minimum: 15 }) eventLengthMinutes: number;
  @ApiProperty({ minimum: 1 }) waitlistOfferHours: number;
}

/** The festival's settings as the super admin edits them. */
export class FestivalSettingsResponse {
  @ApiProperty() name: string;
  @ApiProperty() tagline: string;
  @ApiProperty({ format: 'date' }) firstDay: string;
  @ApiProperty({ format: 'date' }) lastDay: string;
  @ApiProperty({ format: 'date-time' }) registrationOpensAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) registrationClosesAt: string | null;
  @ApiProperty({ example: 'Asia/Kolkata' }) timeZone: string;
  @ApiProperty({ type: InstitutionAboutResponse }) about: InstitutionAboutResponse;
  @ApiProperty({ type: CertificateSettingsResponse }) certificate: CertificateSettingsResponse;
  @ApiProperty({ type: FestivalRulesResponse }) rules: FestivalRulesResponse;
  @ApiProperty({ minimum: 0, description: 'Send it back with a save: a save over a newer version is refused (409)' }) version: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null before the first save' }) updatedAt: string | null;
  @ApiProperty({
    enum: ['saved', 'environment', 'demo', 'default'],
    description: "saved: by a super admin; otherwise the first start's defaults (the environment, the demo festival, the built-in dates)",
  })
  source: FestivalSettings['source'];
}

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;

export function toFestivalResponse(settings: FestivalSettings, institutionEmailDomain: string, eventCount: number): FestivalResponse {
  return {
    name: settings.name,
    tagline: settings.tagline,
    firstDay: settings.firstDay,
    lastDay: settings.lastDay,
    festivalDate: festivalStartsAt(settings).toISOString(),
    festivalEndsAt: festivalEndsAt(settings).toISOString(),
    timeZone: settings.timeZone,
    registrationOpensAt: settings.registrationOpensAt.toISOString(),
    registrationClosesAt: iso(settings.registrationClosesAt),
    about: settings.about,
    institutionEmailDomain,
    eventCount,
  };
}

export function toFestivalSettingsResponse(settings: FestivalSettings): FestivalSettingsResponse {
  const { rules, waitlistOfferHours } = settings;
  return {
    name: settings.name,
    tagline: settings.tagline,
    firstDay: settings.firstDay,
    lastDay: settings.lastDay,
    registrationOpensAt: settings.registrationOpensAt.toISOString(),
    registrationClosesAt: iso(settings.registrationClosesAt),
    timeZone: settings.timeZone,
    about: settings.about,
    certificate: settings.certificate,
    rules: { ...rules, waitlistOfferHours },
    version: settings.version,
    updatedAt: iso(settings.updatedAt),
    source: settings.source,
  };
}

/** A festival edition: the open one (the current festival) or a closed one, kept as the archive. */
export class EditionResponse {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date', example: '2026-02-20' }) firstDay: string;
  @ApiProperty({ format: 'date', example: '2026-02-21' }) lastDay: string;
  @ApiProperty({ description: 'true for the current festival' }) open: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it closed; null for the open one' }) closedAt: string | null;
}

export function toEditionResponse(edition: Edition): EditionResponse {
  return { ...edition, closedAt: iso(edition.closedAt) };
}
