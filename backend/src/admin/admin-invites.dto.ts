import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateBy } from 'class-validator';
import { ClubChoice } from '../clubs/clubs.dto.js';
import { PasswordField } from '../common/fields.js';
import { InstitutionEmailField } from '../common/institution-email.js';
import { PersonNameField } from '../common/person-fields.js';
import { GENDERS, type Gender } from '../database/schema/users.js';

// class-validator checks stacked decorators from the bottom up and reports the first failure,
// so each property lists its rules from the most specific (top) to "required" (bottom).

/** The departments a club admin may name (staff by default). */
const ADMIN_DEPARTMENTS = ['CSE', 'IT', 'ECE', 'EEE', 'MECH', 'CIVIL', 'CHEM', 'BME', 'Staff'] as const;
type AdminDepartment = (typeof ADMIN_DEPARTMENTS)[number];

/** An invitation's address: like a student's, at the institution's domain, with the invite form's word for a malformed one. */
const InviteEmailField = () => InstitutionEmailField({ malformed: 'Invalid email address' });

export class AdminInviteDto {
  @InviteEmailField()
  email: string;

  @ClubChoice('A club that is not retired')
  club: string;

  @ApiProperty({ format: 'uuid', description: 'An event of the chosen club, without an admin or a pending invitation' })
  @IsUUID('all', { message: 'Please select an event' })
  eventId: string;
}

export class SendInviteEmailDto {
  @InviteEmailField()
  email: string;

  @ApiProperty({ description: 'A link this server issued for the same address (POST /admin/invite/generate); only its token is read' })
  @MaxLength(2000, { message: 'This link was not issued for this address' })
  @IsString({ message: 'Invitation link is required' })
  @IsNotEmpty({ message: 'Invitation link is required' })
  inviteUrl: string;
}

/** `confirmPassword`, when sent, must repeat `password`. */
const RepeatsPassword = () =>
  ValidateBy(
    { name: 'repeatsPassword', validator: { validate: (value: unknown, args) => value === (args?.object as { password?: unknown }).password } },
    { message: 'Passwords must match' },
  );

/** The invitee's account form (admin-side §5, the newer form; the older form's dept and club are accepted too). */
export class AdminSignupDto {
  @PersonNameField()
  name: string;

  @PasswordField({ rule: 'admin' })
  password: string;

  @ApiPropertyOptional({ description: 'When sent, it must equal `password`' })
  @RepeatsPassword()
  @IsOptional()
  confirmPassword?: string;

  @ApiProperty({ enum: GENDERS })
  @IsIn(GENDERS, { message: 'Gender is required' })
  @IsNotEmpty({ message: 'Gender is required' })
  gender: Gender;

  @ApiPropertyOptional({ enum: ADMIN_DEPARTMENTS, default: 'Staff' })
  @IsIn(ADMIN_DEPARTMENTS, { message: 'Please select a valid department' })
  @IsOptional()
  dept?: AdminDepartment;

  @ApiPropertyOptional({ example: 'Tech Club', description: "When sent, it must be the invitation's club" })
  @IsString({ message: 'Please select a club' })
  @IsOptional()
  club?: string;
}
