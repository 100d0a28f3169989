import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

// class-validator reports the first failure of the stacked rules from the bottom up: "required" last.

/** What confirming a cancellation takes: the event's name, typed as it is shown. */
export const TYPE_THE_NAME = 'Type the event name exactly as shown to confirm.';

export class CancelRegistrationDto {
  @ApiProperty({ maxLength: 200, description: "The event's name, typed to confirm", example: 'Hackathon' })
  @MaxLength(200, { message: TYPE_THE_NAME })
  @IsString({ message: TYPE_THE_NAME })
  @IsNotEmpty({ message: TYPE_THE_NAME })
  eventName: string;
}

export class JoinWaitlistDto {
  @ApiPropertyOptional({ format: 'uuid', description: "Group events: the caller's own complete, unregistered team, which they lead" })
  @IsOptional()
  @IsUUID('all', { message: 'Invalid team id' })
  teamId?: string;
}
