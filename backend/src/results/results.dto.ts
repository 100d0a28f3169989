import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, IsUUID, Max, Min, ValidateNested } from 'class-validator';

// class-validator checks a property's rules from the bottom up and reports the first failure,
// so each property lists its rules from the most specific (top) to "required" (bottom).

/** More places than any event hands out; the real limit is the number of applicants (the service's rule). */
const MAX_WINNERS = 100;

/** One place: a student (solo events) or a team (group events). */
class WinnerChoiceDto {
  @ApiProperty({ minimum: 1 })
  @Max(MAX_WINNERS, { message: `Place must be between 1 and ${MAX_WINNERS}` })
  @Min(1, { message: 'Place must be 1 or more' })
  @IsInt({ message: 'Place must be a whole number' })
  place: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'The winning student, on a solo event' })
  @IsOptional()
  @IsUUID('all', { message: 'Invalid user id' })
  userId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The winning team, on a group event' })
  @IsOptional()
  @IsUUID('all', { message: 'Invalid team id' })
  teamId?: string;
}

/** `PUT /admin/events/:id/winners`: the whole set of places, replacing any earlier one. */
export class WinnersDto {
  @ApiProperty({ type: [WinnerChoiceDto], minItems: 1, maxItems: MAX_WINNERS })
  @ValidateNested({ each: true })
  @Type(() => WinnerChoiceDto)
  @ArrayMaxSize(MAX_WINNERS, { message: `Please choose at most ${MAX_WINNERS} winners` })
  @ArrayMinSize(1, { message: 'Please choose at least one winner' })
  @IsArray({ message: 'Please choose at least one winner' })
  winners: WinnerChoiceDto[];
}
