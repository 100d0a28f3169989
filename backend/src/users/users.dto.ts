import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, MinLength, registerDecorator, ValidateIf } from 'class-validator';
import { PersonNameField, RollNumberField } from '../common/person-fields.js';
import { GENDERS, type Gender } from '../database/schema/users.js';
import { allowedYears, DEPARTMENTS } from './account-rules.js';
import { IsInstitutionEmail } from './institution-email.validator.js';

// class-validator checks a property's rules from the bottom up and reports the first failure,
// so each property lists its rules from the most specific (top) to "required" (bottom).

export const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const normalisedEmail = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/**
 * An e-mail field of any form: trimmed, lower-cased, required and at the institution's domain.
 * applyDecorators applies these first to last, the opposite of stacked decorators, so
 * "required" comes first here.
 */
export const InstitutionEmailField = () =>
  applyDecorators(
    IsNotEmpty({ message: 'Email is required' }),
    IsInstitutionEmail(),
    normalisedEmail(),
    ApiProperty({ example: 'priya.23cse@campus.ac.in' }),
  );

/** The year must suit the department (student-side §5), with the spec's message for each case. */
function IsYearOfDepartment() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isYearOfDepartment',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (year: unknown, args) => allowedYears((args?.object as { dept?: string }).dept).years.includes(String(year)),
        defaultMessage: (args) => allowedYears((args?.object as { dept?: string }).dept).message,
      },
    });
}

export class SignUpDto {
  @PersonNameField()
  name: string;

  @ApiProperty({ example: '3', description: "'1' to '6', depending on the department" })
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsYearOfDepartment()
  @IsNotEmpty({ message: 'Year is required' })
  year: string;

  @ApiProperty({ enum: DEPARTMENTS })
  @IsIn(DEPARTMENTS, { message: 'Please select a valid department' })
  @IsNotEmpty({ message: 'Department is required' })
  dept: string;

  @InstitutionEmailField()
  email: string;

  @ApiProperty({ minLength: 6 })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @MinLength(6, { message: 'Password must be at least 6 characters' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;

  @ApiProperty({ enum: GENDERS })
  @IsIn(GENDERS, { message: 'Gender is required' })
  @IsNotEmpty({ message: 'Gender is required' })
  gender: Gender;

  @RollNumberField()
  rollNumber: string;
}

/** The event page's search starts at 2 characters (student-side §5); one letter would list half the campus. */
const MIN_SEARCH_LENGTH = 2;

export class UserSearchQuery {
  @ApiProperty({ description: 'Part of a name or e-mail, 2 characters or more', minLength: MIN_SEARCH_LENGTH, maxLength: 100 })
  @trimmed()
  @MaxLength(100, { message: 'Search text must be at most 100 characters' })
  @MinLength(MIN_SEARCH_LENGTH, { message: `Please enter at least ${MIN_SEARCH_LENGTH} characters to search` })
  @IsString({ message: 'Please enter a name or email to search' })
  @IsNotEmpty({ message: 'Please enter a name or email to search' })
  q: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Applies the event's same-gender rule" })
  @IsOptional()
  @ValidateIf((_object, value) => value !== '')
  @IsUUID('all', { message: 'Invalid event id' })
  eventId?: string;
}
