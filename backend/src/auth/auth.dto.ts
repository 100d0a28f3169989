import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { isStrongPassword } from '../users/account-rules.js';
import { InstitutionEmailField } from '../users/users.dto.js';

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
  @ApiProperty({ minLength: 6 })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @MinLength(6, { message: 'Password must be at least 6 characters' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  currentPassword: string;

  @ApiProperty({ description: '6 or more characters with a letter, a digit and a special character' })
  @ValidateBy({
    name: 'strongPassword',
    validator: { validate: (value: unknown) => typeof value === 'string' && isStrongPassword(value) },
  }, { message: 'Please ensure your new password meets all requirements' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @IsString({ message: 'New password is required' })
  @IsNotEmpty({ message: 'New password is required' })
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
