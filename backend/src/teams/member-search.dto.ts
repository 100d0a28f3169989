import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { Trimmed } from '../common/fields.js';

// class-validator checks a property's rules from the bottom up and reports the first failure,
// so each property lists its rules from the most specific (top) to "required" (bottom).

/**
 * Any non-blank text: the team manager searches from the first character (student-side §5; the
 * event page's own search waits for 2). A search answers at most a few students, and searching
 * is throttled per account, so one letter cannot page through the directory.
 */
export class MemberSearchQuery {
  @ApiProperty({ description: 'Part of a name or e-mail, any non-blank text', minLength: 1, maxLength: 100 })
  @Trimmed()
  @MaxLength(100, { message: 'Search text must be at most 100 characters' })
  @IsString({ message: 'Please enter a name or email to search' })
  @IsNotEmpty({ message: 'Please enter a name or email to search' })
  q: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Applies the event's same-gender rule" })
  @IsOptional()
  @ValidateIf((_object, value) => value !== '')
  @IsUUID('all', { message: 'Invalid event id' })
  eventId?: string;
}
