import { BadRequestException, Controller, Get, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../common/access.decorators.js';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { EventEnvelope, EventListEnvelope } from './event.response.js';
import { EventsService } from './events.service.js';

const eventId = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('Invalid event id') });

@ApiTags('events')
@Public()
@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
  @ApiOperation({ summary: 'Every event of the festival with its seat counts' })
  @ApiOkResponse({ type: EventListEnvelope })
  async list(@CurrentUser() viewer: SessionUser | undefined, @Res() response: Response): Promise<void> {
    if (!viewer) {
      const { body, etag } = await this.events.visitorsListBody();
      // With the tag set, Express answers 304 to a matching If-None-Match instead of hashing again.
      response.type('application/json').setHeader('ETag', etag);
      response.send(body);
      return;
    }
    const envelope: EventListEnvelope = { success: true, events: await this.events.list(viewer) };
    response.json(envelope);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One event with its seat counts' })
  @ApiOkResponse({ type: EventEnvelope })
  @ApiBadRequestResponse({ description: 'Invalid event id' })
  @ApiNotFoundResponse({ description: 'Event not found' })
  async get(@Param('id', eventId) id: string, @CurrentUser() viewer: SessionUser | undefined): Promise<EventEnvelope> {
    return { success: true, event: await this.events.get(id, viewer) };
  }
}
