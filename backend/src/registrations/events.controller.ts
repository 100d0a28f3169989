import { BadRequestException, Controller, Get, Headers, HttpStatus, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { sendSharedBody } from '../common/shared-body.js';
import { EventResponse } from '../events/event.response.js';
import { EventsService, type Viewer } from '../events/events.service.js';
import { RegistrationsService } from './registrations.service.js';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const eventId = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('Invalid event id') });

/** What the list needs of its answer, which it writes itself: the shared bytes go out as they are. */
interface ListReply {
  status(code: number): this;
  header(name: string, value: string): this;
  send(body?: Buffer): unknown;
}

/**
 * The event routes. They live here, not in events/, because a signed-in student's answer joins
 * the events with that student's own registrations, which this module owns; events/ stays
 * below registrations and knows nothing of them.
 */
@ApiTags('events')
@Public()
@Controller('events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Every event of the festival with its seat counts',
    description:
      "Open to everyone. A visitor's list is shared and carries an ETag (If-None-Match answers 304); " +
      "a signed-in student's list also says which events they registered for.",
  })
  @ApiEnvelope({ description: 'The events.', payload: { events: [EventResponse] } })
  async list(
    @CurrentUser() viewer: SessionUser | undefined,
    @Headers('if-none-match') cachedTags: string | undefined,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res() reply: ListReply,
  ): Promise<void> {
    if (!viewer) {
      const { body, etag } = await this.events.visitorsListBody();
      reply.header('ETag', etag);
      // Compressed once per period for every visitor, not once per request.
      if (matchesTag(cachedTags, etag)) reply.header('Vary', 'Accept-Encoding').status(HttpStatus.NOT_MODIFIED).send();
      else await sendSharedBody(reply, acceptEncoding, body);
      return;
    }
    // Compressed by @fastify/compress in one call (its syncThreshold, configure-app.ts). The list
    // varies with Accept-Encoding either way; spelt as the plugin spells it, so it is not added twice.
    reply
      .header('Content-Type', JSON_CONTENT_TYPE)
      .header('Vary', 'accept-encoding')
      .send(await this.events.viewersListBody(this.viewer(viewer)));
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One event with its seat counts',
    description: 'Open to everyone; a signed-in student also sees their own registration for it.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: "The event's id" })
  @ApiEnvelope({ description: 'The event.', payload: { event: EventResponse }, errors: { 400: 'Invalid event id (not a UUID).', 404: 'Event not found' } })
  async get(@Param('id', eventId) id: string, @CurrentUser() viewer: SessionUser | undefined): Promise<SuccessEnvelope<{ event: EventResponse }>> {
    return { success: true, event: await this.events.get(id, viewer && this.viewer(viewer)) };
  }

  private async viewer(user: SessionUser): Promise<Viewer> {
    return { userId: user.id, participation: await this.registrations.participationOf(user) };
  }
}

/** Whether an If-None-Match header names this entity tag (weakly compared, as for a GET). */
function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
