import { ApiProperty } from '@nestjs/swagger';
import { MESSAGE_AUDIENCES, type MessageAudience } from '../database/schema/event-messages.js';

/** A message as its event's organisers see it among those sent. */
export class EventMessageResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() subject: string;
  @ApiProperty({ description: 'Plain text with its line breaks' }) body: string;
  @ApiProperty({ enum: MESSAGE_AUDIENCES }) audience: MessageAudience;
  @ApiProperty({ minimum: 1, description: 'How many people it went to' }) recipients: number;
  @ApiProperty({ format: 'date-time' }) sentAt: string;
  @ApiProperty({ description: "The sender's name" }) sentBy: string;
}

/** How many people each audience reaches now (a student in both counted once in `everyone`). */
export class MessageAudienceCounts {
  @ApiProperty({ minimum: 0, description: 'Students holding a place, pending or approved; each member of a team' }) registrants: number;
  @ApiProperty({ minimum: 0, description: "Students in the event's line; each member of a team in it" }) waitlist: number;
  @ApiProperty({ minimum: 0 }) everyone: number;
}

/** A message as a student reads it in their notifications. */
export class StudentMessageResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) eventId: string;
  @ApiProperty() eventName: string;
  @ApiProperty({ type: String, nullable: true }) clubInCharge: string | null;
  @ApiProperty() subject: string;
  @ApiProperty() body: string;
  @ApiProperty({ format: 'date-time' }) sentAt: string;
}
