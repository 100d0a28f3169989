import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsTimeZone,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { SingleSpaced, Trimmed } from '../common/fields.js';
import { SIGNATURE_IMAGE_ID } from './signature-images.service.js';

// Decorators stacked on a property report from the bottom up: "required" is listed last.

/** One line of text the home page shows (no line breaks or hidden characters), `min` to `max` characters. */
const Line = (label: string, max: number, min = 0) =>
  applyDecorators(
    ApiProperty({ minLength: min, maxLength: max }),
    SingleSpaced(),
    IsString({ message: `${label} must be text` }),
    ...(min > 0 ? [IsNotEmpty({ message: `${label} is required` }), MinLength(min, { message: `${label} must be at least ${min} characters` })] : []),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );

/** A paragraph: line breaks allowed, at most `max` characters. */
const Paragraph = (label: string, max: number) =>
  applyDecorators(
    ApiProperty({ maxLength: max }),
    Trimmed(),
    IsString({ message: `${label} must be text` }),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
  );

const Programmes = (label: string) =>
  applyDecorators(
    ApiProperty({ type: [String], maxItems: 40, description: 'Each at most 80 characters' }),
    IsArray({ message: `${label} must be a list` }),
    ArrayMaxSize(40, { message: `${label}: at most 40` }),
    IsString({ each: true, message: `${label}: each must be text` }),
    IsNotEmpty({ each: true, message: `${label}: none may be empty` }),
    MaxLength(80, { each: true, message: `${label}: each must be at most 80 characters` }),
  );

const WholeNumber = (label: string, min: number, max: number, description: string) =>
  applyDecorators(
    ApiProperty({ type: Number, minimum: min, maximum: max, description }),
    IsInt({ message: `${label} must be a whole number` }),
    Min(min, { message: `${label} must be from ${min} to ${max}` }),
    Max(max, { message: `${label} must be from ${min} to ${max}` }),
  );

const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const Day = (label: string) =>
  applyDecorators(
    ApiProperty({ type: String, format: 'date', example: '2026-02-20' }),
    IsString({ message: `${label} is required` }),
    Matches(ISO_DAY, { message: `${label} must be a date such as 2026-02-20` }),
  );

const Moment = (label: string, description: string, optional = false) =>
  applyDecorators(
    optional
      ? ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description })
      : ApiProperty({ type: String, format: 'date-time', description }),
    ...(optional ? [IsOptional()] : [IsNotEmpty({ message: `${label} is required` })]),
    IsISO8601({ strict: true }, { message: `${label} must be a date and time` }),
  );

/** The about-the-institution section, field by field (the client lays it out; no HTML). */
class InstitutionAboutDto {
  @Line('About lead', 300)
  lead: string;

  @Paragraph('Accreditation', 600)
  accreditation: string;

  @Programmes('Undergraduate programmes')
  undergraduateProgrammes: string[];

  @Programmes('Postgraduate programmes')
  postgraduateProgrammes: string[];

  @Paragraph('Vision', 600)
  vision: string;

  @Paragraph('Mission', 600)
  mission: string;

  @ApiProperty({ type: String, description: 'Empty for none', maxLength: 254 })
  @Trimmed()
  @IsString({ message: 'Contact e-mail must be text' })
  @ValidateIf((_object: object, value: unknown) => value !== '')
  @IsEmail({}, { message: 'Contact e-mail is not a valid e-mail address' })
  @MaxLength(254, { message: 'Contact e-mail is not a valid e-mail address' })
  contactEmail: string;

  @ApiProperty({ type: String, description: 'Empty for none; digits, spaces, +, - and brackets', maxLength: 30 })
  @Trimmed()
  @IsString({ message: 'Contact phone must be text' })
  @Matches(/^(|\+?[\d\s()-]{6,30})$/, { message: 'Contact phone must be a phone number such as +91 44 2345 6789' })
  contactPhone: string;

  @Paragraph('Contact note', 300)
  contactNote: string;
}

/** The most signatures a certificate's signature block holds side by side on an A4 page. */
const MOST_SIGNATORIES = 3;

/** One signatory of the certificates: their name and title. */
class SignatoryDto {
  @Line('Signatory name', 80, 2)
  name: string;

  @Line('Signatory title', 80, 2)
  title: string;

  @ApiProperty({
    type: String,
    required: false,
    nullable: true,
    description: 'The uploaded signature image to draw above the line (`POST /festival/signature-images`)',
  })
  @IsOptional()
  @Matches(SIGNATURE_IMAGE_ID, { message: 'Signature image is not one uploaded here' })
  signatureImageId?: string | null;
}

/** What the certificates say besides the event: the institution awarding them and who signs them. */
class CertificateSettingsDto {
  @Line('Institution name', 120)
  institutionName: string;

  @ApiProperty({ type: [SignatoryDto], maxItems: MOST_SIGNATORIES })
  @IsArray({ message: 'Signatories must be a list' })
  @ArrayMaxSize(MOST_SIGNATORIES, { message: `A certificate has at most ${MOST_SIGNATORIES} signatories` })
  @ValidateNested({ each: true })
  @Type(() => SignatoryDto)
  signatories: SignatoryDto[];
}

/** The rules across events (see FestivalRules), and how long a waitlist offer is held. */
class FestivalRulesDto {
  @WholeNumber('Cap per student', 0, 100, 'The most events a student may hold a place in; 0 for no cap')
  maxRegistrationsPerStudent: number;

  @ApiProperty({ description: 'Refuse a registration whose event overlaps one the student already holds' })
  @IsBoolean({ message: 'Clash check must be on or off' })
  clashCheck: boolean;

  @WholeNumber('Event length', 15, 1440, 'Minutes an event without a set end is taken to last')
  eventLengthMinutes: number;

  @WholeNumber('Waitlist hold', 1, 168, 'Hours a seat offered to the head of a waitlist is held for them')
  waitlistOfferHours: number;
}

/** The festival's settings as the super admin saves them: every field, and the version they were read at. */
export class FestivalSettingsDto {
  @Line('Festival name', 80, 3)
  name: string;

  @Line('Tagline', 200)
  tagline: string;

  @Day('First day')
  firstDay: string;

  @Day('Last day')
  lastDay: string;

  @Moment('Registration opens', 'When registration opens for every event')
  registrationOpensAt: string;

  @Moment('Registration closes', "When registration closes for every event; null leaves it to each event's deadline and start", true)
  registrationClosesAt: string | null;

  @ApiProperty({ example: 'Asia/Kolkata', description: "Where the festival happens, as an IANA time zone: its days, deadlines and times are that zone's" })
  @IsString({ message: 'Time zone is required' })
  @IsTimeZone({ message: 'Time zone must be a time zone such as Asia/Kolkata' })
  timeZone: string;

  @ApiProperty({ type: InstitutionAboutDto })
  @IsObject({ message: 'About the institution is required' })
  @ValidateNested()
  @Type(() => InstitutionAboutDto)
  about: InstitutionAboutDto;

  @ApiProperty({ type: CertificateSettingsDto })
  @IsObject({ message: 'Certificate settings are required' })
  @ValidateNested()
  @Type(() => CertificateSettingsDto)
  certificate: CertificateSettingsDto;

  @ApiProperty({ type: FestivalRulesDto })
  @IsObject({ message: 'Festival rules are required' })
  @ValidateNested()
  @Type(() => FestivalRulesDto)
  rules: FestivalRulesDto;

  @ApiProperty({ minimum: 0, description: 'The version these settings were read at: a save over a newer one is refused (409)' })
  @IsInt({ message: 'Version must be a whole number' })
  @Min(0, { message: 'Version must be a whole number' })
  version: number;
}

/**
 * Next year's festival, as the super admin starts it: its name and days and registration window
 * (the rest of the settings carry over), confirmed by typing the name of the festival it closes.
 */
export class StartEditionDto {
  @Line('Confirmation', 80, 1)
  confirmName: string;

  @Line('Festival name', 80, 3)
  name: string;

  @Day('First day')
  firstDay: string;

  @Day('Last day')
  lastDay: string;

  @Moment('Registration opens', 'When registration opens for every event of the new festival')
  registrationOpensAt: string;

  @Moment('Registration closes', "When registration closes for every event; null leaves it to each event's deadline and start", true)
  registrationClosesAt: string | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: 500,
    description: "Required while the current festival's days are not over: why it closes early (kept in the audit trail)",
  })
  @IsOptional()
  @Trimmed()
  @IsString({ message: 'Reason must be text' })
  @MaxLength(500, { message: 'Reason must be at most 500 characters' })
  earlyCloseReason?: string;

  @ApiProperty({ minimum: 0, description: 'The settings version read: a start over a newer one is refused (409)' })
  @IsInt({ message: 'Version must be a whole number' })
  @Min(0, { message: 'Version must be a whole number' })
  version: number;
}
