import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { AccountPasswordField } from '../common/fields.js';
import { InstitutionEmailField } from '../common/institution-email.js';

export { SignUpDto } from '../users/users.dto.js';

export class SignInDto {
  @InstitutionEmailField()
  email: string;

  @ApiProperty()
  @MaxLength(128, { message: 'Invalid email or password' })
  @MinLength(4, { message: 'Password cannot be less than 4 characters.' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;
}

export class ForgotPasswordDto {
  @InstitutionEmailField()
  email: string;
}

export class ResetPasswordDto {
  @AccountPasswordField({ studentRule: 'signUp' })
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  currentPassword: string;

  @AccountPasswordField({ label: 'New password', studentRule: 'change' })
  newPassword: string;
}

export class ResendVerificationDto {
  @InstitutionEmailField()
  email: string;
}

export class VerifyWithPasswordDto {
  @ApiProperty({ description: 'The password chosen at sign-up' })
  @MaxLength(128, { message: 'This is not the password chosen at sign-up' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;
}
