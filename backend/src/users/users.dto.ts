import { applyDecorators } from '@nestjs/common';
import { ApiProperty, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, registerDecorator } from 'class-validator';
import { PasswordField } from '../common/fields.js';
import { InstitutionEmailField } from '../common/institution-email.js';
import { PersonNameField, RollNumberField } from '../common/person-fields.js';
import { GENDERS, type Gender } from '../database/schema/users.js';
import { allowedYears, DEPARTMENTS } from './account-rules.js';

// class-validator checks a property's rules from the bottom up and reports the first failure,
// so each property lists its rules from the most specific (top) to "required" (bottom).

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

/** One of the sign-up's departments; `label` names the field in its messages (the group form says "Branch"). */
export const DepartmentField = (label: string) =>
  applyDecorators(
    IsNotEmpty({ message: `${label} is required` }),
    IsIn(DEPARTMENTS, { message: `Please select a valid ${label.toLowerCase()}` }),
    ApiProperty({ enum: DEPARTMENTS }),
  );

export class SignUpDto {
  @PersonNameField()
  name: string;

  @ApiProperty({ example: '3', description: "'1' to '6', depending on the department" })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsYearOfDepartment()
  @IsNotEmpty({ message: 'Year is required' })
  year: string;

  @DepartmentField('Department')
  dept: string;

  @InstitutionEmailField()
  email: string;

  @PasswordField()
  password: string;

  @ApiProperty({ enum: GENDERS })
  @IsIn(GENDERS, { message: 'Gender is required' })
  @IsNotEmpty({ message: 'Gender is required' })
  gender: Gender;

  @RollNumberField()
  rollNumber: string;
}

/**
 * What a student changes of their own account (`PUT /users/me/profile`): sign-up's fields and
 * rules, with its messages; the e-mail address (the account's identity) and the roll number stay.
 */
export class ProfileDto extends PickType(SignUpDto, ['name', 'dept', 'year', 'gender'] as const) {}

/** A student's choice about the day-before reminders of their events. */
export class EventRemindersDto {
  @ApiProperty({ description: 'True to get an e-mail the day before each event the student holds a place in' })
  @IsBoolean({ message: 'Enabled must be true or false' })
  enabled: boolean;
}
