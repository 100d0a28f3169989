import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminsOnly, SignedIn } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { SendMessageDto } from './messages.dto.js';
import { EventMessageResponse, MessageAudienceCounts, StudentMessageResponse } from './messages.response.js';
import { MessagesService } from './messages.service.js';

const OWN_CLUB_ERRORS = { 403: "Another club's event.", 404: 'Event not found' };

/** Organisers writing to an event's people: its club's admins and the super admin. */
@ApiTags('admin')
@AdminsOnly()
@Controller('admin')
export class EventMessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get('events/:id/messages')
  @ApiOperation({ summary: "The event's messages", description: 'The messages sent to its people, newest first, and how many each audience reaches now.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'The messages and the audiences.',
    payload: { messages: [EventMessageResponse], audience: MessageAudienceCounts },
    errors: { 400: 'Invalid event id', ...OWN_CLUB_ERRORS },
  })
  async list(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuid('event')) id: string,
  ): Promise<SuccessEnvelope<{ messages: EventMessageResponse[]; audience: MessageAudienceCounts }>> {
    return { success: true, ...(await this.messages.ofEvent(admin, id)) };
  }

  @Post('events/:id/messages')
  @ApiOperation({
    summary: "Write to the event's people",
    description:
      'E-mailed to each student of the audience and kept in their notifications; audited. At most 3 messages an hour per event, counted once the sender is known to run it.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    status: 201,
    description: 'Sent.',
    message: true,
    payload: { sent: EventMessageResponse },
    errors: {
      400: 'A field breaks its rule, or: Nobody is in that audience yet.',
      ...OWN_CLUB_ERRORS,
      409: 'The event belongs to a festival that has ended.',
      429: 'Too many messages for this event; the message says how long to wait.',
    },
  })
  async send(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuid('event')) id: string,
    @Body() body: SendMessageDto,
  ): Promise<SuccessEnvelope<{ sent: EventMessageResponse }>> {
    return { success: true, ...(await this.messages.send(admin, id, body)) };
  }
}

/** A signed-in person's messages from the organisers of the events they hold a place in or wait for. */
@ApiTags('users')
@SignedIn()
@Controller('user')
export class UserMessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get('messages')
  @ApiOperation({ summary: 'My messages from organisers', description: 'The newest 50 sent to the caller; none for an admin, who is sent none.' })
  @ApiEnvelope({ description: 'The messages, newest first.', payload: { messages: [StudentMessageResponse] } })
  async mine(@CurrentUser() user: SessionUser): Promise<SuccessEnvelope<{ messages: StudentMessageResponse[] }>> {
    return { success: true, messages: await this.messages.toStudent(user) };
  }
}
