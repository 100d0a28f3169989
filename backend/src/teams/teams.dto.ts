import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { refusing } from '../common/fields.js';
import { InstitutionEmailField } from '../common/institution-email.js';
import { PersonNameField } from '../common/person-fields.js';
import { HIDDEN_CHARACTER, READS_AS_LINK } from '../common/plain-text.js';
import { DepartmentField } from '../users/users.dto.js';

// class-validator checks stacked decorators from the bottom up and reports the first failure,
// so each property lists its rules from the most specific (top) to "required" (bottom).

/** More than any event's team; a longer list is a mistake or abuse, refused before any lookup. */
const MAX_INVITEES = 20;

// applyDecorators registers first to last, the order class-validator reports in: "required" first.
const TeamIdField = () =>
  applyDecorators(IsNotEmpty({ message: 'Please choose a team' }), IsUUID('all', { message: 'Invalid team id' }), ApiProperty({ format: 'uuid' }));

const EventIdField = () =>
  applyDecorators(IsNotEmpty({ message: 'Please choose an event' }), IsUUID('all', { message: 'Invalid event id' }), ApiProperty({ format: 'uuid' }));

/** Students to invite: ids of accounts, at least one (`required` is the spec's message for none). */
const InviteesField = (required: string) =>
  applyDecorators(
    IsArray({ message: required }),
    ArrayMinSize(1, { message: required }),
    ArrayMaxSize(MAX_INVITEES, { message: `Please invite at most ${MAX_INVITEES} members at once` }),
    IsUUID('all', { each: true, message: 'Invalid user id' }),
    ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: MAX_INVITEES, description: 'Ids of the students to invite' }),
  );

/**
 * A team's name, shown to classmates and written into their invite e-mails: one Unicode form,
 * spaces made single and trimmed; no control or invisible character (a right-to-left override, a
 * zero-width space) and nothing that reads as a link (common/plain-text.ts).
 */
const TeamNameField = () =>
  applyDecorators(
    IsNotEmpty({ message: 'Please enter a team name' }),
    IsString({ message: 'Please enter a team name' }),
    MaxLength(50, { message: 'Team name must be at most 50 characters' }),
    refusing('noHiddenCharacter', HIDDEN_CHARACTER, 'Team name cannot contain line breaks, tabs or invisible characters'),
    refusing('noLink', READS_AS_LINK, 'Team name cannot contain a link'),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string'
        ? value
            .normalize('NFC')
            .replace(/\p{Zs}+/gu, ' ')
            .replace(/^ | $/g, '')
        : value,
    ),
    ApiProperty({ maxLength: 50, example: 'Byte Me', description: 'No control or invisible characters, and nothing that reads as a link' }),
  );

export class CreateTeamDto {
  @EventIdField()
  eventId: string;

  @TeamNameField()
  teamName: string;
}

export class CreateTeamWithInvitesDto extends CreateTeamDto {
  @InviteesField('Please invite at least one member to your team')
  userIds: string[];
}

export class AddMembersDto {
  @InviteesField('Please select at least one member to invite')
  userIds: string[];
}

export class InviteMembersDto extends AddMembersDto {
  @TeamIdField()
  teamId: string;
}

export class RegisterTeamDto {
  @TeamIdField()
  teamId: string;
}

export class InviteAnswerDto {
  @ApiProperty({ enum: ['accept', 'decline'] })
  @IsIn(['accept', 'decline'], { message: "Please answer 'accept' or 'decline'" })
  @IsNotEmpty({ message: "Please answer 'accept' or 'decline'" })
  response: 'accept' | 'decline';
}

const LISTED_YEARS = ['1', '2', '3', '4', '5', '6'] as const;

/**
 * A member as the enrolment form lists them: the year and branch in the sign-up's words, which must
 * be those of the classmate's account (checked when the team is formed).
 */
class GroupMemberDto {
  @PersonNameField('Member name')
  name: string;

  // Any year an account may hold: the account itself is the rule (a department's years changed
  // over time, and an account made before keeps its own).
  @ApiProperty({ enum: LISTED_YEARS, description: "The member's year, as their account has it" })
  @IsIn(LISTED_YEARS, { message: 'Please select a valid year' })
  @IsNotEmpty({ message: 'Year is required' })
  year: string;

  @DepartmentField('Branch')
  branch: string;

  @InstitutionEmailField()
  email: string;
}

/** The enrolment page's group form: the leader (the signed-in student) and the other members. */
export class GroupRegistrationDto {
  @EventIdField()
  eventId: string;

  @PersonNameField('Team lead name')
  teamLeadName: string;

  @InstitutionEmailField()
  teamLeadEmail: string;

  @ApiProperty({ format: 'uuid', description: "The signed-in student's own id" })
  @IsUUID('all', { message: 'Invalid team leader id' })
  @IsNotEmpty({ message: 'Team leader id is required' })
  teamLeaderId: string;

  @ApiProperty({ type: [GroupMemberDto], minItems: 1, maxItems: MAX_INVITEES })
  @ValidateNested({ each: true })
  @Type(() => GroupMemberDto)
  @ArrayMaxSize(MAX_INVITEES, { message: `A team lists at most ${MAX_INVITEES} members` })
  @ArrayMinSize(1, { message: 'Please add at least one member' })
  @IsArray({ message: 'Please add at least one member' })
  members: GroupMemberDto[];
}
