import { BadRequestException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsUUID } from 'class-validator';
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
