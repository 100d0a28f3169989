import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { Trimmed } from '../common/fields.js';

// class-validator checks a property's rules from the bottom up and reports the first failure,
// so each property lists its rules from the most specific (top) to "required" (bottom).

/** The event page's search starts at 2 characters (student-side §5); one letter would list half the campus. */
const MIN_SEARCH_LENGTH = 2;

export class MemberSearchQuery {
  @ApiProperty({ description: 'Part of a name or e-mail, 2 characters or more', minLength: MIN_SEARCH_LENGTH, maxLength: 100 })
  @Trimmed()
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
