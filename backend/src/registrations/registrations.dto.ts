import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsUUID } from 'class-validator';

export class SoloRegistrationDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Invalid event id' })
  @IsNotEmpty({ message: 'Please choose an event' })
  eventId: string;

  @ApiProperty({ format: 'uuid', description: "The signed-in student's own id" })
  @IsUUID('all', { message: 'Invalid student id' })
  @IsNotEmpty({ message: 'Student id is required' })
  studentId: string;
}
