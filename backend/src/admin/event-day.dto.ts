import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsNotEmpty, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { SearchText } from './admin-users.dto.js';

// class-validator checks a property's rules from the bottom up and reports the first failure,
// so each property lists its rules from the most specific (top) to "required" (bottom).

/** The most students one attendance request marks: a large event's whole list, with room to spare. */
const MAX_MARKED = 500;

/** `GET /admin/events/:id/applicants`: optional text in a name or roll number. */
export class ApplicantSearchQuery {
  @SearchText('Part of a name or roll number, whatever its case')
  search?: string;
}

/** One student's attendance. */
class AttendanceMarkDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Invalid user id' })
  @IsNotEmpty({ message: 'Please choose a student' })
  userId: string;

  @ApiProperty()
  @IsBoolean({ message: 'Present must be true or false' })
  isPresent: boolean;
}

/** `PUT /admin/events/:id/attendance`: the students marked present or absent. */
export class AttendanceDto {
  @ApiProperty({ type: [AttendanceMarkDto], minItems: 1, maxItems: MAX_MARKED })
  @ValidateNested({ each: true })
  @Type(() => AttendanceMarkDto)
  @ArrayMaxSize(MAX_MARKED, { message: `Please mark at most ${MAX_MARKED} students at once` })
  @ArrayMinSize(1, { message: 'Please mark at least one student' })
  @IsArray({ message: 'Please mark at least one student' })
  attendance: AttendanceMarkDto[];

  @ApiPropertyOptional({ format: 'uuid', description: "The page's event, when sent: it must be the path's" })
  @IsOptional()
  @IsUUID('all', { message: 'Invalid event id' })
  eventId?: string;
}

/** `POST /admin/tickets/:code/check-in`: which of the ticket's holders arrived; all of them when left out. */
export class CheckInDto {
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: MAX_MARKED, description: 'The holders who arrived; without it, every holder' })
  @IsOptional()
  @IsUUID('all', { each: true, message: 'Invalid user id' })
  @ArrayMaxSize(MAX_MARKED, { message: `Please check in at most ${MAX_MARKED} students at once` })
  @ArrayMinSize(1, { message: 'Please choose at least one student' })
  @IsArray({ message: 'Please choose at least one student' })
  userIds?: string[];
}
