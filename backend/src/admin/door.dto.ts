import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { SingleSpaced } from '../common/fields.js';

// class-validator reports the first failure from the bottom up: each property lists its most
// specific rule first and "required" last.

/** The most scans one sync carries: a door that was offline for a large event's whole entry sends them in a few (the input guard counts 2,000 values a request). */
export const MAX_SCANS_PER_SYNC = 300;
/** A team's members a scan may name: more than any team holds. */
const MAX_HOLDERS = 50;

/** One scan as the door recorded it. */
class DoorScanDto {
  @ApiProperty({ format: 'uuid', description: 'Made by the door when it scanned: a scan sent again with it is a replay and changes nothing' })
  @IsUUID('all', { message: 'Invalid scan id' })
  @IsNotEmpty({ message: 'Every scan needs its id' })
  id: string;

  @ApiProperty({ maxLength: 200, description: 'What the door read: a ticket code, or whatever else the QR held' })
  @MaxLength(200, { message: 'A scanned code must be at most 200 characters' })
  @IsString({ message: 'Every scan needs the code it read' })
  @IsNotEmpty({ message: 'Every scan needs the code it read' })
  code: string;

  @ApiProperty({ format: 'date-time', description: "When the door scanned it, by the door's clock (a time after the sync reached the server counts as then)" })
  @IsISO8601({ strict: true }, { message: 'A scan time must be a date and time' })
  @IsNotEmpty({ message: 'Every scan needs its time' })
  scannedAt: string;

  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: MAX_HOLDERS, description: "A team's members ticked at the door; without it, every holder" })
  @IsOptional()
  @IsUUID('all', { each: true, message: 'Invalid user id' })
  @ArrayMaxSize(MAX_HOLDERS, { message: `A scan names at most ${MAX_HOLDERS} students` })
  @ArrayMinSize(1, { message: 'A scan that names students names at least one' })
  @IsArray({ message: 'A scan that names students names at least one' })
  holderIds?: string[];
}

/** `POST /admin/events/:id/door-scans`: the scans a door recorded, sent when it has the network. */
export class DoorScansDto {
  @ApiProperty({ maxLength: 40, description: 'The name the admin gave this door, said to the other doors of its admissions' })
  @SingleSpaced()
  @MaxLength(40, { message: "The door's name must be at most 40 characters" })
  @IsString({ message: 'Please name the door' })
  @IsNotEmpty({ message: 'Please name the door' })
  door: string;

  @ApiProperty({ type: [DoorScanDto], minItems: 1, maxItems: MAX_SCANS_PER_SYNC })
  @ValidateNested({ each: true })
  @Type(() => DoorScanDto)
  @ArrayMaxSize(MAX_SCANS_PER_SYNC, { message: `Please send at most ${MAX_SCANS_PER_SYNC} scans at once` })
  @ArrayMinSize(1, { message: 'Please send at least one scan' })
  @IsArray({ message: 'Please send at least one scan' })
  scans: DoorScanDto[];
}

export type DoorScan = DoorScanDto;
