import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { refusing, SingleSpaced } from '../common/fields.js';
import { HIDDEN_CHARACTER, READS_AS_LINK } from '../common/plain-text.js';
import { MESSAGE_AUDIENCES, type MessageAudience } from '../database/schema/event-messages.js';

const SUBJECT_MAX = 120;
const BODY_MAX = 2000;
const NO_LINKS = "Messages carry no links: put them on the event's page";

/** Invisible characters but the line breaks a message is written in. */
const HIDDEN_BUT_LINE_BREAKS = new RegExp(`(?![\\n])${HIDDEN_CHARACTER.source}`, 'u');

// class-validator checks a property's rules from the bottom up and reports the first failure,
// so each property lists its rules from the most specific (top) to "required" (bottom).

/** What an organiser writes to an event's people: plain text, no links (a club's message is no way to phish its students). */
export class SendMessageDto {
  @ApiProperty({ enum: MESSAGE_AUDIENCES, description: 'registrants: the students holding a place; waitlist: those in its line; everyone: both' })
  @IsIn(MESSAGE_AUDIENCES, { message: 'Please choose who receives it' })
  @IsNotEmpty({ message: 'Please choose who receives it' })
  audience: MessageAudience;

  @ApiProperty({ maxLength: SUBJECT_MAX })
  @refusing('noLink', READS_AS_LINK, NO_LINKS)
  @refusing('noHiddenCharacter', HIDDEN_CHARACTER, 'The subject cannot contain invisible characters')
  @MaxLength(SUBJECT_MAX, { message: `A subject has at most ${SUBJECT_MAX} characters` })
  @IsNotEmpty({ message: 'Please enter a subject' })
  @IsString({ message: 'Please enter a subject' })
  @SingleSpaced()
  subject: string;

  @ApiProperty({ maxLength: BODY_MAX, description: 'Plain text; line breaks are kept' })
  @refusing('noLink', READS_AS_LINK, NO_LINKS)
  @refusing('noHiddenCharacter', HIDDEN_BUT_LINE_BREAKS, 'The message cannot contain invisible characters')
  @MaxLength(BODY_MAX, { message: `A message has at most ${BODY_MAX.toLocaleString('en-IN')} characters` })
  @IsNotEmpty({ message: 'Please write the message' })
  @IsString({ message: 'Please write the message' })
  // One kind of line break, no spaces at the ends: what the student reads is what was meant.
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : value))
  body: string;
}
