import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { SingleSpaced, Trimmed } from '../common/fields.js';
import { EVENT_TYPES, type EventType, type NewEventRow } from '../database/schema/events.js';

// applyDecorators registers first to last, the order class-validator reports in; decorators
// stacked on a property report from the bottom up, so those list "required" last.
//
// One payload serves create and update: a field left out is not changed (update) or takes its
// default (create). Fields that cannot be empty use `Given` (null is then refused by their type
// rule); nullable fields use IsOptional, so null clears them. Create's required fields are
// checked by the admin service (`requireCreateFields`), since the two forms differ only there.

/** Validated only when present: absent means "unchanged"; null is checked (and refused) by the rules that follow. */
const Given = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

const MAX_RULES = 20;
const MAX_STAFF = 10;
/** Far above any hall; a bound so an absurd number is refused before it reaches an integer column. */
const MAX_SEATS = 100_000;
const MAX_GENDER_TEAMS = 1_000;

const TeamSize = (label: string) =>
  applyDecorators(
    IsOptional(),
    IsInt({ message: `${label} must be a whole number` }),
    Min(1, { message: 'Team sizes must be between 1 and 20' }),
    Max(20, { message: 'Team sizes must be between 1 and 20' }),
    ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, maximum: 20, description: 'Group events only' }),
  );

const GenderTeams = (label: string) =>
  applyDecorators(
    IsOptional(),
    IsInt({ message: `${label} must be a whole number` }),
    Min(0, { message: `${label} cannot be negative` }),
    Max(MAX_GENDER_TEAMS, { message: `${label} must be at most ${MAX_GENDER_TEAMS}` }),
    ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, maximum: MAX_GENDER_TEAMS, description: 'null means no limit' }),
  );

const ShortText = (label: string, max = 200) =>
  applyDecorators(
    IsOptional(),
    Trimmed(),
    IsString({ message: `${label} must be text` }),
    MaxLength(max, { message: `${label} must be at most ${max} characters` }),
    ApiPropertyOptional({ type: String, nullable: true, maxLength: max }),
  );

/**
 * Years a festival date may fall in. ISO 8601 allows offsets that carry 9999-12-31 into the year
 * 10000, which PostgreSQL's timestamps cannot hold; the range keeps such a date a 400, not a 500.
 */
const YEARS = { from: 2000, to: 2999 };

const WithinYears = (label: string) =>
  ValidateBy(
    {
      name: 'withinYears',
      validator: {
        validate: (value: unknown) => {
          const year = new Date(String(value)).getUTCFullYear();
          return year >= YEARS.from && year <= YEARS.to;
        },
      },
    },
    { message: `${label} must fall between the years ${YEARS.from} and ${YEARS.to}` },
  );

const DateTime = (label: string, description: string) =>
  applyDecorators(
    IsOptional(),
    IsISO8601({ strict: true }, { message: `${label} must be a date and time` }),
    WithinYears(label),
    ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description }),
  );

const Flag = (description: string) =>
  applyDecorators(Given(), IsBoolean({ message: `${description} must be true or false` }), ApiPropertyOptional({ type: Boolean, description }));

/** A person in charge of the event, as the staff search found them (or typed in). */
class StaffInChargeDto {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: "The admin's account, when chosen from the staff search" })
  @IsOptional()
  @IsUUID('all', { message: 'Invalid staff in-charge id' })
  adminId?: string | null;

  @ApiProperty({ maxLength: 100 })
  @Trimmed()
  @MaxLength(100, { message: 'Staff in-charge name must be at most 100 characters' })
  @IsString({ message: 'Staff in-charge name is required' })
  @IsNotEmpty({ message: 'Staff in-charge name is required' })
  name: string;

  @ApiProperty({ format: 'email', maxLength: 254 })
  @Trimmed()
  @MaxLength(254, { message: 'Staff in-charge e-mail is not valid' })
  @IsEmail({}, { message: 'Staff in-charge e-mail is not valid' })
  @IsNotEmpty({ message: 'Staff in-charge e-mail is required' })
  email: string;

  @ApiProperty({ maxLength: 100 })
  @Trimmed()
  @MaxLength(100, { message: 'Staff in-charge club must be at most 100 characters' })
  @IsString({ message: 'Staff in-charge club is required' })
  @IsNotEmpty({ message: 'Staff in-charge club is required' })
  club: string;
}

/** An event as the admins' form sends it (admin-side §2): every field on create but the required ones is optional; on update every field is. */
export class EventPayloadDto {
  @ApiPropertyOptional({ minLength: 3, maxLength: 120, description: 'Required on create; unique whatever its case' })
  @Given()
  @SingleSpaced()
  @MaxLength(120, { message: 'Event name must be at most 120 characters' })
  @MinLength(3, { message: 'Event name must be at least 3 characters' })
  @IsNotEmpty({ message: 'Event name is required' })
  @IsString({ message: 'Event name is required' })
  name?: string;

  @ApiPropertyOptional({ enum: EVENT_TYPES, description: 'Required on create' })
  @Given()
  @IsIn(EVENT_TYPES, { message: 'Please select an event type' })
  event_type?: EventType;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "One of the clubs (GET /clubs), not retired: required of the super admin on create; a club admin's events are their club's",
  })
  @IsOptional()
  @MaxLength(100, { message: 'Please select a club' })
  @IsString({ message: 'Please select a club' })
  clubInCharge?: string | null;

  @ApiPropertyOptional({ maxLength: 1000 })
  @Given()
  @MaxLength(1000, { message: 'Description must not exceed 1000 characters' })
  @IsString({ message: 'Description must be text' })
  description?: string;

  @ApiPropertyOptional({ type: [StaffInChargeDto], minItems: 1, maxItems: MAX_STAFF, description: 'Required on create' })
  @Given()
  @ValidateNested({ each: true })
  @Type(() => StaffInChargeDto)
  @ArrayMaxSize(MAX_STAFF, { message: `Please select at most ${MAX_STAFF} staff in-charges` })
  @ArrayMinSize(1, { message: 'Please select at least one staff in-charge' })
  @IsArray({ message: 'Please select at least one staff in-charge' })
  staff_incharges?: StaffInChargeDto[];

  @Flag('Whether the event takes registrations')
  isActive?: boolean;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1, maximum: MAX_SEATS, description: 'Seats; null means unlimited' })
  @IsOptional()
  @Max(MAX_SEATS, { message: `Max applications must be at most ${MAX_SEATS}` })
  @Min(1, { message: 'Max applications must be a positive number' })
  @IsInt({ message: 'Max applications must be a positive number' })
  maxApplications?: number | null;

  @DateTime('Application deadline', 'When registration closes; null for no deadline. A new deadline must be in the future')
  applicationDeadline?: string | null;

  @DateTime('Event date', 'null while it is to be announced')
  eventDate?: string | null;

  @DateTime('Event end', "When the event ends, after its date; null for no set end (the festival's event length is assumed then)")
  eventEndDate?: string | null;

  @ShortText('Venue')
  venue?: string | null;

  @ApiPropertyOptional({ type: [String], maxItems: MAX_RULES })
  @Given()
  @MaxLength(300, { each: true, message: 'Each rule must be at most 300 characters' })
  @IsString({ each: true, message: 'Each rule must be text' })
  @ArrayMaxSize(MAX_RULES, { message: `At most ${MAX_RULES} rules` })
  @IsArray({ message: 'Rules must be a list' })
  rules?: string[];

  @TeamSize('Minimum team size')
  minTeamSize?: number | null;

  @TeamSize('Maximum team size')
  maxTeamSize?: number | null;

  @Flag('Whether registrations wait for approval')
  requiresApproval?: boolean;

  @Flag('Whether teams are limited by gender')
  hasGenderBasedTeams?: boolean;

  @GenderTeams("Boys' teams")
  maxBoyTeams?: number | null;

  @GenderTeams("Girls' teams")
  maxGirlTeams?: number | null;

  @ShortText('Coordinator name', 100)
  coordinatorName?: string | null;

  @ShortText('Coordinator department', 100)
  coordinatorDept?: string | null;
}

/** The payload's fields that were sent, as the events table names them (dates parsed); absent fields are left out. */
export function eventFieldsOf(payload: EventPayloadDto): Partial<NewEventRow> {
  const date = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));
  const fields: Partial<NewEventRow> = {
    name: payload.name,
    eventType: payload.event_type,
    clubInCharge: payload.clubInCharge,
    description: payload.description,
    staffInCharges: payload.staff_incharges?.map(({ adminId, name, email, club }) => ({ adminId: adminId ?? null, name, email, club })),
    isActive: payload.isActive,
    maxApplications: payload.maxApplications,
    registrationDeadline: date(payload.applicationDeadline),
    eventDate: date(payload.eventDate),
    eventEndDate: date(payload.eventEndDate),
    venue: payload.venue,
    rules: payload.rules,
    minTeamSize: payload.minTeamSize,
    maxTeamSize: payload.maxTeamSize,
    requiresApproval: payload.requiresApproval,
    hasGenderBasedTeams: payload.hasGenderBasedTeams,
    maxBoyTeams: payload.maxBoyTeams,
    maxGirlTeams: payload.maxGirlTeams,
    coordinatorName: payload.coordinatorName,
    coordinatorDept: payload.coordinatorDept,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
