import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** What deleting an account asks for: its address typed out, and its password. */
export class DeleteAccountDto {
  @ApiProperty({ description: "The account's e-mail address, typed to confirm" })
  @MaxLength(254, { message: 'Type the e-mail address of this account' })
  @IsString({ message: 'Type the e-mail address of this account' })
  @IsNotEmpty({ message: 'Type the e-mail address of this account' })
  email: string;

  @ApiProperty({ description: "The account's password" })
  @MaxLength(200, { message: 'Password is required' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password: string;
}
