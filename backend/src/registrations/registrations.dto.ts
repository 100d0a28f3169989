import { BadRequestException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateBy } from 'class-validator';
import { refusing, SingleSpaced } from '../common/fields.js';
import { HIDDEN_CHARACTER, READS_AS_LINK } from '../common/plain-text.js';
import type { RegistrationStatus } from '../database/schema/registrations.js';

export class SoloRegistrationDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Invalid event id' })
  @IsNotEmpty({ message: 'Please choose an event' })
  eventId: string;

  @ApiProperty({ format: 'uuid', description: "The signed-in student's own id" })
  @IsUUID('all', { message: 'Invalid student id' })
  @IsNotEmpty({ message: 'Student id is required' })
  studentId: string;
}

/** What a club admin decides of a pending registration. */
const DECISIONS = ['approved', 'rejected'] as const satisfies readonly RegistrationStatus[];
export type Decision = (typeof DECISIONS)[number];

/** A decision as the seat owner and the registrations carry it out: a rejection may say why. */
export interface RegistrationDecision {
  status: Decision;
  /** Told to the students (their e-mail, My Registrations); null when the admin gave none, and always for an approval. */
  reason: string | null;
}

const REASON_MAX = 300;

/** Whom a decision names: students (a registered team's member names the whole team) and teams. */
export interface Chosen {
  userIds: readonly string[];
  teamIds: readonly string[];
}

/** The most registrations one decision names: the approval queue's page, with room to spare. */
const MAX_DECIDED = 200;
const CHOOSE_ONE = 'Please select at least one registration';

/** An approval queue's decision, on one registration or many (admin-side §2); at least one id and at most MAX_DECIDED in all (`chosenBy`). */
export class DecideRegistrationsDto implements Partial<Chosen> {
  @ApiProperty({ enum: DECISIONS })
  @IsIn(DECISIONS, { message: "Please choose 'approved' or 'rejected'" })
  @IsNotEmpty({ message: "Please choose 'approved' or 'rejected'" })
  status: Decision;

  @ApiPropertyOptional({
    maxLength: REASON_MAX,
    example: 'The workshop is for 3rd-year students only.',
    description: 'Why, for a rejection only: told to the students in their e-mail and on My Registrations. Plain text, no link.',
  })
  @IsOptional()
  @ValidateBy({
    name: 'onlyForRejection',
    validator: {
      validate: (reason, args) => reason === '' || (args?.object as DecideRegistrationsDto | undefined)?.status === 'rejected',
      defaultMessage: () => 'Only a rejection carries a reason',
    },
  })
  @refusing('noLink', READS_AS_LINK, 'The reason cannot contain a link')
  @refusing('noHiddenCharacter', HIDDEN_CHARACTER, 'The reason cannot contain invisible characters')
  @MaxLength(REASON_MAX, { message: `The reason must be at most ${REASON_MAX} characters` })
  @IsString({ message: 'The reason must be text' })
  @SingleSpaced()
  reason?: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: MAX_DECIDED,
    description: 'Students whose registrations to decide (a team member stands for the team)',
  })
  @IsOptional()
  @IsUUID('all', { each: true, message: 'Invalid user id' })
  @ArrayMaxSize(MAX_DECIDED, { message: `Please decide at most ${MAX_DECIDED} registrations at once` })
  @IsArray({ message: CHOOSE_ONE })
  userIds?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: MAX_DECIDED, description: 'Teams whose registrations to decide' })
  @IsOptional()
  @IsUUID('all', { each: true, message: 'Invalid team id' })
  @ArrayMaxSize(MAX_DECIDED, { message: `Please decide at most ${MAX_DECIDED} registrations at once` })
  @IsArray({ message: CHOOSE_ONE })
  teamIds?: string[];
}

/** The students and teams a decision names, each once; a 400 when it names nobody or too many. */
export function chosenBy({ userIds = [], teamIds = [] }: DecideRegistrationsDto): Chosen {
  const chosen = { userIds: [...new Set(userIds)], teamIds: [...new Set(teamIds)] };
  const count = chosen.userIds.length + chosen.teamIds.length;
  const problem = count === 0 ? CHOOSE_ONE : count > MAX_DECIDED ? `Please decide at most ${MAX_DECIDED} registrations at once` : undefined;
  if (problem) throw new BadRequestException({ message: problem, errors: [{ field: 'userIds', message: problem }] });
  return chosen;
}
