import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { SingleSpaced, Trimmed } from '../common/fields.js';

// Decorators stacked on a property report from the bottom up: "required" is listed last.

const ClubName = () =>
  applyDecorators(
    SingleSpaced(),
    MaxLength(60, { message: 'Club name must be at most 60 characters' }),
    MinLength(3, { message: 'Club name must be at least 3 characters' }),
    IsNotEmpty({ message: 'Club name is required' }),
    IsString({ message: 'Club name is required' }),
  );

const Description = () =>
  applyDecorators(Trimmed(), MaxLength(500, { message: 'Description must be at most 500 characters' }), IsString({ message: 'Description must be text' }));

export class NewClubDto {
  @ApiProperty({ minLength: 3, maxLength: 60, description: 'Unique whatever its case' })
  @ClubName()
  name: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @Description()
  description?: string;
}

/** A rename or a new description; what is left out stays. */
export class ClubChangesDto {
  @ApiPropertyOptional({ minLength: 3, maxLength: 60, description: "Unique whatever its case; follows into the club's events, admins and invitations" })
  @ValidateIf((_object: object, value: unknown) => value !== undefined)
  @ClubName()
  name?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @Description()
  description?: string;
}

/**
 * A club chosen in a form: the name of one of the clubs (`GET /clubs`). Its existence, and that it
 * is not retired, is checked by `ClubsService.requireOpen` in the transaction that names it.
 */
export const ClubChoice = (description: string) =>
  applyDecorators(
    ApiProperty({ type: String, maxLength: 60, example: 'Tech Club', description }),
    MaxLength(60, { message: 'Please select a club' }),
    IsNotEmpty({ message: 'Please select a club' }),
    IsString({ message: 'Please select a club' }),
  );
